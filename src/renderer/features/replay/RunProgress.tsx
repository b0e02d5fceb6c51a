import type { ReplayRun } from '../../../shared/api/replay';

/** Progress bar with done / total, rate and ETA. */
export function RunProgress({ run }: { run: ReplayRun }) {
  const percent = run.total ? Math.round((run.done / run.total) * 100) : 100;
  return (
    <div className="run-progress">
      <progress max={run.total || 1} value={run.done} aria-label={`${run.name}: ${run.done} of ${run.total} events`} />
      <span className="muted">
        {run.done.toLocaleString()} / {run.total.toLocaleString()} ({percent}%)
        {run.rate !== null && ` · ${run.rate.toLocaleString()} events/s`}
        {run.etaSeconds !== null && ` · about ${Math.ceil(run.etaSeconds)} s left`}
      </span>
    </div>
  );
}
