import { defaultHighlightStyle, HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { tags as t } from '@lezer/highlight';

export type ThemeName = 'light' | 'dark';

const base = {
  '&': { height: '100%', fontSize: '13px' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', lineHeight: '1.5' },
  '.cm-gutters': { borderRight: '1px solid var(--border)' },
  '.cm-tooltip.cm-tooltip-autocomplete > ul': { fontFamily: 'ui-monospace, monospace' },
  '.cm-completionInfo': { whiteSpace: 'pre-wrap', maxWidth: '28rem' },
  '.cm-diagnosticText': { whiteSpace: 'pre-wrap' },
};

const light = EditorView.theme(
  {
    ...base,
    '&': { ...base['&'], backgroundColor: '#ffffff', color: '#1d1f24' },
    '.cm-gutters': { ...base['.cm-gutters'], backgroundColor: '#f5f6f8', color: '#6b7280' },
    '.cm-activeLine': { backgroundColor: '#f2f5ff' },
    '.cm-activeLineGutter': { backgroundColor: '#e6ebfb' },
  },
  { dark: false },
);

const dark = EditorView.theme(
  {
    ...base,
    '&': { ...base['&'], backgroundColor: '#1b1e24', color: '#e6e8eb' },
    '.cm-content': { caretColor: '#e6e8eb' },
    '.cm-cursor, .cm-dropCursor': { borderLeftColor: '#e6e8eb' },
    '.cm-gutters': { ...base['.cm-gutters'], backgroundColor: '#1e2128', color: '#8b93a1' },
    '.cm-activeLine': { backgroundColor: '#252a33' },
    '.cm-activeLineGutter': { backgroundColor: '#2a303b' },
    '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: '#33415e' },
    '.cm-panels': { backgroundColor: '#1e2128', color: '#e6e8eb' },
    '.cm-tooltip': { backgroundColor: '#252a33', color: '#e6e8eb', border: '1px solid #3a404c' },
    '.cm-tooltip-autocomplete ul li[aria-selected]': { backgroundColor: '#3a5bd9', color: '#fff' },
    '.cm-searchMatch': { backgroundColor: '#5a4a1a' },
    '.cm-matchingBracket': { backgroundColor: '#3b4d3b', outline: '1px solid #5f7a5f' },
  },
  { dark: true },
);

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

/** Editor colours and syntax highlighting for one theme. */
export function editorTheme(name: ThemeName): Extension {
  return name === 'dark'
    ? [dark, syntaxHighlighting(darkHighlight)]
    : [light, syntaxHighlighting(defaultHighlightStyle, { fallback: true })];
}
