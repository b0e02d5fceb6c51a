import type { OutcomeStatus, RunSummary as Summary } from './correlate-results';

export type ResultFilter = 'all' | OutcomeStatus;

/** Counts of the last run; each count filters the results list. */
export function RunSummary({ summary, durationMs, filter, onFilter }: { summary: Summary; durationMs: number; filter: ResultFilter; onFilter: (f: ResultFilter) => void }) {
  const chips: Array<[ResultFilter, string, number]> = [
    ['all', 'In', summary.in],
    ['changed', 'Changed', summary.changed],
    ['unchanged', 'Unchanged', summary.in - summary.changed - summary.split - summary.dropped - summary.errors],
    ['split', 'Split', summary.split],
    ['dropped', 'Dropped', summary.dropped],
    ['error', 'Errors', summary.errors],
  ];
  return (
    <div className="run-summary" data-testid="run-summary" role="group" aria-label="Run summary and result filter">
      {chips.map(([value, label, count]) => (
        <button key={value} type="button" className={`chip chip-${value} ${filter === value ? 'active' : ''}`} aria-pressed={filter === value} onClick={() => onFilter(value)}>
          {label} <strong data-testid={`count-${label.toLowerCase()}`}>{count}</strong>
        </button>
      ))}
      <span className="chip-static">Out <strong data-testid="count-out">{summary.out}</strong></span>
      <span className="muted" data-testid="duration">{durationMs.toFixed(durationMs < 10 ? 1 : 0)} ms</span>
    </div>
  );
}
