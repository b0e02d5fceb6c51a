import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { javascript, javascriptLanguage } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { bracketMatching, foldGutter, foldKeymap, indentOnInput } from '@codemirror/language';
import { linter, lintGutter, lintKeymap, type Diagnostic } from '@codemirror/lint';
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
import { Annotation, Compartment, EditorState, Prec, type Extension } from '@codemirror/state';
import {
  crosshairCursor,
  drawSelection,
  dropCursor,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
  rectangularSelection,
} from '@codemirror/view';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import type { CodeProblem } from './code-analysis';
import { studioCompletions } from './completions';
import type { LibraryInfo } from './library-exports';
import { editorTheme, type ThemeName } from './theme';

/** A problem with its 1-based line and column, as lists show it. */
export interface EditorProblem extends CodeProblem {
  line: number;
  column: number;
}

export interface CodeEditorHandle {
  /** Puts the cursor at a 1-based line and column, scrolls there and focuses the editor. */
  goTo(line: number, column?: number): void;
  focus(): void;
}

export interface CodeEditorProps {
  value: string;
  onChange?: (value: string) => void;
  language: 'javascript' | 'json';
  theme: ThemeName;
  /** Accessible name of the editing area. */
  label: string;
  readOnly?: boolean;
  /** Diagnostics as you type; a new function re-runs them (e.g. when libraries load). */
  lint?: (code: string) => CodeProblem[];
  onProblems?: (problems: EditorProblem[]) => void;
  /** JavaScript: libraries whose import names and exports complete (sandbox globals always do). */
  completionLibraries?: LibraryInfo[];
  onSave?: () => void;
  onRun?: () => void;
  onFormat?: () => void;
  handleRef?: Ref<CodeEditorHandle>;
  className?: string;
  testId?: string;
}

/** Marks transactions that apply a new `value` prop (they do not call onChange). */
const External = Annotation.define<boolean>();

function languageExtension(language: 'javascript' | 'json', libraries?: LibraryInfo[]): Extension {
  if (language === 'json') return json();
  return [javascript(), javascriptLanguage.data.of({ autocomplete: studioCompletions(libraries ?? []) })];
}

function lintExtension(lint: CodeEditorProps['lint'], report: (problems: EditorProblem[]) => void): Extension {
  if (!lint) return [];
  return [
    linter(
      (view): Diagnostic[] => {
        const doc = view.state.doc;
        const problems = lint(doc.toString()).map((p) => {
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

function readOnlyExtension(readOnly: boolean): Extension {
  return EditorState.readOnly.of(readOnly);
}

/**
 * The one CodeMirror wrapper: owns the EditorView; props reconfigure it through compartments.
 * Load it through LazyCodeEditor (React.lazy) so CodeMirror is not in the first bundle.
 */
export default function CodeEditor(props: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const compartments = useRef({
    language: new Compartment(),
    theme: new Compartment(),
    readOnly: new Compartment(),
    lint: new Compartment(),
    label: new Compartment(),
  }).current;

  useEffect(() => {
    const p = latest.current;
    // Unhandled keys fall through to the page (e.g. Mod-s in the events editor saves the code).
    const call = (name: 'onSave' | 'onRun' | 'onFormat') => () => {
      const handler = latest.current[name];
      handler?.();
      return handler !== undefined;
    };
    const state = EditorState.create({
      doc: p.value,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightSpecialChars(),
        history(),
        foldGutter(),
        drawSelection(),
        dropCursor(),
        EditorState.allowMultipleSelections.of(true),
        indentOnInput(),
        bracketMatching(),
        closeBrackets(),
        autocompletion(),
        rectangularSelection(),
        crosshairCursor(),
        highlightActiveLine(),
        highlightSelectionMatches(),
        search({ top: true }),
        Prec.highest(
          keymap.of([
            { key: 'Mod-s', run: call('onSave'), preventDefault: true },
            { key: 'Mod-Enter', run: call('onRun'), preventDefault: true },
            { key: 'Shift-Alt-f', run: call('onFormat'), preventDefault: true },
          ]),
        ),
        keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...searchKeymap, ...historyKeymap, ...foldKeymap, ...completionKeymap, ...lintKeymap, indentWithTab]),
        compartments.language.of(languageExtension(p.language, p.completionLibraries)),
        compartments.theme.of(editorTheme(p.theme)),
        compartments.readOnly.of(readOnlyExtension(p.readOnly ?? false)),
        compartments.lint.of(lintExtension(p.lint, (problems) => latest.current.onProblems?.(problems))),
        compartments.label.of(EditorView.contentAttributes.of({ 'aria-label': p.label })),
        EditorView.updateListener.of((update) => {
          if (!update.docChanged) return;
          if (update.transactions.some((tr) => tr.annotation(External))) return;
          latest.current.onChange?.(update.state.doc.toString());
        }),
      ],
    });
    view.current = new EditorView({ state, parent: host.current! });
    return () => {
      view.current?.destroy();
      view.current = null;
    };
  }, [compartments]);

  const reconfigure = (compartment: Compartment, extension: Extension) => view.current?.dispatch({ effects: compartment.reconfigure(extension) });
  useEffect(() => reconfigure(compartments.language, languageExtension(props.language, props.completionLibraries)), [props.language, props.completionLibraries]);
  useEffect(() => reconfigure(compartments.theme, editorTheme(props.theme)), [props.theme]);
  useEffect(() => reconfigure(compartments.readOnly, readOnlyExtension(props.readOnly ?? false)), [props.readOnly]);
  useEffect(() => reconfigure(compartments.label, EditorView.contentAttributes.of({ 'aria-label': props.label })), [props.label]);
  useEffect(
    () => reconfigure(compartments.lint, lintExtension(props.lint, (problems) => latest.current.onProblems?.(problems))),
    [props.lint],
  );
  useEffect(() => {
    const current = view.current;
    if (!current || current.state.doc.toString() === props.value) return;
    current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: props.value }, annotations: External.of(true) });
  }, [props.value]);

  useImperativeHandle(props.handleRef, () => ({
    goTo(line, column = 1) {
      const current = view.current;
      if (!current) return;
      const doc = current.state.doc;
      const target = doc.line(Math.min(Math.max(1, line), doc.lines));
      const anchor = target.from + Math.min(Math.max(0, column - 1), target.length);
      current.dispatch({ selection: { anchor }, scrollIntoView: true });
      current.focus();
    },
    focus() {
      view.current?.focus();
    },
  }));

  return <div ref={host} className={`code-editor ${props.className ?? ''}`} data-testid={props.testId} />;
}
