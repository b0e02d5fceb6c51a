import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStudioDb } from '../testing/management-support';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { capture, ok, slowCode, trackEvents, waitFor } from '../testing/replay-support';

/** What is stored for a run, read through a second connection: results are per batch (each batch row holds its events'). */
function stored(t: TestStudio, id: string) {
  const db = openStudioDb(t);
  try {
    const one = (sql: string) => (db.prepare(sql).get(id) as { n: number }).n;
    return {
      results: one('SELECT COALESCE(sum(json_array_length(message_ids)), 0) AS n FROM replay_batch_outputs WHERE run_id = ?'),
      batches: one('SELECT count(*) AS n FROM replay_batches WHERE run_id = ?'),
      inputs: one('SELECT count(*) AS n FROM replay_inputs WHERE run_id = ?'),
      maxPosition: one('SELECT COALESCE(MAX(first_position + json_array_length(message_ids)) - 1, -1) AS n FROM replay_batch_outputs WHERE run_id = ?'),
    };
  } finally {
    db.close();
  }
}

/**
 * A loopback endpoint that holds a run's batch while its gate is closed: the code asks it again
 * and again (each request answered "not yet" after a second: fetch never rejects, and gives up
 * after 10 s), so the batch stays in flight (a real await in the isolate, up to the batch's 30 s
 * wall limit) and the run's stored progress stops before it, whatever the machine's speed.
 */
