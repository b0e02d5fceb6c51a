import type { EventOutcome } from './correlate-results';
import type { LogGroups } from './log-groups';
import { eventLabel } from './sample-events';

/** A run's log lines: batch-level ones first, then grouped under the event that wrote them. */
export function LogsPanel({ logs, groups, outcomes }: { logs: string[]; groups: LogGroups; outcomes: EventOutcome[] }) {
  const perEvent = [...groups.byEvent.entries()].sort((a, b) => a[0] - b[0]);
  return (
    <details className="logs" open={logs.length > 0} data-testid="logs">
      <summary>
        Logs ({logs.length}){perEvent.length > 0 && ` · ${perEvent.length} event${perEvent.length === 1 ? '' : 's'} logged`}
      </summary>
      {logs.length === 0 && <p className="muted">No log() calls.</p>}
      {groups.batch.length > 0 && (
        <section className="log-group" data-testid="batch-logs" aria-label="Batch logs">
          <h5>{perEvent.length > 0 ? 'Not tied to one event (batch, top level, after await)' : 'Batch'} ({groups.batch.length})</h5>
          <pre>{groups.batch.join('\n')}</pre>
        </section>
      )}
      {perEvent.map(([index, lines]) => {
        const input = outcomes[index]?.input;
        return (
          <section key={index} className="log-group" data-testid="event-log-group" aria-label={`Logs of event ${index + 1}`}>
            <h5>
              #{index + 1} {input ? eventLabel(input) : ''} ({lines.length})
            </h5>
            <pre>{lines.join('\n')}</pre>
          </section>
        );
      })}
    </details>
  );
}
