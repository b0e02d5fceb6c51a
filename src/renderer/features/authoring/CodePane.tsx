import { useMemo, useState, type Ref } from 'react';
import type { Kind } from '../../hooks/routes';
import { useTheme } from '../../hooks/useTheme';
import { analyseCode } from '../../editor/code-analysis';
import { inRunWords } from '../../editor/run-syntax';
import { api } from '../../api/client';
import type { CodeEditorHandle, EditorProblem } from '../../editor/CodeEditor';
import type { DebugMarks } from '../../editor/debug-gutter';
import { LazyCodeEditor } from '../../editor/LazyCodeEditor';
import type { LibraryInfo } from '../../editor/library-exports';
import { ProblemsList } from './ProblemsList';
import { eventPathProblems } from '../../editor/event-schema/event-path-lint';
import { scopeSources, scopeText } from '../../editor/event-schema/event-fields';
import { useEventFields } from './useEventFields';
import './authoring.css';

export interface CodePaneProps {
  kind: Kind;
  /** The transformation's id: its connected sources' schema completes event fields. */
  artifactId?: string;
  code: string;
  onChange: (code: string) => void;
  libraries: LibraryInfo[];
  selfImportName?: string;
  editorRef: Ref<CodeEditorHandle>;
  onJump: (line: number, column: number) => void;
  onSave: () => void;
  onRun?: () => void;
  onFormat: () => void;
  /** Breakpoints, the paused line and line heat (debugger and profiler). */
  debug?: DebugMarks;
}

/** The code editor with diagnostics and completion for this kind, and the problems list. */
export function CodePane({ kind, artifactId, code, onChange, libraries, selfImportName, editorRef, onJump, onSave, onRun, onFormat, debug }: CodePaneProps) {
  const theme = useTheme();
  const [problems, setProblems] = useState<EditorProblem[]>([]);
  const others = useMemo(() => libraries.filter((l) => l.importName !== selfImportName), [libraries, selfImportName]);
  const eventFields = useEventFields(kind === 'transformation' ? artifactId : undefined);
  const lint = useMemo(
    () => (text: string) => inRunWords(api.syntaxCheck, text, [...analyseCode(text, { kind, libraries, selfImportName }), ...eventPathProblems(text, eventFields)].sort((a, b) => a.from - b.from)),
    [kind, libraries, selfImportName, eventFields],
  );
  return (
    <div className="code-pane">
      {eventFields && <p className="schema-scope muted" data-testid="schema-scope" title={scopeSources(eventFields)}>{scopeText(eventFields)}</p>}
      <LazyCodeEditor
        value={code}
        onChange={onChange}
        language="javascript"
        theme={theme}
        label={kind === 'transformation' ? 'Transformation code' : 'Library code'}
        lint={lint}
        onProblems={setProblems}
        completionLibraries={others}
        eventFields={eventFields}
        onSave={onSave}
        onRun={onRun}
        onFormat={onFormat}
        handleRef={editorRef}
        className="main-editor"
        testId="code-editor"
        debug={debug}
      />
      <ProblemsList problems={problems} onJump={onJump} />
    </div>
  );
}