async function gates() {
  const waiting = new Map<string, Set<(go: boolean) => void>>();
  const open = new Set<string>();
  const server: Server = createServer((req, res) => {
    const name = req.url!.slice(1);
    const answer = (go: boolean) => {
      clearTimeout(notYet);
      waiting.get(name)?.delete(answer);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ go }));
    };
    const notYet = setTimeout(() => answer(false), 1000);
    if (open.has(name)) return answer(true);
    waiting.set(name, (waiting.get(name) ?? new Set()).add(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** Code that waits for gate `name` on the event whose properties.i is `at`, returning every event as it is. */
    code: (name: string, at: number) =>
      `export async function transformEvent(event) { if (event.properties.i === ${at}) while ((await fetch('${url}/${name}')).go !== true) {} return event; }`,
    open(name: string): void {
      open.add(name);
      for (const answer of [...(waiting.get(name) ?? [])]) answer(true);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('replay run lifecycle (integration)', () => {
  let t: TestStudio;
  let gate: Awaited<ReturnType<typeof gates>>;
  const TOTAL = 2400; // 12 batches: more than run at once (5 with two lanes: batch-runner.ts), so a cancel leaves some
  const HELD = 400; // the event whose fetch holds the third batch (the first two are stored, those in flight wait for it)
  const start = async (code: string) => ok(t, 'POST', '/studio/api/replay/runs', { source: { kind: 'filter', filter: { event: 'Slow' } }, target: { kind: 'draft', code } });

  beforeAll(async () => {
    t = await startTestStudio();
    gate = await gates();
    // These tests are about the lifecycle, not the time limit: on a loaded machine a batch of
    // slowCode(1) (200 ms of busy wait) can take past the default 4000 ms (isolated-vm times a run
    // on the wall clock while it executes, waits for a core included, and the replay process runs
    // at nice 10), and the whole batch is then stored as failed ("Timed out: ... more than 4000 ms").
    // The gates are on loopback.
    await ok(t, 'PUT', '/studio/api/settings/sandbox', { timeoutMs: 60_000, allowPrivateNetwork: true });
    await capture(t, trackEvents(TOTAL, () => ({ event: 'Slow' })));
  });
  afterAll(async () => {
    await t.close();
    await gate.close();
  });

  it('cancels mid-run: the results so far stay, nothing after', async () => {
    const run = await start(gate.code('cancel', HELD));
    // The run's progress stops at the held batch: it is cancelled there, with batches in flight.
    await waitFor(t, run.id, (r) => r.done === HELD);
    const cancelled = await ok(t, 'POST', `/studio/api/replay/runs/${run.id}/cancel`);
    expect(cancelled.status).toBe('running');
    gate.open('cancel');
    const after = await waitFor(t, run.id);
    expect(after.status).toBe('cancelled');
    expect(after.done).toBeGreaterThan(HELD); // the batches in flight were stored
    expect(after.done).toBeLessThan(TOTAL);
    const rows = stored(t, run.id);
    expect(rows.results).toBe(after.done);
    expect(rows.maxPosition).toBe(after.done - 1);
    // A cancelled run can be resumed where it stopped.
    await ok(t, 'POST', `/studio/api/replay/runs/${run.id}/resume`);
    const resumed = await waitFor(t, run.id);
    expect(resumed).toMatchObject({ status: 'done', done: TOTAL, summary: { a: { kept: TOTAL } } });
    expect(stored(t, run.id).results).toBe(TOTAL);
  });

  it('restart mid-run: the run is marked interrupted with whole batches only, then resumed or discarded', async () => {
    // Held on a gate: the studio restarts with the progress at HELD and batches in flight, the held
    // one never answering. Closing does not wait for them (it did, up to the batch's time limit:
    // 30 s of wall time for a batch awaiting fetch, so this test timed out).
    const first = await start(gate.code('restart', HELD));
    const second = await start(slowCode(1)); // queued behind the first
    await waitFor(t, first.id, (r) => r.done === HELD);
    t = await t.restart();
    const interrupted = await ok(t, 'GET', `/studio/api/replay/runs/${first.id}`);
    expect(interrupted.status).toBe('interrupted');
    expect(interrupted.done).toBe(HELD); // whole batches, none after the held one
    const rows = stored(t, first.id);
    expect(rows).toEqual({ results: interrupted.done, batches: interrupted.done / 200, inputs: TOTAL, maxPosition: interrupted.done - 1 });
    expect((await ok(t, 'GET', `/studio/api/replay/runs/${second.id}`)).status).toBe('interrupted');

    gate.open('restart');
    await ok(t, 'POST', `/studio/api/replay/runs/${first.id}/resume`);
    const resumed = await waitFor(t, first.id);
    expect(resumed).toMatchObject({ status: 'done', done: TOTAL, summary: { a: { kept: TOTAL, failed: 0 } } });
    expect(stored(t, first.id)).toEqual({ results: TOTAL, batches: TOTAL / 200, inputs: TOTAL, maxPosition: TOTAL - 1 });

    expect(await ok(t, 'DELETE', `/studio/api/replay/runs/${second.id}`)).toEqual({ success: true });
    expect((await t.call('GET', `/studio/api/replay/runs/${second.id}`)).status).toBe(404);
    expect(stored(t, second.id)).toEqual({ results: 0, batches: 0, inputs: 0, maxPosition: -1 });
  });

  it('refuses to delete a running run until it is cancelled', async () => {
    const run = await start(gate.code('delete', HELD));
    await waitFor(t, run.id, (r) => r.done === HELD); // running, and held there
    expect((await t.call('DELETE', `/studio/api/replay/runs/${run.id}`)).status).toBe(409);
    await ok(t, 'POST', `/studio/api/replay/runs/${run.id}/cancel`);
    gate.open('delete');
    expect((await waitFor(t, run.id)).status).toBe('cancelled');
    expect(await ok(t, 'DELETE', `/studio/api/replay/runs/${run.id}`)).toEqual({ success: true });
  });

  it('saves versions, captures events and changes settings while replays store their batches', async () => {
    // The core is the database's one writer: the replay's batches (run in a sandbox process,
    // stored by the core) and the API's writes take turns: none fails as "locked".
    const replay = () => ok(t, 'POST', '/studio/api/replay/runs', { source: { kind: 'filter', filter: {} }, target: { kind: 'draft', code: 'export function transformEvent(e) { return e; }' } });
    const created = await ok(t, 'POST', '/transformations', { name: 'Saved during a replay', code: 'export function transformEvent(e) { return e; }' });
    let run = await replay();
    const runs = [run];
    // At least 120 rounds, and on until two replays have ended while writing (more rounds on a
    // machine where replays are slow next to the core's answers; 1000 at most).
    for (let i = 0; i < 120 || (runs.length <= 2 && i < 1000); i++) {
      await ok(t, 'POST', `/transformations/${created.id}`, { code: `export function transformEvent(e) { return e; } // ${i}` });
      await capture(t, trackEvents(2, () => ({ event: 'During' })));
      await ok(t, 'PUT', '/studio/api/settings/sandbox', { timeoutMs: 4000 + i });
      if (!['queued', 'running'].includes((await ok(t, 'GET', `/studio/api/replay/runs/${run.id}`)).status)) runs.push((run = await replay()));
    }
    expect(runs.length).toBeGreaterThan(2);
    for (const r of runs) expect(await waitFor(t, r.id)).toMatchObject({ status: 'done' });
  }, 120_000);
});
