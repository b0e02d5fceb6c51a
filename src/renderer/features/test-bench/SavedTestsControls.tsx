import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { SavedTests } from './useSavedTests';

/** In the bench toolbar: add the bench's events to the transformation's tests (append: nothing saved is replaced). */
export function SaveAsTestsButton({ tests }: { tests: SavedTests }) {
  return (
    <>
      <button type="button" className="secondary" onClick={() => void tests.save()} disabled={tests.saving} title="Add these events to the transformation's tests (nothing saved is replaced)">
        {tests.saving ? 'Saving…' : 'Save as tests'}
      </button>
      <span className="muted small" data-testid="saved-tests">
        {tests.saved === undefined ? '' : `${tests.saved.length} saved`}
      </span>
    </>
  );
}

/**
 * Above the results: the transformation's tests, replaced only after a confirmation, and run on
 * the editor's code with the server's runner. That run is the version's status to be; the
 * bench's own run below stays an ad-hoc run.
 */
export function SavedTestsBar({ tests, code }: { tests: SavedTests; code: string }) {
  const run = tests.lastRun;
  return (
    <div className="saved-tests-bar" role="group" aria-label="Saved tests">
      <button type="button" className="secondary" onClick={() => void tests.run(code)} disabled={tests.running} title="Run the saved tests on this code, as saving and publishing will">
        {tests.running ? 'Running saved tests…' : 'Run saved tests'}
      </button>
      <button type="button" className="secondary" onClick={() => void tests.replace()} disabled={tests.saving} title="Make the bench's events the transformation's tests (asks first)">
        Replace tests…
      </button>
      {tests.asking && (
        <ConfirmDialog title="Replace the saved tests?" confirmLabel="Replace" danger onConfirm={() => void tests.answer(true)} onCancel={() => void tests.answer(false)}>
          <p>{tests.asking}</p>
        </ConfirmDialog>
      )}
      {tests.note && <span className="muted small" role="status">{tests.note}</span>}
      {run && (
        <span className={`small ${run.status === 'failed' ? 'error' : ''}`} data-testid="tests-run" title={run.cases.filter((c) => !c.passed).map((c) => `${c.name}: ${c.failures.join('; ')}`).join('\n')}>
          Tests on this code: {run.status === 'failed' ? '✗' : run.status === 'passed' ? '✓' : '–'} {run.summary}
        </span>
      )}
    </div>
  );
}
