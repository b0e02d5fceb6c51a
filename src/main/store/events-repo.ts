import { statementCache, type Db } from './database';
import { attachEventKeys } from './event-keys';
import { lookupKeys, predicates, type EventFilter } from './event-predicates';
import { eventDeletes } from './event-deletes';
import { seqBounds } from './event-seq-bounds';
import { eventCounts, type CountTally } from './event-counts';
import { countsByType } from './event-type-counts';

export type { EventFilter } from './event-predicates';

/** One enriched event ready to store: JSON text plus the filter columns. */
export interface EventRow {
  type: string;
  eventName: string | null;
  userId: string | null;
  anonymousId: string | null;
  messageId: string;
  /** JSON of the enriched event. */
  json: string;
}

/** One accepted request of the event API. */
export interface RequestRow {
  sourceId: string;
  /** The path's call type: identify … merge, or batch. */
  callType: string;
  requestIp: string;
  receivedAt: string;
  body: string;
}

export interface StoredEvent {
  seq: number;
  sourceId: string;
  type: string;
  eventName: string | null;
  userId: string | null;
  anonymousId: string | null;
  messageId: string;
  receivedAt: string;
  event: string;
}

export interface StoredRequest {
  firstSeq: number;
  lastSeq: number;
  sourceId: string;
  callType: string;
  requestIp: string | null;
  receivedAt: string;
  body: string;
}

interface EventDbRow {
  seq: number;
  source_id: string;
  type: string;
  event_name: string | null;
  user_id: string | null;
  anonymous_id: string | null;
  message_id: string;
  received_at: string;
  event: string;
}

const toStored = (r: EventDbRow): StoredEvent => ({
  seq: r.seq,
  sourceId: r.source_id,
  type: r.type,
  eventName: r.event_name,
  userId: r.user_id,
  anonymousId: r.anonymous_id,
  messageId: r.message_id,
  receivedAt: r.received_at,
  event: r.event,
});

