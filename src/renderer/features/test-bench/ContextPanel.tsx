import type { RunContext } from './useTestBench';

const FIELDS: Array<[keyof RunContext, string]> = [
  ['sourceId', 'Source ID'],
  ['sourceName', 'Source name'],
  ['sourceType', 'Source type'],
  ['destinationId', 'Destination ID'],
  ['destinationName', 'Destination name'],
  ['destinationType', 'Destination type'],
];

/** The source and destination metadata(event) reports in test runs (folded by default). */
export function ContextPanel({ context, onChange }: { context: RunContext; onChange: (context: RunContext) => void }) {
  const set = Object.values(context).filter((v) => v && v.trim() !== '').length;
  return (
    <details className="run-context" data-testid="run-context">
      <summary>Context for metadata() {set > 0 ? <span className="muted">({set} set)</span> : <span className="muted">(none)</span>}</summary>
      <div className="run-context-fields">
        {FIELDS.map(([key, label]) => (
          <label key={key}>
            {label}
            <input value={context[key] ?? ''} maxLength={1000} onChange={(e) => onChange({ ...context, [key]: e.target.value })} />
          </label>
        ))}
      </div>
    </details>
  );
}
