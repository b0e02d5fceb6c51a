import type { ReplaySource } from '../../shared/api/replay';
import { MAX_REPLAY_EVENTS } from '../../shared/api/replay';
import { valueDeeperThan } from '../collect/json-depth';
import { filterFromQuery } from '../collect/events-service';
import { MAX_JSON_DEPTH } from '../collect/limits';
import { badRequest } from '../errors';
import type { Store } from '../store';
import { describeFilter } from '../../shared/filter-description';

export interface ResolvedInputs {
  description: string;
  events: { seq: number | null; event: string | null }[];
}


const PAGE = 20_000;

/** The events a run goes through, oldest first: captured ids, a filter's matches, or imported events. */
export function resolveSource(store: Store, given: ReplaySource): ResolvedInputs {
  const source = { ...given, kind: given.kind ?? (given.ids ? 'events' : given.events ? 'file' : 'filter') };
  if (source.kind === 'file') {
    if (!source.events?.length) throw badRequest('source.events: send at least one event to import (kind "file")');
    source.events.forEach((e, i) => {
      if (valueDeeperThan(e, MAX_JSON_DEPTH)) throw badRequest(`source.events.${i}: objects and arrays are nested more than ${MAX_JSON_DEPTH} levels deep`);
    });
    return { description: `${source.events.length} imported event${source.events.length === 1 ? '' : 's'}`, events: source.events.map((e) => ({ seq: null, event: JSON.stringify(e) })) };
  }
  if (source.kind === 'events') {
    if (!source.ids?.length) throw badRequest('source.ids: send at least one captured event id (kind "events")');
    const seqs = [...new Set(source.ids.map(Number))].sort((x, y) => x - y);
    const missing = seqs.filter((seq) => !store.events.get(seq));
    if (missing.length) throw badRequest(`source.ids: no captured event with id ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ' …' : ''}`);
    return { description: `${seqs.length} selected event${seqs.length === 1 ? '' : 's'}`, events: seqs.map((seq) => ({ seq, event: null })) };
  }
  const filter = filterFromQuery(source.filter ?? {});
  const limit = source.limit ?? MAX_REPLAY_EVENTS;
  const seqs: number[] = [];
  let before: number | undefined;
  while (seqs.length < limit) {
    const page = store.events.seqs(filter, Math.min(PAGE, limit - seqs.length), before);
    if (page.length === 0) break;
    for (const seq of page) seqs.push(seq);
    before = page[page.length - 1]!;
  }
  if (seqs.length === 0) throw badRequest('source.filter: no captured event matches the filter');
  seqs.reverse();
  const described = describeFilter(source.filter ?? {});
  return {
    description: `${source.limit ? `the newest ${seqs.length}` : seqs.length} captured events${described ? ` matching ${described}` : ''}`,
    events: seqs.map((seq) => ({ seq, event: null })),
  };
}
