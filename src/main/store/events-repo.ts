import type { Db } from './database';

/** One enriched event ready to store: JSON text plus the indexed columns. */
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

/** Filters of the studio's event list and delete-by-filter (all optional, combined with AND). */
export interface EventFilter {
  types?: string[];
  eventName?: string;
  userId?: string;
  anonymousId?: string;
  /** Matches userId or anonymousId. */
  user?: string;
  sourceId?: string;
  messageId?: string;
  /** Inclusive bounds on receivedAt (normalised ISO strings). */
  from?: string;
  to?: string;
  /** Free text: case-insensitive substring of the enriched event's JSON. */
  q?: string;
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

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** WHERE clause (without the keyword) and its parameters for a filter; '1' when empty. */
function whereOf(filter: EventFilter): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (filter.types?.length) {
    parts.push(`type IN (${filter.types.map(() => '?').join(', ')})`);
    params.push(...filter.types);
  }
  const equal = (column: string, value: string | undefined) => {
    if (value === undefined) return;
    parts.push(`${column} = ?`);
    params.push(value);
  };
  equal('event_name', filter.eventName);
  equal('user_id', filter.userId);
  equal('anonymous_id', filter.anonymousId);
  equal('source_id', filter.sourceId);
  equal('message_id', filter.messageId);
  if (filter.user !== undefined) {
    parts.push('(user_id = ? OR anonymous_id = ?)');
    params.push(filter.user, filter.user);
  }
  if (filter.from !== undefined) {
    parts.push('received_at >= ?');
    params.push(filter.from);
  }
  if (filter.to !== undefined) {
    parts.push('received_at <= ?');
    params.push(filter.to);
  }
  if (filter.q !== undefined && filter.q !== '') {
    parts.push("event LIKE ? ESCAPE '\\'");
    params.push(`%${escapeLike(filter.q)}%`);
  }
  return { sql: parts.length ? parts.join(' AND ') : '1', params };
}

