import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { debugStore, useDebugStore } from './debug-store';

type Kind = 'plain' | 'conditional' | 'log';

/** Right-click in the breakpoint gutter: a breakpoint, a conditional breakpoint or a logpoint on that line (as in VS Code and Chrome). */
export function BreakpointDialog({ artifactId }: { artifactId: string }) {
  const { editing } = useDebugStore();
  if (!editing || editing.artifactId !== artifactId) return null;
  return <BreakpointForm key={`${editing.artifactId}:${editing.line}`} artifactId={artifactId} line={editing.line} />;
}

function BreakpointForm({ artifactId, line }: { artifactId: string; line: number }) {
  const existing = debugStore.detailsOf(artifactId, line);
  const has = debugStore.breakpointsOf(artifactId).includes(line);
  const [kind, setKind] = useState<Kind>(existing?.logMessage ? 'log' : existing?.condition ? 'conditional' : has ? 'plain' : 'conditional');
  const [text, setText] = useState(existing?.logMessage ?? existing?.condition ?? '');
  const close = () => debugStore.editBreakpointAt(undefined);
  const save = () => debugStore.setBreakpoint(artifactId, line, kind === 'log' ? { logMessage: text } : kind === 'conditional' ? { condition: text } : {});
  return (
    <Dialog
      title={`Breakpoint on line ${line}`}
      onClose={close}
      testId="breakpoint-dialog"
      actions={
        <>
          {has && (
            <button type="button" className="danger secondary" onClick={() => debugStore.setBreakpoint(artifactId, line, 'remove')}>
              Remove
            </button>
          )}
          <button type="button" className="secondary" onClick={close}>
            Cancel
          </button>
          <button type="button" onClick={save} disabled={kind !== 'plain' && !text.trim()}>
            Save
          </button>
        </>
      }
    >
      <label>
        Kind{' '}
        <select value={kind} onChange={(e) => setKind(e.target.value as Kind)} aria-label="Breakpoint kind">
          <option value="plain">Breakpoint: always pause</option>
          <option value="conditional">Conditional breakpoint: pause when the expression is true</option>
          <option value="log">Logpoint: log the expression, do not pause</option>
        </select>
      </label>
      {kind !== 'plain' && (
        <label className="breakpoint-expression">
          {kind === 'log' ? 'Log' : 'Condition'}{' '}
          <input
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && text.trim() && save()}
            aria-label={kind === 'log' ? 'Expression to log' : 'Condition'}
            placeholder={kind === 'log' ? "'total', event.properties.total" : "event.userId === 'u2'"}
            spellCheck={false}
            autoFocus
          />
        </label>
      )}
      <p className="muted small">{kind === 'log' ? 'Each time the line runs, its value goes to the run’s logs (as log() does), per event.' : 'Evaluated where the line is, with its variables in scope.'}</p>
    </Dialog>
  );
}
