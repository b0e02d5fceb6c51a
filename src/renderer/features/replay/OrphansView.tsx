import { useState } from 'react';
import type { ReplayRun } from '../../../shared/api/replay';
import type { OrphansPage } from '../../../shared/api/replay-orphans';
import { api } from '../../api/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { plural } from '../../lib/plural';

/**
 * A run's outputs that name no input event (new events of transformBatch), per batch and side:
 * the pipeline delivers them after the batch's other outputs. Read when opened.
 */
export function OrphansView({ run }: { run: ReplayRun }) {
  const count = (run.summary.a.orphans ?? 0) + (run.summary.b?.orphans ?? 0);
  const [page, setPage] = useState<OrphansPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (count === 0) return null;
  const load = () =>
    void api.replayOrphans(run.id, { limit: 20 }).then(setPage, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  return (
    <details className="replay-orphans" onToggle={(e) => (e.currentTarget.open && !page ? load() : undefined)}>
      <summary>
        {plural(count, 'output')} naming no input event (delivered after each batch&apos;s other outputs)
        {run.b && ` · B differs from A in ${plural(run.summary.orphansChanged ?? 0, 'batch', 'batches')}`}
      </summary>
      {error && <ErrorNotice message={error} />}
      {page?.batches.map((batch) => (
        <div key={batch.position} className="orphan-batch">
          <h4>
            Batch from position {batch.position}
            {batch.changed !== null && <span className={`orphan-diff ${batch.changed ? 'differs' : 'same'}`}>{batch.changed ? 'A and B differ' : 'A and B are the same'}</span>}
          </h4>
          <p className="muted">{run.b ? 'A' : run.a.label}</p>
          <pre>{JSON.stringify(batch.a, null, 2)}</pre>
          {batch.b && (
            <>
              <p className="muted">B</p>
              <pre>{JSON.stringify(batch.b, null, 2)}</pre>
            </>
          )}
        </div>
      ))}
      {page && page.batches.length === 20 && <p className="muted">The first 20 batches are shown (GET …/orphans?offset=20 for the next).</p>}
    </details>
  );
}
