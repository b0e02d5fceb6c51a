import type { Db } from './database';

// The lookup-key index of captured events (migration 0022): (hash of "<kind>:<value>", seq)
// rows for source, event name, userId, anonymousId and messageId, added in the background.

export type KeyKind = 's' | 'n' | 'u' | 'a' | 'm';

const fnv1a = (text: string, seed: number) => {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
};

/** 53-bit hash of a lookup key; collisions are harmless (queries also compare the column). */
export function keyHash(kind: KeyKind, value: string): number {
  const text = `${kind}:${value}`;
  return (fnv1a(text, 0x811c9dc5) & 0x1fffff) * 0x100000000 + fnv1a(text, 0x9747b28c);
}

interface KeyRow {
  seq: number;
  source_id: string;
  event_name: string | null;
  user_id: string | null;
  anonymous_id: string | null;
  message_id: string;
}

export function eventKeys(db: Db) {
  const cursor = db.prepare('SELECT indexed_upto FROM event_key_cursor WHERE id = 1');
  const read = db.prepare('SELECT seq, source_id, event_name, user_id, anonymous_id, message_id FROM captured_events WHERE seq > ? ORDER BY seq LIMIT ?');
  const insert = db.prepare('INSERT OR IGNORE INTO event_keys (h, seq) VALUES (?, ?)');
  const setCursor = db.prepare('UPDATE event_key_cursor SET indexed_upto = ? WHERE id = 1');
  const maxSeq = db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'captured_events'");
  const indexed = () => (cursor.get() as { indexed_upto: number }).indexed_upto;
  const step = db.transaction((limit: number): number => {
    const from = indexed();
    const rows = read.all(from, limit) as KeyRow[];
    for (const row of rows) {
      insert.run(keyHash('s', row.source_id), row.seq);
      if (row.event_name !== null) insert.run(keyHash('n', row.event_name), row.seq);
      if (row.user_id !== null) insert.run(keyHash('u', row.user_id), row.seq);
      if (row.anonymous_id !== null) insert.run(keyHash('a', row.anonymous_id), row.seq);
      insert.run(keyHash('m', row.message_id), row.seq);
    }
    // Past the last row read: also past seqs whose events were deleted before indexing.
    const upto = rows.length < limit ? Math.max(from, ((maxSeq.get() as { seq: number } | undefined)?.seq ?? 0)) : rows[rows.length - 1]!.seq;
    if (upto !== from) setCursor.run(upto);
    return rows.length;
  });
  return {
    /** Last seq whose keys are indexed. */
    indexedUpto: indexed,
    /** Indexes the keys of up to `limit` events after the cursor in one transaction; returns how many. */
    step: (limit: number): number => step(limit),
    /** Removes keys of seqs in [lo, hi] whose events are gone (call inside the deleting transaction). */
    pruneRange(lo: number, hi: number): void {
      db.prepare('DELETE FROM event_keys WHERE seq BETWEEN ? AND ? AND NOT EXISTS (SELECT 1 FROM captured_events e WHERE e.seq = event_keys.seq)').run(lo, hi);
    },
    /** Removes every key up to `hi` (retention deleted every event up to it). */
    pruneUpTo(hi: number): void {
      db.prepare('DELETE FROM event_keys WHERE seq <= ?').run(hi);
    },
  };
}
