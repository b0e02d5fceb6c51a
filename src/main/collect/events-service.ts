import type { TypeCounts } from '../store/event-type-counts';
import { parseWhere } from './where-filter';
import { StudioError, notFound } from '../errors';
import type { Store } from '../store';
import type { EventFilter, StoredEvent } from '../store/events-repo';
import type { EventFilterQuery } from '../../shared/api/events';
import type { CapturedEventDetailDto, CapturedEventDto } from '../../shared/api/pipeline';

export interface EventListQuery extends EventFilter {
  limit?: number;
  /** Skip this many matches after the cursor (random access for virtual tables). */
  offset?: number;
  cursor?: string;
}

const present = (e: StoredEvent): CapturedEventDto => ({
  id: String(e.seq),
  sourceId: e.sourceId,
  type: e.type,
  eventName: e.eventName,
  userId: e.userId,
  anonymousId: e.anonymousId,
  messageId: e.messageId,
  receivedAt: e.receivedAt,
  event: JSON.parse(e.event) as Record<string, unknown>,
});

/** Event ids and cursors are the decimal capture sequence number. */
export function parseSeq(text: string, what: string): number {
  if (!/^\d{1,15}$/.test(text)) throw new StudioError('validation', `${what} must be a captured event id (digits), got ${JSON.stringify(text)}`);
  return Number(text);
}

/** Normalises a time bound to the stored ISO form; throws naming the parameter. */
export function isoBound(value: string | undefined, name: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  // Date.parse also takes "-1", "1.5" or "March 7"; only ISO 8601 (a date first) is meant.
  const ms = /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) throw new StudioError('validation', `${name} must be an ISO 8601 date-time, got ${JSON.stringify(value)}`);
  return new Date(ms).toISOString();
}

/** The events API's query-string filter (type may list several, comma-separated) as a store filter. */
export function filterFromQuery(query: EventFilterQuery): EventFilter {
  const types = query.type
    ?.split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return {
    types: types?.length ? types : undefined,
    eventName: query.event,
    userId: query.userId,
    anonymousId: query.anonymousId,
    user: query.user,
    sourceId: query.sourceId,
    messageId: query.messageId,
    from: isoBound(query.from, 'from'),
    to: isoBound(query.to, 'to'),
    q: query.q || undefined,
    where: parseWhere(query.where),
    seqs: query.ids === undefined ? undefined : query.ids.split(',').filter(Boolean).map((id) => parseSeq(id.trim(), 'ids')),
  };
}

/** Studio API over captured events: list with filters and cursor, read one, delete. */
export function createEventsService(store: Store) {
  return {
    list(query: EventListQuery): { events: CapturedEventDto[]; next: string | null } {
      const limit = query.limit ?? 50;
      const before = query.cursor ? parseSeq(query.cursor, 'cursor') : undefined;
      const rows = store.events.list(query, limit + 1, before, query.offset);
      const page = rows.slice(0, limit);
      return { events: page.map(present), next: rows.length > limit ? String(page[page.length - 1]!.seq) : null };
    },
    get(id: string): CapturedEventDetailDto {
      const seq = parseSeq(id, 'id');
      const row = store.events.get(seq);
      if (!row) throw notFound(`no captured event with id "${id}"`);
      const request = store.events.requestOf(seq);
      return {
        ...present(row),
        request: request ? {
          callType: request.callType,
          requestIp: request.requestIp,
          receivedAt: request.receivedAt,
          body: request.body,
          eventCount: request.lastSeq - request.firstSeq + 1,
        } : null,
      };
    },
    delete(id: string): void {
      if (!store.events.delete(parseSeq(id, 'id'))) throw notFound(`no captured event with id "${id}"`);
    },
    deleteWhere(filter: EventFilter): number {
      return store.events.deleteWhere(filter);
    },
    /** Matching events per call type; with a budget, possibly the newer part only (see `more`). */
    counts(filter: EventFilter, cursor?: string, budgetMs?: number): TypeCounts {
      return store.events.countByType(filter, cursor ? parseSeq(cursor, 'cursor') : undefined, budgetMs);
    },
    /** Every matching event, newest first, page by page (export). */
    *pages(filter: EventFilter, pageSize = 500): Generator<CapturedEventDto[]> {
      let before: number | undefined;
      for (;;) {
        const rows = store.events.list(filter, pageSize, before);
        if (rows.length === 0) return;
        yield rows.map(present);
        if (rows.length < pageSize) return;
        before = rows[rows.length - 1]!.seq;
      }
    },
    /** How many events are stored, the newest id, and how far the lookup-key index has got. */
    stats(): { count: number; lastId: string | null; indexedUpTo: string } {
      const last = store.events.maxSeq();
      return { count: store.events.count(), lastId: last ? String(last) : null, indexedUpTo: String(store.events.indexedUpto()) };
    },
  };
}
export type EventsService = ReturnType<typeof createEventsService>;
