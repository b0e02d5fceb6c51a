import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';

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

/** Editor colours for one theme (no syntax highlighting: highlight.ts, loaded after the editor). */
export function editorColors(name: ThemeName): Extension {
  return name === 'dark' ? dark : light;
}
