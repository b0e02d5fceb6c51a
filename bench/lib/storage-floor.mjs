// The storage floor of bench/ingest.mjs: for each of the studio's own stored /v1/batch requests,
// parse its body and insert the very rows the studio stored for it (enriched events + the request
// row) in one transaction, into a fresh file with the studio's schema, on this thread.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const Database = createRequire(import.meta.url)('better-sqlite3');

/**
 * The storage floor: for each of the studio's own stored /v1/batch requests, parse its body and
 * insert the very rows the studio stored for it (enriched events + the request row) in one
 * transaction, into a fresh file with the studio's schema, for `seconds`; returns events/s and CPU µs per event.
 */
export function storageFloor(schemaSql, requests, seconds) {
  const dir = mkdtempSync(join(tmpdir(), 'studio-bench-floor-'));
  const db = new Database(join(dir, 'floor.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    for (const sql of schemaSql) db.exec(sql);
    const insertEvent = db.prepare(
      'INSERT INTO captured_events (source_id, type, event_name, user_id, anonymous_id, message_id, received_at, event) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const insertRequest = db.prepare('INSERT INTO event_requests (first_seq, last_seq, source_id, call_type, request_ip, received_at, body) VALUES (?, ?, ?, ?, ?, ?, ?)');
    const store = db.transaction((request, receivedAt) => {
      let last = 0;
      for (const e of request.events) {
        last = Number(insertEvent.run(request.source_id, e.type, e.event_name, e.user_id, e.anonymous_id, e.message_id, receivedAt, e.event).lastInsertRowid);
      }
      insertRequest.run(last - request.events.length + 1, last, request.source_id, 'batch', request.request_ip, receivedAt, request.body);
    });
    let events = 0;
    const started = performance.now();
    const cpu0 = process.cpuUsage();
    for (let i = 0; performance.now() - started < seconds * 1000; i++) {
      const request = requests[i % requests.length];
      JSON.parse(request.body); // the parse the event API does
      store(request, new Date().toISOString());
      events += request.events.length;
    }
    const cpu = process.cpuUsage(cpu0);
    // events/s, and CPU µs per event (this thread's; disturbed less than wall time on a busy machine)
    return { perSecond: events / ((performance.now() - started) / 1000), cpuUsPerEvent: (cpu.user + cpu.system) / events };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

