import { useMemo, useState } from 'react';
import { VirtualList } from '../../components/VirtualList';
import type { CorrelatedRun } from './correlate-results';
import { ErrorText } from './ErrorText';
import { EventResult, type Expectations, type StackProps } from './EventResult';
import type { ResultFilter } from './RunSummary';
import { eventLabel } from './sample-events';
import { toggled } from '../../lib/toggled';

/** Per-event results (virtualised), plus outputs and errors no single input produced. */
export function ResultsList({ run, filter, stack, logsByEvent, expectations }: { run: CorrelatedRun; filter: ResultFilter; stack: StackProps; logsByEvent?: Map<number, string[]>; expectations?: Expectations }) {
  const [expanded, setExpanded] = useState<Set<number>>(() => new Set(run.outcomes.length <= 3 ? run.outcomes.map((o) => o.index) : []));
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return run.outcomes.filter((o) => {
      if (filter !== 'all' && o.status !== filter) return false;
      return !q || `#${o.index + 1} ${eventLabel(o.input)} ${JSON.stringify(o.input)} ${JSON.stringify(o.outputs)} ${o.errors.join(' ')} ${(logsByEvent?.get(o.index) ?? []).join(' ')}`.toLowerCase().includes(q);
    });
  }, [run, filter, query, logsByEvent]);
  const toggle = (index: number) => setExpanded((set) => toggled(set, index));
  return (
    <div className="results">
      <input type="search" className="list-search" aria-label="Search results" placeholder="Search results (name, any value, error, log)" value={query} onChange={(e) => setQuery(e.target.value)} />
      {run.unmatched.length > 0 && (
        <section className="unmatched" aria-label="Results not traced to one input event">
          <h4>Not traced to one input event</h4>
          {run.unmatched.map((item, i) =>
            item.error !== undefined ? <ErrorText key={i} text={item.error} {...stack} /> : <pre key={i} className="json">{JSON.stringify(item.output, null, 2)}</pre>,
          )}
        </section>
      )}
      {shown.length === 0 ? (
        <p className="muted pad">No events in this group.</p>
      ) : (
        <VirtualList
          items={shown}
          itemKey={(o) => String(o.index)}
          estimateSize={36}
          label="Results per event"
          className="results-list"
          testId="results-list"
          renderItem={(o) => <EventResult outcome={o} logs={logsByEvent?.get(o.index)} expanded={expanded.has(o.index)} onToggle={() => toggle(o.index)} stack={stack} expectations={expectations} />}
        />
      )}
    </div>
  );
}
