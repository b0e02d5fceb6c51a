import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
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
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { CodeProblem } from './code-analysis';
import type { EditorProblem } from './editor-extras';
import { debugExtension, type DebugMarks } from './debug-gutter';
import type { LibraryInfo } from './library-exports';
import type { EventFields } from './event-schema/event-fields';
import { editorColors, type ThemeName } from './theme';
import { codeMirrorKeys } from '../hooks/keymap';

export type { EditorProblem } from './editor-extras';

// Editor first: this chunk holds what typing needs (CodeMirror's state, view and commands); the
// language, highlighting, completion, search and lint come from editor-extras.ts, loaded once the
// editor is on screen (loadEditorExtras) and applied through compartments when they arrive.
type Extras = typeof import('./editor-extras');
let extrasLoading: Promise<Extras> | undefined;
/** Starts loading the editor's extras (once): when an editor is first on screen. */
export const loadEditorExtras = (): Promise<Extras> => (extrasLoading ??= import('./editor-extras'));

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
  lint?: (code: string) => CodeProblem[] | Promise<CodeProblem[]>;
  onProblems?: (problems: EditorProblem[]) => void;
  /** JavaScript: libraries whose import names and exports complete (sandbox globals always do). */
  completionLibraries?: LibraryInfo[];
  /** JavaScript: the learned schema of captured events (completion after `event.`, hover). */
  eventFields?: EventFields;
  onSave?: () => void;
  onRun?: () => void;
  onFormat?: () => void;
  handleRef?: Ref<CodeEditorHandle>;
  className?: string;
  testId?: string;
  /** Breakpoints, the paused line and line heat (debugger and profiler). */
  debug?: DebugMarks;
}

/** Records `inputs` for `compartment` and says whether they differ from the last ones recorded. */
function changed(configured: Map<Compartment, unknown[]>, compartment: Compartment, inputs: unknown[]): boolean {
  const last = configured.get(compartment);
  if (last && last.length === inputs.length && last.every((input, i) => Object.is(input, inputs[i]))) return false;
  configured.set(compartment, inputs);
  return true;
}

/** Marks transactions that apply a new `value` prop (they do not call onChange). */
const External = Annotation.define<boolean>();

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
    highlight: new Compartment(),
    editing: new Compartment(),
    readOnly: new Compartment(),
    lint: new Compartment(),
    label: new Compartment(),
    eventSchema: new Compartment(),
    debug: new Compartment(),
  }).current;
  const [extras, setExtras] = useState<Extras>();
  // The inputs each compartment was last configured from (set when the view is made).
  const configured = useRef(new Map<Compartment, unknown[]>());
  useEffect(() => {
    let live = true;
    void loadEditorExtras().then((loaded) => live && setExtras(() => loaded));
    return () => {
      live = false;
    };
  }, []);

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
        drawSelection(),
        dropCursor(),
        EditorState.allowMultipleSelections.of(true),
        rectangularSelection(),
        crosshairCursor(),
        highlightActiveLine(),
        Prec.highest(
          keymap.of([
            ...codeMirrorKeys('save').map((key) => ({ key, run: call('onSave'), preventDefault: true })),
            ...codeMirrorKeys('run').map((key) => ({ key, run: call('onRun'), preventDefault: true })),
            ...codeMirrorKeys('format').map((key) => ({ key, run: call('onFormat'), preventDefault: true })),
          ]),
        ),
        // Extras' keys (brackets, search, folding, completion, lint) go before the defaults, as they did.
        compartments.editing.of([]),
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        compartments.language.of([]),
        compartments.theme.of(editorColors(p.theme)),
        compartments.highlight.of([]),
        compartments.readOnly.of(readOnlyExtension(p.readOnly ?? false)),
        compartments.lint.of([]),
        compartments.label.of(EditorView.contentAttributes.of({ 'aria-label': p.label })),
        compartments.eventSchema.of([]),
        compartments.debug.of(debugExtension(p.debug)),
        EditorView.updateListener.of((update) => {
          if (!update.docChanged) return;
          if (update.transactions.some((tr) => tr.annotation(External))) return;
          latest.current.onChange?.(update.state.doc.toString());
        }),
      ],
    });
    view.current = new EditorView({ state, parent: host.current! });
    configured.current = new Map<Compartment, unknown[]>([
      [compartments.theme, [p.theme]],
      [compartments.readOnly, [p.readOnly ?? false]],
      [compartments.label, [p.label]],
      [compartments.debug, [p.debug]],
    ]);
    return () => {
      view.current?.destroy();
      view.current = null;
    };
  }, [compartments]);

  // Every compartment whose inputs changed is reconfigured in ONE transaction per render (each
  // reconfiguration resolves the whole configuration again: on opening, one per compartment and one
  // per extra took most of the editor's main-thread time in a profile of bench/ui-load.mjs).
  useEffect(() => {
    const current = view.current;
    if (!current) return;
    const wanted: [Compartment, unknown[], () => Extension][] = [
      [compartments.theme, [props.theme], () => editorColors(props.theme)],
      [compartments.readOnly, [props.readOnly ?? false], () => readOnlyExtension(props.readOnly ?? false)],
      [compartments.label, [props.label], () => EditorView.contentAttributes.of({ 'aria-label': props.label })],
      [compartments.debug, [props.debug], () => debugExtension(props.debug)],
    ];
    if (extras) {
      wanted.push(
        [compartments.editing, [extras], () => extras.editingExtras()],
        [compartments.language, [extras, props.language, props.completionLibraries], () => extras.languageExtension(props.language, props.completionLibraries)],
        [compartments.highlight, [extras, props.theme], () => extras.highlightExtension(props.theme)],
        [compartments.eventSchema, [extras], () => extras.eventSchemaExtension(() => latest.current.eventFields)],
        [compartments.lint, [extras, props.lint], () => extras.lintExtension(props.lint, (problems) => latest.current.onProblems?.(problems))],
      );
    }
    const effects = wanted.filter(([compartment, inputs]) => changed(configured.current, compartment, inputs)).map(([compartment, , make]) => compartment.reconfigure(make()));
    if (effects.length > 0) current.dispatch({ effects });
  });
  const pausedLine = props.debug?.currentLine;
  useEffect(() => {
    const current = view.current;
    if (!current || pausedLine === undefined || pausedLine < 1 || pausedLine > current.state.doc.lines) return;
    current.dispatch({ effects: EditorView.scrollIntoView(current.state.doc.line(pausedLine).from, { y: 'center' }) });
  }, [pausedLine]);
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

  return <div ref={host} className={`code-editor ${props.className ?? ''}`} data-testid={props.testId} data-extras={extras ? 'loaded' : 'loading'} />;
}