/** Captured events: the write path of the event API and the studio's queries. */
export function eventsRepo(db: Db) {
  const insertEvent = db.prepare(
    'INSERT INTO captured_events (source_id, type, event_name, user_id, anonymous_id, message_id, received_at, event) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertRequest = db.prepare(
    'INSERT INTO event_requests (first_seq, last_seq, source_id, call_type, request_ip, received_at, body) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const capture = db.transaction((request: RequestRow, rows: EventRow[]): { firstSeq: number; lastSeq: number } => {
    let last = 0;
    for (const row of rows) {
      last = Number(
        insertEvent.run(request.sourceId, row.type, row.eventName, row.userId, row.anonymousId, row.messageId, request.receivedAt, row.json)
          .lastInsertRowid,
      );
    }
    // One writer and AUTOINCREMENT: the seqs of this transaction are contiguous.
    const first = last - rows.length + 1;
    insertRequest.run(first, last, request.sourceId, request.callType, request.requestIp, request.receivedAt, request.body);
    return { firstSeq: first, lastSeq: last };
  });
  const bySeq = db.prepare('SELECT * FROM captured_events WHERE seq = ?');
  const requestOf = db.prepare('SELECT * FROM event_requests WHERE first_seq <= ? ORDER BY first_seq DESC LIMIT 1');
  const maxSeq = db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'captured_events'");
  const forDestination = db.prepare(
    `SELECT * FROM captured_events
     WHERE seq > ? AND seq <= ? AND source_id IN (SELECT source_id FROM destination_sources WHERE destination_id = ?)
     ORDER BY seq LIMIT ?`,
  );
  const pendingFor = db.prepare(
    `SELECT count(*) AS n FROM captured_events
     WHERE seq > ? AND source_id IN (SELECT source_id FROM destination_sources WHERE destination_id = ?)`,
  );
  const statements = new Map<string, ReturnType<typeof db.prepare<unknown[]>>>();
  const cached = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare<unknown[]>(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  /** Deletes event_requests rows in [lo, hi] whose events are all gone. */
  const pruneRequests = (lo: number, hi: number) =>
    db
      .prepare(
        `DELETE FROM event_requests WHERE last_seq >= ? AND first_seq <= ?
         AND NOT EXISTS (SELECT 1 FROM captured_events e WHERE e.seq BETWEEN event_requests.first_seq AND event_requests.last_seq)`,
      )
      .run(lo, hi);

  return {
    /** Stores one accepted request and its events in one transaction. */
    capture(request: RequestRow, rows: EventRow[]): { firstSeq: number; lastSeq: number } {
      return capture(request, rows);
    },
    /** Highest seq ever assigned (0 when none). */
    maxSeq(): number {
      const row = maxSeq.get() as { seq: number } | undefined;
      return row?.seq ?? 0;
    },
    get(seq: number): StoredEvent | undefined {
      const row = bySeq.get(seq) as EventDbRow | undefined;
      return row && toStored(row);
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
    /** Newest first; `beforeSeq` is the cursor (exclusive). Returns up to `limit` rows. */
    list(filter: EventFilter, limit: number, beforeSeq?: number): StoredEvent[] {
      const where = whereOf(filter);
      const cursor = beforeSeq === undefined ? '' : ' AND seq < ?';
      const sql = `SELECT * FROM captured_events WHERE ${where.sql}${cursor} ORDER BY seq DESC LIMIT ?`;
      const params = beforeSeq === undefined ? [...where.params, limit] : [...where.params, beforeSeq, limit];
      return (cached(sql).all(...params) as EventDbRow[]).map(toStored);
    },
    /** Deletes one event; true when it existed. */
    delete(seq: number): boolean {
      return db.transaction(() => {
        const changes = db.prepare('DELETE FROM captured_events WHERE seq = ?').run(seq).changes;
        if (changes) pruneRequests(seq, seq);
        return changes > 0;
      })();
    },
    /** Deletes every event matching the filter; returns how many. */
    deleteWhere(filter: EventFilter): number {
      const where = whereOf(filter);
      return db.transaction(() => {
        const range = db.prepare(`SELECT min(seq) AS lo, max(seq) AS hi FROM captured_events WHERE ${where.sql}`).get(...where.params) as {
          lo: number | null;
          hi: number | null;
        };
        if (range.lo === null || range.hi === null) return 0;
        const changes = db.prepare(`DELETE FROM captured_events WHERE ${where.sql}`).run(...where.params).changes;
        pruneRequests(range.lo, range.hi);
        return changes;
      })();
    },
    /** Retention: deletes up to `chunk` events received before `cutoff`; returns how many. */
    pruneOlderThan(cutoff: string, chunk: number): number {
      return db.transaction(() => {
        const hi = db
          .prepare('SELECT max(seq) AS hi FROM (SELECT seq FROM captured_events WHERE received_at < ? ORDER BY seq LIMIT ?)')
          .get(cutoff, chunk) as { hi: number | null };
        if (hi.hi === null) return 0;
        const changes = db.prepare('DELETE FROM captured_events WHERE seq <= ? AND received_at < ?').run(hi.hi, cutoff).changes;
        // The events of one request share its receivedAt; a request cut by the chunk goes next time.
        db.prepare('DELETE FROM event_requests WHERE received_at < ? AND last_seq <= ?').run(cutoff, hi.hi);
        return changes;
      })();
    },
    /** Retention: keeps the newest `keep` events, deleting up to `chunk` older ones. */
    pruneBeyond(keep: number, chunk: number): number {
      return db.transaction(() => {
        const edge = db.prepare('SELECT seq FROM captured_events ORDER BY seq DESC LIMIT 1 OFFSET ?').get(keep) as { seq: number } | undefined;
        if (!edge) return 0;
        const lo = db.prepare('SELECT min(seq) AS lo FROM captured_events').get() as { lo: number };
        const hi = Math.min(edge.seq, lo.lo + chunk - 1);
        const changes = db.prepare('DELETE FROM captured_events WHERE seq <= ?').run(hi).changes;
        db.prepare('DELETE FROM event_requests WHERE last_seq <= ?').run(hi);
        pruneRequests(hi, hi);
        return changes;
      })();
    },
    /** Events for a destination's queue: seq in (afterSeq, uptoSeq] from its connected sources. */
    forDestination(destinationId: string, afterSeq: number, uptoSeq: number, limit: number): StoredEvent[] {
      return (forDestination.all(afterSeq, uptoSeq, destinationId, limit) as EventDbRow[]).map(toStored);
    },
    /** How many events wait after `afterSeq` for a destination. */
    pendingFor(destinationId: string, afterSeq: number): number {
      return (pendingFor.get(afterSeq, destinationId) as { n: number }).n;
    },
    count(): number {
      return (db.prepare('SELECT count(*) AS n FROM captured_events').get() as { n: number }).n;
    },
  };
}
export type EventsRepo = ReturnType<typeof eventsRepo>;
