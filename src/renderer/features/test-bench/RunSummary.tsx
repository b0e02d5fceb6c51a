import type { OutcomeStatus, RunSummary as Summary } from './correlate-results';

export type ResultFilter = 'all' | OutcomeStatus;

/** Counts of the last run; each count filters the results list. */
export function RunSummary({ summary, durationMs, roundTripMs, filter, onFilter }: {
  summary: Summary;
  /** Time in the sandbox (as the server reports it). */
  durationMs: number;
  /** The whole request as this window saw it (HTTP, validation, serialisation included). */
  roundTripMs?: number;
  filter: ResultFilter;
  onFilter: (f: ResultFilter) => void;
}) {
  const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
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
      {/* The two times wrap as one. */}
      <span className="run-times">
        <span className="muted" data-testid="duration" title="Time the run took in the sandbox">{ms(durationMs)}</span>
        {roundTripMs !== undefined && (
          <span className="muted" data-testid="round-trip" title="The whole request: sending the events, validating, running, and reading the answer">
            {' '}· {ms(roundTripMs)} round trip
          </span>
        )}
      </span>
    </div>
  );
}
