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

describe('replay run lifecycle (integration)', () => {
  let t: TestStudio;
  const TOTAL = 2400; // 12 batches: more than run at once (5 with two lanes: batch-runner.ts), so a cancel leaves some
  const start = async () =>
    ok(t, 'POST', '/studio/api/replay/runs', { source: { kind: 'filter', filter: { event: 'Slow' } }, target: { kind: 'draft', code: slowCode(1) } });

  beforeAll(async () => {
    t = await startTestStudio();
    // These tests are about the lifecycle, not the time limit: on a loaded machine a batch of
    // slowCode(1) (200 ms of busy wait) can take past the default 4000 ms (isolated-vm times a run
    // on the wall clock while it executes, waits for a core included, and the replay process runs
    // at nice 10), and the whole batch is then stored as failed ("Timed out: ... more than 4000 ms").
    await ok(t, 'PUT', '/studio/api/settings/sandbox', { timeoutMs: 60_000 });
    await capture(t, trackEvents(TOTAL, () => ({ event: 'Slow' })));
  });
  afterAll(() => t.close());

  it('cancels mid-run: the results so far stay, nothing after', async () => {
    const run = await start();
    await waitFor(t, run.id, (r) => r.done > 0);
    const cancelled = await ok(t, 'POST', `/studio/api/replay/runs/${run.id}/cancel`);
    expect(['running', 'cancelled']).toContain(cancelled.status);
    const after = await waitFor(t, run.id);
    expect(after.status).toBe('cancelled');
    expect(after.done).toBeGreaterThan(0);
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
    const first = await start();
    const second = await start(); // queued behind the first
    await waitFor(t, first.id, (r) => r.done >= 200);
    t = await t.restart();
    const interrupted = await ok(t, 'GET', `/studio/api/replay/runs/${first.id}`);
    expect(interrupted.status).toBe('interrupted');
    expect(interrupted.done % 200).toBe(0);
    expect(interrupted.done).toBeLessThan(TOTAL);
    const rows = stored(t, first.id);
    expect(rows).toEqual({ results: interrupted.done, batches: interrupted.done / 200, inputs: TOTAL, maxPosition: interrupted.done - 1 });
    expect((await ok(t, 'GET', `/studio/api/replay/runs/${second.id}`)).status).toBe('interrupted');

    await ok(t, 'POST', `/studio/api/replay/runs/${first.id}/resume`);
    const resumed = await waitFor(t, first.id);
    expect(resumed).toMatchObject({ status: 'done', done: TOTAL, summary: { a: { kept: TOTAL, failed: 0 } } });
    expect(stored(t, first.id)).toEqual({ results: TOTAL, batches: TOTAL / 200, inputs: TOTAL, maxPosition: TOTAL - 1 });

    expect(await ok(t, 'DELETE', `/studio/api/replay/runs/${second.id}`)).toEqual({ success: true });
    expect((await t.call('GET', `/studio/api/replay/runs/${second.id}`)).status).toBe(404);
    expect(stored(t, second.id)).toEqual({ results: 0, batches: 0, inputs: 0, maxPosition: -1 });
  });

  it('refuses to delete a running run until it is cancelled', async () => {
    const run = await start();
    await waitFor(t, run.id, (r) => r.status === 'running');
    expect((await t.call('DELETE', `/studio/api/replay/runs/${run.id}`)).status).toBe(409);
    await ok(t, 'POST', `/studio/api/replay/runs/${run.id}/cancel`);
    await waitFor(t, run.id);
    expect(await ok(t, 'DELETE', `/studio/api/replay/runs/${run.id}`)).toEqual({ success: true });
  });

  it('saves versions, captures events and changes settings while replays store batches from their sandbox process', async () => {
    // Two connections write the database (the core, and the sandbox process storing replay
    // batches): a write of the core must wait for the other's, never fail as "locked".
    const replay = () => ok(t, 'POST', '/studio/api/replay/runs', { source: { kind: 'filter', filter: {} }, target: { kind: 'draft', code: 'export function transformEvent(e) { return e; }' } });
    const created = await ok(t, 'POST', '/transformations', { name: 'Saved during a replay', code: 'export function transformEvent(e) { return e; }' });
    let run = await replay();
    const runs = [run];
    for (let i = 0; i < 120; i++) {
      await ok(t, 'POST', `/transformations/${created.id}`, { code: `export function transformEvent(e) { return e; } // ${i}` });
      await capture(t, trackEvents(2, () => ({ event: 'During' })));
      await ok(t, 'PUT', '/studio/api/settings/sandbox', { timeoutMs: 4000 + i });
      if (!['queued', 'running'].includes((await ok(t, 'GET', `/studio/api/replay/runs/${run.id}`)).status)) runs.push((run = await replay()));
    }
    expect(runs.length).toBeGreaterThan(2);
    for (const r of runs) expect(await waitFor(t, r.id)).toMatchObject({ status: 'done' });
  }, 120_000);
});
