import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { plural } from '../../lib/plural';
import type { TestCaseResult } from '../../../shared/api/test-events';
import { benchRowOf } from './test-events';
import type { SavedTests } from './useSavedTests';

/**
 * "Save as tests" (in the bench's Events menu): add the bench's events to the transformation's
 * tests (append: nothing saved is replaced). More than one new test is asked first; the notice
 * after it offers Undo. Returns the action and its question (to render).
 */
export function useSaveAsTests(tests: SavedTests): { start: () => void; question: ReactNode } {
  const [asking, setAsking] = useState<{ added: number; already: number }>();
  const start = () => {
    const counts = tests.toAdd();
    if (counts && counts.added > 1) setAsking(counts);
    else void tests.save();
  };
  const question = asking && (
    <ConfirmDialog title={`Add ${plural(asking.added, 'saved test')}?`} confirmLabel={`Add ${plural(asking.added, 'test')}`}
      onConfirm={() => { setAsking(undefined); void tests.save(); }} onCancel={() => setAsking(undefined)}>
      <p>
        The bench’s {plural(asking.added, 'new event')} become{asking.added === 1 ? 's' : ''} tests of this transformation: saving and publishing run them.
        {asking.already > 0 && ` ${plural(asking.already, 'event')} ${asking.already === 1 ? 'is' : 'are'} saved already.`} Nothing saved is replaced.
      </p>
    </ConfirmDialog>
  );
  return { start, question };
}

/**
 * Above the results: the transformation's tests, replaced only after a confirmation, and run on
 * the editor's code with the server's runner. That run is the version's status to be; the
 * bench's own run below stays an ad-hoc run.
 */
export function SavedTestsBar({ tests, code, events }: { tests: SavedTests; code: string; events: readonly unknown[] }) {
  const run = tests.lastRunOn(code); // gone once the code or the saved tests changed: never a verdict on other code
  // Errors name a saved test by its saved position; the bench numbers its rows: say both.
  const named = (c: TestCaseResult) => `${c.name}${benchRowOf(events, c.input) ? ` (the bench’s #${benchRowOf(events, c.input)})` : ''}`;
  const firstFailed = run?.cases.find((c) => !c.passed);
  return (
    <div className="saved-tests-bar" role="group" aria-label="Saved tests">
      <span className="muted small" data-testid="saved-tests">
        {tests.saved === undefined ? '' : `${tests.saved.length} saved`}
      </span>
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
      {tests.note && (
        <span className="muted small" role="status" data-testid="saved-tests-note">
          {tests.note}
          {tests.undoAdd && <> <button type="button" className="link" onClick={() => void tests.undoAdd?.()}>Undo</button></>}
        </span>
      )}
      {run && (
        <span className={`small ${run.status === 'failed' ? 'error' : ''}`} data-testid="tests-run" title={run.cases.filter((c) => !c.passed).map((c) => `${named(c)}: ${c.failures.join('; ')}`).join('\n')}>
          Tests on this code: {run.status === 'failed' ? '✗' : run.status === 'passed' ? '✓' : '–'} {run.summary}
          {firstFailed && benchRowOf(events, firstFailed.input) !== undefined && ` (${firstFailed.name} is the bench’s #${benchRowOf(events, firstFailed.input)})`}
        </span>
      )}
    </div>
  );
}
