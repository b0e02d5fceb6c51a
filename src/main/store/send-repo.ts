import { inTransaction, statementCache, type Db } from './database';
import { redactUrlCredentials } from '../../shared/url-secret';
import { jobRows } from './job-rows';
import { isSealed, type SecretBox } from './secret-box';

export interface SendRow {
  id: string;
  status: string;
  source: string;
  target_kind: 'local' | 'remote';
  url: string;
  write_key: string;
  rate_per_second: number;
  total: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export interface SendEventRow {
  position: number;
  event_seq: number | null;
  /** Imported event JSON, else the captured event's (null when deleted since). */
  event: string | null;
  status: string;
  error: string | null;
  attempts: number;
}

export interface SendOutcomeWrite {
  position: number;
  status: 'accepted' | 'rejected' | 'failed';
  error: string | null;
  attempts: number;
}

/** Send jobs and the status of each of their events. The target's write key is sealed at rest. */
export function sendRepo(db: Db, box: SecretBox) {
  const cached = statementCache(db);
  const { byId, list } = jobRows(db, 'replay_sends');
  const insert = db.prepare(
    `INSERT INTO replay_sends (id, status, source, target_kind, url, write_key, rate_per_second, total, created_at)
     VALUES (@id, 'queued', @source, @target_kind, @url, @write_key, @rate_per_second, @total, @created_at)`,
  );
  const insertEvent = db.prepare("INSERT INTO replay_send_events (send_id, position, event_seq, event, status) VALUES (?, ?, ?, ?, 'pending')");
  const counts = db.prepare('SELECT status, count(*) AS n FROM replay_send_events WHERE send_id = ? GROUP BY status');
  const unsent = db.prepare(
    `SELECT s.position, s.event_seq, COALESCE(s.event, e.event) AS event, s.status, s.error, s.attempts
     FROM replay_send_events s LEFT JOIN captured_events e ON e.seq = s.event_seq
     WHERE s.send_id = ? AND s.status IN ('pending', 'failed') AND s.position > ? ORDER BY s.position LIMIT ?`,
  );
  const update = db.prepare('UPDATE replay_send_events SET status = ?, error = ?, attempts = attempts + ? WHERE send_id = ? AND position = ?');
  const setStatus = db.prepare('UPDATE replay_sends SET status = ?, started_at = COALESCE(?, started_at), finished_at = ? WHERE id = ?');
  const openRow = (row: SendRow | undefined) => row && { ...row, write_key: box.open(row.write_key) };
  return {
    create(send: Omit<SendRow, 'status' | 'started_at' | 'finished_at' | 'total'>, events: { seq: number | null; event: string | null }[]): void {
      inTransaction(db, () => {
        insert.run({ ...send, write_key: box.seal(send.write_key), total: events.length });
        events.forEach((e, i) => insertEvent.run(send.id, i, e.seq, e.event));
      });
    },
    get: (id: string) => openRow(byId.get(id) as SendRow | undefined),
    list: (limit: number) => (list.all(limit) as SendRow[]).map((row) => openRow(row)!),
    /** Seals write keys stored before encryption; returns how many. */
    sealPlain(): number {
      const rows = (db.prepare('SELECT id, write_key FROM replay_sends').all() as Pick<SendRow, 'id' | 'write_key'>[]).filter((r) => !isSealed(r.write_key));
      const seal = db.prepare('UPDATE replay_sends SET write_key = ? WHERE id = ?');
      for (const row of rows) seal.run(box.seal(row.write_key), row.id);
      return rows.length;
    },
    counts(id: string): Record<'pending' | 'accepted' | 'rejected' | 'failed', number> {
      const out = { pending: 0, accepted: 0, rejected: 0, failed: 0 };
      for (const row of counts.all(id) as { status: keyof typeof out; n: number }[]) out[row.status] = row.n;
      return out;
    },
    /** Events still to send (pending or failed), after `afterPosition`. Accepted ones never come back. */
    unsent: (id: string, afterPosition: number, limit: number) => unsent.all(id, afterPosition, limit) as SendEventRow[],
    record(id: string, outcomes: SendOutcomeWrite[]): void {
      inTransaction(db, () => {
        for (const o of outcomes) update.run(o.status, redactUrlCredentials(o.error), o.attempts, id, o.position);
      });
    },
    setStatus(id: string, status: string, options: { startedAt?: string; finishedAt?: string | null } = {}): void {
      setStatus.run(status, options.startedAt ?? null, options.finishedAt ?? null, id);
    },
    interruptAll: (at: string) => db.prepare("UPDATE replay_sends SET status = 'interrupted', finished_at = ? WHERE status IN ('queued', 'running')").run(at).changes,
    remove: (id: string) => db.prepare('DELETE FROM replay_sends WHERE id = ?').run(id).changes > 0,
    results(id: string, status: string | undefined, offset: number, limit: number) {
      const where = status ? 'send_id = ? AND status = ?' : 'send_id = ?';
      const params = status ? [id, status] : [id];
      const rows = cached(`SELECT position, event_seq, status, error, attempts FROM replay_send_events WHERE ${where} ORDER BY position LIMIT ? OFFSET ?`).all(
        ...params,
        limit,
        offset,
      ) as Omit<SendEventRow, 'event'>[];
      const { n } = cached(`SELECT count(*) AS n FROM replay_send_events WHERE ${where}`).get(...params) as { n: number };
      return { rows, total: n };
    },
  };
}
export type SendRepo = ReturnType<typeof sendRepo>;
