import { useState } from 'react';
import { jsonEqual } from '../../../shared/field-diff';
import { DiffView } from './DiffView';

/**
 * An event's expectation in the bench: accept the output as expected, or edit the expected
 * outputs as JSON; when they differ, a structural diff of expected → actual. Saving or publishing
 * a version checks it (the server's runner), so what is accepted here is what publish requires.
 */
export function ExpectedOutput({ outputs, expected, onSet }: { outputs: unknown[]; expected: unknown[] | undefined; onSet(expected: unknown[] | undefined): Promise<void> }) {
  const [editing, setEditing] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const matches = expected !== undefined && jsonEqual(expected, outputs);
  const saveEdit = async () => {
    try {
      const value: unknown = JSON.parse(editing ?? '');
      if (!Array.isArray(value) || !value.every((v) => v !== null && typeof v === 'object' && !Array.isArray(v))) throw new Error('write an array of output events ([] = dropped)');
      await onSet(value);
      setEditing(undefined);
      setProblem(undefined);
    } catch (e) {
      setProblem((e as Error).message);
    }
  };
  return (
    <div className="expected-output" data-testid="expected-output">
      <p className="small">
        {expected === undefined ? (
          <span className="muted">No expected output saved for this event.</span>
        ) : matches ? (
          <span className="ok" data-testid="expected-state">Matches the expected output ✓</span>
        ) : (
          <span className="error" data-testid="expected-state">Differs from the expected output ✗</span>
        )}{' '}
        {!matches && (
          <button type="button" className="secondary" onClick={() => void onSet(outputs)}>
            Accept as expected
          </button>
        )}{' '}
        <button type="button" className="link" onClick={() => setEditing(JSON.stringify(expected ?? outputs, null, 2))}>
          Edit expected
        </button>
        {expected !== undefined && (
          <>
            {' '}
            <button type="button" className="link" onClick={() => void onSet(undefined)}>
              Remove expectation
            </button>
          </>
        )}
      </p>
      {expected !== undefined && !matches && !editing && (
        <div data-testid="expected-diff">
          <h5>Expected → this output</h5>
          {expected.length !== outputs.length && <p className="small">Expected {expected.length} output(s), got {outputs.length}.</p>}
          {expected.map((want, i) => i < outputs.length && <DiffView key={i} before={want} after={outputs[i]} />)}
        </div>
      )}
      {editing !== undefined && (
        <div>
          <textarea aria-label="Expected outputs (JSON)" className="code-block" rows={8} value={editing} onChange={(e) => setEditing(e.target.value)} />
          {problem && <p className="error small" role="alert">{problem}</p>}
          <button type="button" onClick={() => void saveEdit()}>Save expected</button>{' '}
          <button type="button" className="secondary" onClick={() => setEditing(undefined)}>Cancel</button>
        </div>
      )}
    </div>
  );
}