/** Captured events: the write path of the event API and the studio's queries. */
export function eventsRepo(db: Db) {
  const keys = attachEventKeys(db);
  const insertEvent = db.prepare(
    'INSERT INTO captured_events (source_id, type, event_name, user_id, anonymous_id, message_id, received_at, event) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertRequest = db.prepare(
    'INSERT INTO event_requests (first_seq, last_seq, source_id, call_type, request_ip, received_at, body) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const counts = eventCounts(db);
  const captureOne = (request: RequestRow, rows: EventRow[], tally: CountTally): { firstSeq: number; lastSeq: number } => {
    let last = 0;
    for (const row of rows) {
      counts.tally(tally, request.sourceId, row.type, request.receivedAt);
      last = Number(
        insertEvent.run(request.sourceId, row.type, row.eventName, row.userId, row.anonymousId, row.messageId, request.receivedAt, row.json)
          .lastInsertRowid,
      );
    }
    // One writer and AUTOINCREMENT: the seqs of this transaction are contiguous.
    const first = last - rows.length + 1;
    insertRequest.run(first, last, request.sourceId, request.callType, request.requestIp, request.receivedAt, request.body);
    return { firstSeq: first, lastSeq: last };
  };
  // The maintained counts (event-counts.ts) are written in the same transaction as the events.
  const capture = db.transaction((request: RequestRow, rows: EventRow[]) => {
    const tally: CountTally = new Map();
    const seqs = captureOne(request, rows, tally);
    counts.flush(tally);
    return seqs;
  });
  const captureMany = db.transaction((requests: { request: RequestRow; rows: EventRow[] }[]) => {
    const tally: CountTally = new Map();
    const seqs = requests.map((r) => captureOne(r.request, r.rows, tally));
    counts.flush(tally);
    return seqs;
  });
  const bySeq = db.prepare('SELECT * FROM captured_events WHERE seq = ?');
  const getMany = db.prepare('SELECT * FROM captured_events WHERE seq IN (SELECT value FROM json_each(?)) ORDER BY seq');
  const requestOf = db.prepare('SELECT * FROM event_requests WHERE first_seq <= ? ORDER BY first_seq DESC LIMIT 1');
  const forDestination = db.prepare(
    `SELECT * FROM captured_events
     WHERE seq > ? AND seq <= ? AND source_id IN (SELECT source_id FROM destination_sources WHERE destination_id = ?)
     ORDER BY seq LIMIT ?`,
  );
  const pendingFor = db.prepare(
    `SELECT count(*) AS n FROM captured_events
     WHERE seq > ? AND source_id IN (SELECT source_id FROM destination_sources WHERE destination_id = ?)`,
  );
  const cached = statementCache(db);
  const { highestSeq, bounds } = seqBounds(db);

  /** Rows (the given columns of `e`) matching a filter, newest first; see `list`. */
  function select(columns: string, filter: EventFilter, limit: number, beforeSeq?: number, offset?: number): unknown[] {
    const [lo, hi] = bounds(filter, beforeSeq);
    if (lo > hi) return [];
    const where = predicates(filter);
    if (offset) {
      // Random access for a virtual table: one query, the column indexes do the filtering.
      const sql = `SELECT ${columns} FROM captured_events e WHERE e.seq BETWEEN ? AND ? AND ${where.sql} ORDER BY e.seq DESC LIMIT ? OFFSET ?`;
      return cached(sql).all(lo, hi, ...where.params, limit, offset);
    }
    const indexed = keys.indexedUpto();
    const out: unknown[] = [];
    const tailLo = Math.max(lo, indexed + 1);
    if (hi >= tailLo) {
      const sql = `SELECT ${columns} FROM captured_events e WHERE e.seq BETWEEN ? AND ? AND ${where.sql} ORDER BY e.seq DESC LIMIT ?`;
      out.push(...cached(sql).all(tailLo, hi, ...where.params, limit));
    }
    const indexedHi = Math.min(hi, indexed);
    if (out.length < limit && lo <= indexedHi) {
      const lookup = lookupKeys(filter);
      const sql = lookup
        ? `SELECT ${columns} FROM keys.event_keys k CROSS JOIN captured_events e ON e.seq = k.seq
           WHERE k.k IN (${lookup.map(() => '?').join(', ')}) AND k.seq BETWEEN ? AND ? AND ${where.sql} ORDER BY k.seq DESC LIMIT ?`
        : `SELECT ${columns} FROM captured_events e WHERE e.seq BETWEEN ? AND ? AND ${where.sql} ORDER BY e.seq DESC LIMIT ?`;
      out.push(...cached(sql).all(...(lookup ?? []), lo, indexedHi, ...where.params, limit - out.length));
    }
    return out;
  }

  return {
    /** Stores one accepted request and its events in one transaction. */
    capture(request: RequestRow, rows: EventRow[]): { firstSeq: number; lastSeq: number } {
      return capture(request, rows);
    },
    /** Stores several accepted requests in one transaction (group commit); all or none. */
    captureMany(requests: { request: RequestRow; rows: EventRow[] }[]): { firstSeq: number; lastSeq: number }[] {
      return captureMany(requests);
    },
    /** Highest seq ever assigned (0 when none). */
    maxSeq: highestSeq,
    get(seq: number): StoredEvent | undefined {
      const row = bySeq.get(seq) as EventDbRow | undefined;
      return row && toStored(row);
    },
    /** The events with these seqs that still exist, in seq order. */
    getMany(seqs: number[]): StoredEvent[] {
      return (getMany.all(JSON.stringify(seqs)) as EventDbRow[]).map(toStored);
    },
    /** The request an event came in with (raw body). */
    requestOf(seq: number): StoredRequest | undefined {
      const r = requestOf.get(seq) as
        | { first_seq: number; last_seq: number; source_id: string; call_type: string; request_ip: string | null; received_at: string; body: string }
        | undefined;
      if (!r || r.last_seq < seq) return undefined;
      return {
        firstSeq: r.first_seq,
        lastSeq: r.last_seq,
        sourceId: r.source_id,
        callType: r.call_type,
        requestIp: r.request_ip,
        receivedAt: r.received_at,
        body: r.body,
      };
    },
    /**
     * Newest first; `beforeSeq` is the cursor (exclusive). Events not yet in the lookup-key
     * index are scanned directly, the rest are found through it.
     */
    list(filter: EventFilter, limit: number, beforeSeq?: number, offset?: number): StoredEvent[] {
      return (select('e.*', filter, limit, beforeSeq, offset) as EventDbRow[]).map(toStored);
    },
    /** The seqs `list` would answer, without loading the events. */
    seqs(filter: EventFilter, limit: number, beforeSeq?: number): number[] {
      return (select('e.seq', filter, limit, beforeSeq) as { seq: number }[]).map((r) => r.seq);
    },
    ...eventDeletes(db, bounds, counts),
    /** Events for a destination's queue: seq in (afterSeq, uptoSeq] from its connected sources. */
    forDestination(destinationId: string, afterSeq: number, uptoSeq: number, limit: number): StoredEvent[] {
      return (forDestination.all(afterSeq, uptoSeq, destinationId, limit) as EventDbRow[]).map(toStored);
    },
    /** How many events wait after `afterSeq` for a destination. */
    pendingFor(destinationId: string, afterSeq: number): number {
      return (pendingFor.get(afterSeq, destinationId) as { n: number }).n;
    },
    /** One lookup-key indexing step on this connection (the maintenance worker does this in the app). */
    indexKeys(limit: number): number {
      return keys.step(limit);
    },
    /** Last seq whose lookup keys are indexed. */
    indexedUpto(): number {
      return keys.indexedUpto();
    },
    /** Matching events per call type (the filter's own type list not applied). */
    countByType: countsByType(db, counts, bounds, highestSeq),
    /** Compares the maintained counts with count(*) of the events; rebuilds them when they differ. */
    checkCounts: () => counts.check(),
    /** How many events are stored (the maintained counts: no scan). */
    count: () => counts.total(),
  };
}
export type EventsRepo = ReturnType<typeof eventsRepo>;
