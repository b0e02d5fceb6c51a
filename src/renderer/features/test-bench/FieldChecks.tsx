import { useState } from 'react';
import type { FieldCheck, SavedTestEvent } from '../../../shared/api/test-events';
import { checkFailure, readPath } from '../../../shared/field-checks';
import { CheckEditor, checkText, showValue } from './CheckEditor';

/**
 * An event's field checks in the bench (path equals / exists / absent / matches / type), each
 * shown passing or failing on this output with the value it read; add, edit, remove. They are
 * evaluated as the server's runner does (shared/field-checks), so what fails here fails on save
 * and at publish. A saved test with no expectation says that it only must not throw.
 */
export function FieldChecks({ outputs, test, onSet, onMustNotThrow }: {
  outputs: unknown[];
  /** The event's saved test (undefined: not a saved test). */
  test: SavedTestEvent | undefined;
  onSet(checks: FieldCheck[]): Promise<void>;
  /** Keeps the event as a saved test with no expected outputs or checks. */
  onMustNotThrow(): Promise<void>;
}) {
  /** The index being edited, 'new' for a new check. */
  const [editing, setEditing] = useState<number | 'new'>();
  const checks = test?.checks ?? [];
  const save = async (check: FieldCheck) => {
    await onSet(editing === 'new' || editing === undefined ? [...checks, check] : checks.map((c, i) => (i === editing ? check : c)));
    setEditing(undefined);
  };
  return (
    <div className="field-checks" data-testid="field-checks">
      <h5>Field checks</h5>
      {test && !test.expected && checks.length === 0 && (
        <p className="small muted" data-testid="must-not-throw">
          Must not throw: this saved test has no output check, so it passes when the code does not throw. Accept the output or add a field check to check what it returns.
        </p>
      )}
      {!test && checks.length === 0 && <p className="small muted">No field checks. A check added here makes this event a saved test.</p>}
      {checks.length > 0 && (
        <ul className="field-check-list">
          {checks.map((check, i) => {
            const failure = checkFailure(check, outputs);
            return (
              <li key={i} data-testid="field-check" data-passed={failure === null}>
                <span className={failure === null ? 'ok' : 'error'} aria-label={failure === null ? 'passes' : 'fails'}>{failure === null ? '✓' : '✗'}</span>{' '}
                <code>{checkText(check)}</code>{' '}
                <span className="muted small" title={failure ?? undefined}>· actual: {showValue(readPath(outputs, check.path))}</span>{' '}
                <button type="button" className="link" onClick={() => setEditing(i)} aria-label={`Edit ${checkText(check)}`}>Edit</button>{' '}
                <button type="button" className="link" onClick={() => void onSet(checks.filter((_, j) => j !== i))} aria-label={`Remove ${checkText(check)}`}>Remove</button>
              </li>
            );
          })}
        </ul>
      )}
      {editing !== undefined ? (
        <CheckEditor key={String(editing)} initial={editing === 'new' ? undefined : checks[editing]} outputs={outputs} onSave={save} onCancel={() => setEditing(undefined)} />
      ) : (
        <p className="small">
          <button type="button" className="secondary" onClick={() => setEditing('new')}>Add field check</button>
          {(!test || test.expected || checks.length > 0) && (
            <>
              {' '}
              <button type="button" className="link" onClick={() => void onMustNotThrow()} title="Keep this event as a saved test without expected outputs or checks: it passes when the code does not throw">
                {test ? 'Must not throw only' : 'Save as test: must not throw'}
              </button>
            </>
          )}
        </p>
      )}
    </div>
  );
}
