import { useCallback, useEffect, useState } from 'react';
import type { EventFilterQuery, EventTypeCounts } from '../../../shared/api/events';
import type { CapturedEventDto as CapturedEvent } from '../../../shared/api/pipeline';
import { parseWhereExpression } from '../../../shared/where-expression';
import { ApiError } from '../../api/client';
import { pipelineApi, type Source } from '../../api/pipeline';
import { EmptyState } from '../../components/EmptyState';
import { formatWhen } from '../../lib/format-time';
import { EventFilters } from '../events';
import { SavedFilters } from '../events';
import { EventPickerDialog, type PickerProps } from './EventPickerDialog';

const isEmpty = (f: EventFilterQuery) => Object.values(f).every((v) => v === undefined || v === '');

/**
 * Events the studio captured, found with the Events page's own filter bar (source, types with
 * counts, name, user, time, text, JSON path) and its saved filters, used as test events. What is
 * checked stays checked across searches.
 */
export function CapturedPicker({ onClose, onPick }: PickerProps) {
  const [filter, setFilter] = useState<EventFilterQuery>({});
  const [sources, setSources] = useState<Source[]>([]);
  const [events, setEvents] = useState<CapturedEvent[]>([]);
  const [counts, setCounts] = useState<EventTypeCounts>();
  const [next, setNext] = useState<string | null>();
  const [state, setState] = useState<'loading' | 'ready' | 'unavailable' | 'error'>('loading');
  const [error, setError] = useState<string>();
  const whereCheck = parseWhereExpression(filter.where);

  const load = useCallback(async (applied: EventFilterQuery, cursor?: string) => {
    setState('loading');
    try {
      const page = await pipelineApi.listEvents(applied, { limit: 50, cursor });
      setEvents((list) => (cursor ? [...list, ...page.events] : page.events));
      setNext(page.next ?? null);
      setState('ready');
      setError(undefined);
    } catch (e) {
      if (e instanceof ApiError && e.status === 404 && /no such endpoint/i.test(e.message)) setState('unavailable');
      else {
        setError((e as Error).message);
        setState('error');
      }
    }
  }, []);
  useEffect(() => void pipelineApi.listSources().then((r) => setSources(r.sources), () => undefined), []);
  useEffect(() => {
    if (!whereCheck.ok) return;
    void load(filter);
    setCounts(undefined);
    let stale = false;
    pipelineApi.countEvents(filter).then((c) => !stale && setCounts(c), () => undefined);
    return () => {
      stale = true;
    };
  }, [filter, load, whereCheck.ok]);
  const whereError = !whereCheck.ok ? whereCheck.error : error?.startsWith('where: ') ? error.slice('where: '.length) : undefined;
  return (
    <EventPickerDialog
      title="Captured events"
      testId="captured-picker"
      onClose={onClose}
      onPick={onPick}
      rows={events.map((e) => ({ key: e.id, event: e.event, detail: formatWhen(e.receivedAt) }))}
      footer={
        <>
          {state === 'loading' && <p aria-busy="true">Loading…</p>}
          {next && state === 'ready' && <button type="button" className="secondary" onClick={() => void load(filter, next)}>Load more</button>}
        </>
      }
    >
      <div className="picker-filters">
        <SavedFilters filter={filter} onApply={setFilter} />
        <EventFilters filter={filter} counts={counts} notApplied={whereError !== undefined || state === 'error'} whereError={whereError} sources={sources} onChange={setFilter} onPendingChange={() => undefined} />
      </div>
      {state === 'unavailable' && <EmptyState title="Captured events are not available">This studio server does not offer captured events yet. Use sample events or paste your own.</EmptyState>}
      {state === 'error' && !whereError && <p role="alert" className="error">Could not load captured events: {error}</p>}
      {state !== 'unavailable' && events.length === 0 && state === 'ready' && (
        <EmptyState title={isEmpty(filter) ? 'No captured events yet' : 'No captured event matches'}>
          {isEmpty(filter) ? 'Send events to the event API (/v1/track, /v1/batch …) with a source’s write key; every accepted event appears here.' : 'Change or clear the filters.'}
        </EmptyState>
      )}
    </EventPickerDialog>
  );
}
