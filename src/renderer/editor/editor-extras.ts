import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { javascript, javascriptLanguage } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { bracketMatching, foldGutter, foldKeymap, indentOnInput } from '@codemirror/language';
import { linter, lintGutter, lintKeymap, type Diagnostic } from '@codemirror/lint';
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
import { keymap } from '@codemirror/view';
import type { Extension } from '@codemirror/state';
import type { CodeProblem } from './code-analysis';
import { studioCompletions } from './completions';
import { editorHighlight } from './highlight';
import type { LibraryInfo } from './library-exports';
import type { ThemeName } from './theme';

export { eventSchemaExtension } from './event-schema/event-schema-extension';

// What the editor adds once it already takes typing (CodeEditor.tsx loads this module in
// parallel with itself and applies it through compartments): the language (parser, highlighting,
// folding, brackets), completion (also of captured events' fields), search and lint. The first keystroke needs none of it.

/** A problem with its 1-based line and column, as lists show it. */
export interface EditorProblem extends CodeProblem {
  line: number;
  column: number;
}

/**
 * The keys of the editing helpers. F8 (next problem) is left out: it is the debugger's Continue
 * (hooks/keymap.ts), which must reach the page while the editor has the focus.
 */
export const EXTRA_KEYS = [...closeBracketsKeymap, ...searchKeymap, ...foldKeymap, ...completionKeymap, ...lintKeymap.filter((b) => b.key !== 'F8')];

/** Extensions without props: editing helpers and their keys. */
export function editingExtras(): Extension {
  return [
    foldGutter(),
    indentOnInput(),
    bracketMatching(),
    closeBrackets(),
    autocompletion(),
    highlightSelectionMatches(),
    search({ top: true }),
    keymap.of(EXTRA_KEYS),
  ];
}

export function languageExtension(language: 'javascript' | 'json', libraries?: LibraryInfo[]): Extension {
  if (language === 'json') return json();
  return [javascript(), javascriptLanguage.data.of({ autocomplete: studioCompletions(libraries ?? []) })];
}

export function lintExtension(lint: ((code: string) => CodeProblem[] | Promise<CodeProblem[]>) | undefined, report: (problems: EditorProblem[]) => void): Extension {
  if (!lint) return [];
  return [
    linter(
      async (view): Promise<Diagnostic[]> => {
        const found = await lint(view.state.doc.toString());
        const doc = view.state.doc;
        const problems = found.map((p) => {
          const from = Math.min(p.from, doc.length);
          const line = doc.lineAt(from);
          return { ...p, from, to: Math.min(Math.max(p.to, from), doc.length), line: line.number, column: from - line.from + 1 };
        });
        report(problems);
        return problems.map(({ from, to, severity, message }) => ({ from, to, severity, message }));
      },
      { delay: 250 },
    ),
    lintGutter(),
  ];
}

export function highlightExtension(theme: ThemeName): Extension {
  return editorHighlight(theme);
}
