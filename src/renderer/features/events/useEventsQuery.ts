import { useCallback, useEffect, useRef, useState } from 'react';
import type { EventFilterQuery, EventTypeCounts } from '../../../shared/api/events';
import { pipelineApi, type StoredEventRow } from '../../api/pipeline';
import { countInSteps } from './count-in-steps';

export const PAGE_SIZE = 100;

export interface EventsQuery {
  /** Matching events in the snapshot (the table's row count). */
  total: number | undefined;
  counts: EventTypeCounts | undefined;
  /** Row at an index, or undefined while its page loads. */
  row(index: number): StoredEventRow | undefined;
  /** Loads the pages covering rows [from, to]. */
  ensure(from: number, to: number): void;
  /** Events captured after the snapshot (shown while the tail is paused). */
  newer: number;
  /** Takes a new snapshot (newest events on top). */
  refresh(): void;
  error: string | undefined;
  /** Bumps when rows change (re-render). */
  version: number;
}

/**
 * Server-side paging of captured events for a virtual table: a snapshot (events up to the
 * newest id when taken) so offsets stay put, pages fetched by offset on demand, counts per
 * type, and a live tail that takes a new snapshot when new events arrive unless `paused`.
 */
export function useEventsQuery(filter: EventFilterQuery | undefined, paused: boolean): EventsQuery {
  const [snapshot, setSnapshot] = useState<{ cursor: string; lastId: number } | undefined>();
  const [counts, setCounts] = useState<EventTypeCounts>();
  const [newer, setNewer] = useState(0);
  const [error, setError] = useState<string>();
  const [version, setVersion] = useState(0);
  const pages = useRef(new Map<number, StoredEventRow[] | 'loading'>());
  const filterKey = JSON.stringify(filter);
  const filterRef = useRef(filter);
  filterRef.current = filter;
  /** Nothing on screen may look like a result of a filter that did not apply. */
  const forget = useCallback(() => {
    pages.current = new Map();
    setSnapshot(undefined);
    setCounts(undefined);
    setNewer(0);
    setVersion((v) => v + 1);
  }, []);

  const generation = useRef(0);
  const take = useCallback(async () => {
    const mine = ++generation.current;
    const filter = filterRef.current;
    if (!filter) {
      // No filter to apply (the page found it invalid): no result to show.
      forget();
      setError(undefined);
      return;
    }
    try {
      // The newest id pins the snapshot; the first page and the counts then load side by side
      // (rows show as soon as the page is there; the total follows with the counts).
      const newest = await pipelineApi.listEvents({}, { limit: 1 });
      const lastId = Number(newest.events[0]?.id ?? 0);
      const cursor = String(lastId + 1);
      const map = new Map<number, StoredEventRow[] | 'loading'>([[0, 'loading']]);
      const first = pipelineApi.listEvents(filter, { limit: PAGE_SIZE, cursor });
      // Settled either way, so a refused filter is one handled error, not also an unhandled rejection.
      // Counts of a slow filter come step by step (newest ids first): shown as they grow.
      let partialShown = false;
      const counted = countInSteps(filter, cursor, (sofar) => {
        if (mine !== generation.current) return false;
        partialShown = true;
        setCounts(sofar);
        return true;
      }).then(
        (c) => ({ counts: c }),
        (e: Error) => ({ error: e }),
      );
      const rows = await first;
      if (mine !== generation.current) return;
      map.set(0, rows.events);
      pages.current = map;
      setSnapshot({ cursor, lastId });
      if (!partialShown) setCounts(rows.next ? undefined : { total: rows.events.length, types: {} });
      setNewer(0);
      setError(undefined);
      setVersion((v) => v + 1);
      const answer = await counted;
      if (mine !== generation.current) return;
      if ('error' in answer) throw answer.error;
      if (answer.counts) setCounts(answer.counts);
    } catch (e) {
      if (mine !== generation.current) return;
      forget();
      setError((e as Error).message);
    }
  }, [forget]);
  useEffect(() => void take(), [filterKey, take]);

  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  useEffect(() => {
    if (!snapshot) return;
    const timer = setInterval(() => {
      void pipelineApi.listEvents({}, { limit: 1 }).then((newest) => {
        const lastId = Number(newest.events[0]?.id ?? 0);
        if (lastId <= snapshot.lastId) return;
        if (pausedRef.current) setNewer(lastId - snapshot.lastId);
        else void take();
      }, () => undefined);
    }, 1000);
    return () => clearInterval(timer);
  }, [snapshot, take]);

  const ensure = useCallback(
    (from: number, to: number) => {
      if (!snapshot) return;
      for (let page = Math.floor(from / PAGE_SIZE); page <= Math.floor(to / PAGE_SIZE); page++) {
        if (pages.current.has(page)) continue;
        pages.current.set(page, 'loading');
        const map = pages.current;
        pipelineApi.listEvents(filterRef.current ?? {}, { limit: PAGE_SIZE, cursor: snapshot.cursor, offset: page * PAGE_SIZE }).then(
          (answer) => {
            if (pages.current !== map) return; // a newer snapshot replaced this one
            map.set(page, answer.events);
            setVersion((v) => v + 1);
          },
          (e: Error) => {
            map.delete(page);
            setError(e.message);
          },
        );
      }
    },
    [snapshot],
  );
  const row = useCallback((index: number) => {
    const page = pages.current.get(Math.floor(index / PAGE_SIZE));
    return page === 'loading' || !page ? undefined : page[index % PAGE_SIZE];
  }, []);
  // Until the counts arrive the table holds the first page (and says more may follow).
  const firstPage = pages.current.get(0);
  // Counts still growing (a slow filter): at least the rows counted so far and the first page.
  const shown = Array.isArray(firstPage) ? firstPage.length : undefined;
  const total = counts && !counts.more ? counts.total : counts ? Math.max(counts.total, shown ?? 0) : shown;
  return { total, counts, row, ensure, newer, refresh: () => void take(), error, version };
}
