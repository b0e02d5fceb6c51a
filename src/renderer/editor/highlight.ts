import { defaultHighlightStyle, HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import { tags as t } from '@lezer/highlight';
import { editorColors, type ThemeName } from './theme';

// Syntax highlighting needs @codemirror/language and Lezer: it comes with the editor's extras
// (editor-extras.ts), after the editor already takes typing.

const darkHighlight = HighlightStyle.define([
  { tag: t.keyword, color: '#c792ea' },
  { tag: [t.name, t.deleted, t.character, t.macroName], color: '#e6e8eb' },
  { tag: [t.propertyName], color: '#82aaff' },
  { tag: [t.function(t.variableName), t.labelName], color: '#82aaff' },
  { tag: [t.color, t.constant(t.name), t.standard(t.name)], color: '#f78c6c' },
  { tag: [t.definition(t.name), t.separator], color: '#e6e8eb' },
  { tag: [t.typeName, t.className, t.number, t.changed, t.annotation, t.modifier, t.self, t.namespace], color: '#f78c6c' },
  { tag: [t.operator, t.operatorKeyword, t.url, t.escape, t.regexp, t.special(t.string)], color: '#89ddff' },
  { tag: [t.meta, t.comment], color: '#8b93a1', fontStyle: 'italic' },
  { tag: t.strong, fontWeight: 'bold' },
  { tag: t.emphasis, fontStyle: 'italic' },
  { tag: t.link, textDecoration: 'underline' },
  { tag: [t.atom, t.bool, t.special(t.variableName)], color: '#ff9cac' },
  { tag: [t.processingInstruction, t.string, t.inserted], color: '#c3e88d' },
  { tag: t.invalid, color: '#ff6b6b' },
]);

/** Syntax highlighting for one theme. */
export function editorHighlight(name: ThemeName): Extension {
  return name === 'dark' ? syntaxHighlighting(darkHighlight) : syntaxHighlighting(defaultHighlightStyle, { fallback: true });
}

/** Editor colours and syntax highlighting for one theme. */
export function editorTheme(name: ThemeName): Extension {
  return [editorColors(name), editorHighlight(name)];
}
