import type { Artifact } from '../../api/artifacts';
import { EmptyState } from '../../components/EmptyState';
import { hrefFor } from '../../hooks/routes';
import { ErrorText } from '../test-bench';
import type { DependentResult } from './useDependentTests';
import './libraries.css';

export interface UsedByPanelProps {
  importName: string;
  dependents: Artifact[];
  results?: DependentResult[];
  running: boolean;
  /** True when the results were made with other code than what is in the editor now. */
  stale: boolean;
  onRun: () => void;
  onJump: (line: number, column: number) => void;
}

/** Transformations importing this library, and their tests run against the unsaved library code. */
export function UsedByPanel({ importName, dependents, results, running, stale, onRun, onJump }: UsedByPanelProps) {
  if (dependents.length === 0) {
    return (
      <EmptyState title="No transformation imports this library">
        Import it with <code>{`import { … } from '${importName}';`}</code> in a transformation.
      </EmptyState>
    );
  }
  const failed = results?.filter((r) => !r.passed).length ?? 0;
  // Of those, the ones whose failure is this edit's (an event that passed with the saved library fails now).
  const byEdit = results?.filter((r) => !r.passed && r.newlyFailing > 0).length ?? 0;
  return (
    <section className="used-by" aria-label="Used by">
      <div className="bench-toolbar">
        <h3>Used by {dependents.length} transformation{dependents.length === 1 ? '' : 's'}</h3>
        <button type="button" onClick={onRun} disabled={running}>{running ? 'Running…' : 'Test them with this code'}</button>
      </div>
      <p className="muted">Runs each one’s test events (or {10} sample events) with the saved library and with the code in the editor, and reports what the edit changes. Saving runs them too.</p>
      {results && (
        <p role="status" className={failed ? 'error' : 'ok'} data-testid="used-by-summary">
          {failed
            ? `${failed} of ${results.length} fail with this code${byEdit === failed ? '.' : `: ${byEdit ? `${byEdit} with an event that newly fails, ` : ''}${failed - byEdit} by ${failed - byEdit === 1 ? 'its' : 'their'} saved tests (expected outputs or checks).`}`
            : results.some((r) => r.failingBefore > 0)
              ? `This edit breaks none of the ${results.length}; ${results.filter((r) => r.failingBefore > 0).length} already fail with the saved library too.`
              : `All ${results.length} pass with this code.`}
          {stale && ' (The code changed since; run again.)'}
        </p>
      )}
      <ul className="used-by-list" data-testid="used-by-list">
        {dependents.map((t) => {
          const r = results?.find((x) => x.transformation.id === t.id);
          return (
            <li key={t.id} className={r ? (r.passed ? 'passed' : 'failed') : ''}>
              <a href={hrefFor('transformation', t.id)}>{t.name}</a>
              {r && (
                <span className={`badge ${r.passed ? 'badge-published' : 'badge-error'}`}>
                  {r.passed ? 'Passes' : 'Fails'}
                </span>
              )}
              {r && <span className="muted"> {r.eventCount} events from {r.eventsFrom} → {r.outCount} out, {r.errorCount} errors</span>}
              {r?.tests && <span className={r.tests.status === 'failed' ? 'error small' : 'muted small'} data-testid="dependent-tests"> · saved tests: {r.tests.summary}</span>}
              {r && (
                <span className="impact" data-testid="impact">
                  Compared with the saved library: {r.newlyFailing} newly failing · {r.fixed} fixed · {r.outputsChanged} outputs changed
                  {r.failingBefore > 0 ? ` · ${r.failingBefore} failing before too (not this edit)` : ''}
                  {!r.passed && r.newlyFailing === 0 && r.tests?.status === 'failed' ? ' · its saved tests fail on their expected outputs or checks (no event newly fails)' : ''}
                </span>
              )}
              {r?.error && (
                <ErrorText text={r.error} moduleName={t.name} ownLibrary={{ importName, onJump }} transformationHref={hrefFor('transformation', t.id)} />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
