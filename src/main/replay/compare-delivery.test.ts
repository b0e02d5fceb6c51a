import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOk as ok, eventually, send } from '../testing/event-helpers';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { waitFor } from '../testing/replay-support';

// Compare equals delivery: outputs of transformBatch that name no input event ("orphans") are
// delivered by the pipeline after the batch's other outputs; a replay or compare of the same
// version over the same captured events shows and counts exactly what the webhook received.

/** Keeps each event (but "Drop"), marked, and adds a new event per kept one (its messageId names no input). */
const code = (mark: string) => `export function transformBatch(events) {
  const out = [];
  for (const e of events) {
    if (e.event === 'Drop') continue;
    out.push({ ...e, mark: '${mark}' });
  }
  for (const e of events) if (e.event !== 'Drop') out.push({ type: 'track', event: 'Derived', messageId: e.messageId + '-derived', mark: '${mark}' });
  return out;
}`;

const EVENTS = Array.from({ length: 30 }, (_, i) => ({ type: 'track', event: i % 5 === 0 ? 'Drop' : 'Kept', userId: `u${i}`, messageId: `m${i}`, properties: { i } }));
const KEPT = EVENTS.filter((e) => e.event !== 'Drop').length;

let t: TestStudio;
let hook: Server;
const received: Record<string, unknown>[] = [];

beforeAll(async () => {
  t = await startTestStudio();
  hook = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await Promise.all([t.close(), new Promise<void>((resolve) => hook.close(() => resolve()))]);
});

const sorted = (events: Record<string, unknown>[]) => events.map((e) => JSON.stringify(e)).sort();

describe('compare equals delivery (integration)', () => {
  it('counts and shows the outputs of transformBatch that name no input exactly as a webhook receives them', async () => {
    const url = `http://127.0.0.1:${(hook.address() as { port: number }).port}/events`;
    const webhook = await ok(t, 'POST', '/studio/api/destinations', { name: 'Hook', kind: 'webhook', config: { url } });
    const published = await ok(t, 'POST', '/transformations?publish=true', { name: 'Derive', code: code('A'), destinationIds: [webhook.id] });
    const v2 = await ok(t, 'POST', `/transformations/${published.id}`, { code: code('B') });
    expect((await send(t, '/v1/batch', { batch: EVENTS })).status).toBe(200);
    // What the pipeline delivers: each kept event and its derived event.
    await eventually(async () => (received.length >= 2 * KEPT ? true : undefined), 30_000, `${2 * KEPT} webhook deliveries`);

    const run = await ok(t, 'POST', '/studio/api/replay/runs', {
      source: { kind: 'filter', filter: {} },
      target: { kind: 'published', transformationId: published.id },
      compareWith: { kind: 'version', versionId: v2.versionId },
    });
    const done = await waitFor(t, run.id);
    expect({ status: done.status, total: done.total }).toEqual({ status: 'done', total: EVENTS.length });
    // Counts: the events kept and dropped, and the outputs that name no input, on each side.
    expect(done.summary.a).toEqual({ kept: KEPT, dropped: EVENTS.length - KEPT, split: 0, failed: 0, orphans: KEPT });
    expect(done.summary.b).toEqual({ kept: KEPT, dropped: EVENTS.length - KEPT, split: 0, failed: 0, orphans: KEPT });

    // Rows: every output of side A, per event and without an event, is what the webhook received.
    const page = await ok(t, 'GET', `/studio/api/replay/runs/${run.id}/results?limit=500`);
    const orphans = await ok(t, 'GET', `/studio/api/replay/runs/${run.id}/orphans`);
    const a = [...page.results.flatMap((r: any) => r.a.outputs), ...orphans.batches.flatMap((b: any) => b.a)];
    expect(a).toHaveLength(received.length);
    expect(sorted(a)).toEqual(sorted(received));
    // B's are B's own.
    const b = [...page.results.flatMap((r: any) => r.b.outputs), ...orphans.batches.flatMap((x: any) => x.b)];
    expect(sorted(b)).toEqual(sorted(received.map((e) => ({ ...e, mark: 'B' }))));
  }, 90_000);

  it("shows a compare whose versions differ only in the outputs naming no input: the batches where they differ are counted and marked", async () => {
    // Each event's own outputs are the same in both versions; only the derived events differ (their mark), or not at all.
    const derive = (mark: string) => `export function transformBatch(events) {
  return [...events.map((e) => ({ ...e, seen: true })), ...events.map((e) => ({ type: 'track', event: 'Derived', messageId: e.messageId + '-d', mark: '${mark}' }))];
}`;
    const batch = Array.from({ length: 12 }, (_, i) => ({ type: 'track', event: 'Orphans only', userId: 'u', messageId: `oo${i}` }));
    const published = await ok(t, 'POST', '/transformations?publish=true', { name: 'Derive only', code: derive('A') });
    const other = await ok(t, 'POST', `/transformations/${published.id}`, { code: derive('B') });
    const same = await ok(t, 'POST', `/transformations/${published.id}`, { code: `${derive('A')}\n// same outputs` });
    expect((await send(t, '/v1/batch', { batch })).status).toBe(200);
    await eventually(async () => ((await ok(t, 'GET', '/studio/api/events?event=Orphans%20only&limit=100')).events.length === batch.length ? true : undefined), 30_000, 'the events captured');
    const compare = async (versionId: string) => {
      const run = await ok(t, 'POST', '/studio/api/replay/runs', {
        source: { kind: 'filter', filter: { event: 'Orphans only' } },
        target: { kind: 'published', transformationId: published.id },
        compareWith: { kind: 'version', versionId },
      });
      return { done: await waitFor(t, run.id), orphans: await ok(t, 'GET', `/studio/api/replay/runs/${run.id}/orphans`) };
    };

    const differ = await compare(other.versionId);
    expect(differ.done.summary.changes.unchanged).toBe(batch.length);
    expect(differ.done.summary.orphansChanged).toBe(1);
    expect(differ.orphans.batches.map((b: any) => b.changed)).toEqual([true]);

    const equal = await compare(same.versionId);
    expect(equal.done.summary.changes.unchanged).toBe(batch.length);
    expect(equal.done.summary.orphansChanged).toBeUndefined();
    expect(equal.orphans.batches.map((b: any) => b.changed)).toEqual([false]);
  }, 90_000);
});
