import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { capture, ok, trackEvents, waitFor } from '../testing/replay-support';

const ADD_FIELD = `export function transformEvent(event, metadata) {
  event.properties.replayed = metadata(event).transformationVersionId ?? 'draft';
  log('saw', event.messageId);
  return event;
}`;
const DROP_ODD = `import { isOdd } from 'parity';
export function transformEvent(event) { return isOdd(event.properties.i) ? null : { ...event, draft: true }; }`;
const PARITY = `export function isOdd(n) { return n % 2 === 1; }`;

const A_CODE = `export function transformEvent(event) {
  const k = event.properties.kind;
  if (k === 'fixme' || k === 'both') throw new Error('A cannot ' + k);
  event.properties.seen = 'a';
  return event;
}`;
const B_CODE = `export function transformEvent(event) {
  const k = event.properties.kind;
  if (k === 'fail' || k === 'both') throw new Error('B fails on ' + k);
  if (k === 'drop') return null;
  event.properties.seen = 'a';
  if (k === 'change') { event.properties.seen = 'b'; event.properties.extra = 1; delete event.properties.i; }
  if (k === 'split') return [event, { ...event, event: 'Second' }];
  return event;
}`;
const KINDS: [string, number][] = [
  ['same', 20],
  ['change', 10],
  ['drop', 8],
  ['split', 6],
  ['fail', 5],
  ['fixme', 4],
  ['both', 3],
];

describe('replay runs (integration, real sandbox and SQLite)', () => {
  let t: TestStudio;
  beforeAll(async () => {
    t = await startTestStudio();
    await capture(t, trackEvents(450, () => ({ event: 'Plain' })));
  });
  afterAll(() => t.close());

  it('replays a filter of captured events through a stored version, in batches, with per-event results', async () => {
    const created = await ok(t, 'POST', '/transformations', { name: 'Add field', code: ADD_FIELD });
    const run = await ok(t, 'POST', '/studio/api/replay/runs', { source: { kind: 'filter', filter: { event: 'Plain' } }, target: { kind: 'version', versionId: created.versionId } });
    expect(run).toMatchObject({ kind: 'replay', total: 450, b: null, a: { kind: 'version', versionId: created.versionId } });
    expect(run.source).toBe('450 captured events matching event “Plain”');
    const finished = await waitFor(t, run.id);
    expect(finished).toMatchObject({ status: 'done', done: 450, summary: { a: { kept: 450, dropped: 0, split: 0, failed: 0 }, errors: [] } });
    const page = await ok(t, 'GET', `/studio/api/replay/runs/${run.id}/results?offset=440&limit=50`);
    expect(page.total).toBe(450);
    expect(page.results).toHaveLength(10);
    const last = page.results[9];
    expect(last.position).toBe(449);
    expect(last.input.messageId).toBe('msg-449');
    expect(last.a.outputs).toHaveLength(1);
    expect(last.a.outputs[0].properties).toEqual({ i: 449, replayed: created.versionId });
    expect(last.a.logs).toContain('Log: saw msg-449');
    expect(last.durationMs).toBeGreaterThan(0);
    expect((await ok(t, 'GET', '/studio/api/replay/runs')).runs.map((r: { id: string }) => r.id)).toContain(run.id);
  });

  it('replays selected events and an imported file through an unsaved draft with a library', async () => {
    await ok(t, 'POST', '/libraries', { name: 'parity', code: PARITY });
    const events = await ok(t, 'GET', '/studio/api/events?limit=4&event=Plain');
    const ids = events.events.map((e: { id: string }) => e.id);
    const run = await ok(t, 'POST', '/studio/api/replay/runs', { source: { kind: 'events', ids }, target: { kind: 'draft', code: DROP_ODD } });
    const finished = await waitFor(t, run.id);
    expect(finished.summary.a).toEqual({ kept: 2, dropped: 2, split: 0, failed: 0 });
    expect(finished.a).toMatchObject({ kind: 'draft', versionId: null });
    const file = await ok(t, 'POST', '/studio/api/replay/runs', {
      source: { kind: 'file', events: [{ type: 'track', properties: { i: 1 } }, { type: 'track', properties: { i: 2 } }, { type: 'track' }] },
      target: { kind: 'draft', code: DROP_ODD },
    });
    const done = await waitFor(t, file.id);
    expect(done.summary.a).toEqual({ kept: 1, dropped: 1, split: 0, failed: 1 });
    const only = await ok(t, 'GET', `/studio/api/replay/runs/${file.id}/results?only=errors`);
    expect(only.total).toBe(1);
    expect(only.results[0].a.error).toMatch(/properties/);
    expect(only.results[0].eventId).toBeNull();
  });

  it('compares two versions with an exactly known impact summary, drill-down by change and path', async () => {
    await capture(t, KINDS.flatMap(([kind, n]) => trackEvents(n, (i) => ({ event: 'Kinds', messageId: `${kind}-${i}`, properties: { kind, i } }))));
    const published = await ok(t, 'POST', '/transformations?publish=true', { name: 'Compare', code: A_CODE });
    const v2 = await ok(t, 'POST', `/transformations/${published.id}`, { code: B_CODE });
    const run = await ok(t, 'POST', '/studio/api/replay/runs', {
      source: { kind: 'filter', filter: { event: 'Kinds' } },
      target: { kind: 'published', transformationId: published.id },
      compareWith: { kind: 'version', versionId: v2.versionId },
    });
    const { summary, total, kind, status } = await waitFor(t, run.id);
    expect({ total, kind, status }).toEqual({ total: 56, kind: 'compare', status: 'done' });
    expect(summary.changes).toEqual({ unchanged: 20, changed: 10, dropped: 8, newlyKept: 0, split: 6, newlyFailing: 5, fixed: 4, stillFailing: 3 });
    expect(summary.a).toEqual({ kept: 49, dropped: 0, split: 0, failed: 7 });
    expect(summary.b).toEqual({ kept: 34, dropped: 8, split: 6, failed: 8 });
    expect(summary.paths).toEqual([
      { path: 'properties.extra', added: 10, removed: 0, changed: 0 },
      { path: 'properties.i', added: 0, removed: 10, changed: 0 },
      { path: 'properties.seen', added: 0, removed: 0, changed: 10 },
    ]);
    const errors = summary.errors.map((e: { side: string; message: string; count: number }) => [e.side, e.message.match(/(A cannot|B fails on) \w+/)?.[0], e.count]);
    expect(errors).toEqual([
      ['b', 'B fails on fail', 5],
      ['a', 'A cannot fixme', 4],
      ['a', 'A cannot both', 3],
      ['b', 'B fails on both', 3],
    ]);
    const split = await ok(t, 'GET', `/studio/api/replay/runs/${run.id}/results?change=split&limit=500`);
    expect(split.total).toBe(6);
    expect(split.results[0].b.outputs.map((o: { event: string }) => o.event)).toEqual(['Kinds', 'Second']);
    const byPath = await ok(t, 'GET', `/studio/api/replay/runs/${run.id}/results?path=properties.seen`);
    expect(byPath.total).toBe(10);
    expect(byPath.results[0].a.outputs[0].properties.seen).toBe('a');
    expect(byPath.results[0].b.outputs[0].properties.seen).toBe('b');
    const byError = await ok(t, 'GET', `/studio/api/replay/runs/${run.id}/results?error=${encodeURIComponent(summary.errors[0].message)}`);
    expect(byError.total).toBe(5);
    expect((await ok(t, 'GET', `/studio/api/replay/runs/${run.id}/results?only=changed`)).total).toBe(10 + 8 + 6 + 5 + 4);
    expect((await ok(t, 'GET', `/studio/api/replay/runs/${run.id}/results?only=dropped`)).total).toBe(8);

    // Events as tests: the failures of B, with the outputs of B as expected where it had some.
    const saved = await ok(t, 'POST', `/studio/api/replay/runs/${run.id}/save-as-tests`, { transformationId: published.id });
    expect(saved.events).toHaveLength(8);
    const publish = await t.call('POST', '/transformations/libraries/publish', { transformations: [{ versionId: v2.versionId }] });
    expect(publish.status).toBe(400);
    expect(publish.body.error).toMatch(/B fails on/);
    await ok(t, 'PUT', `/studio/api/transformations/${published.id}/test-events`, { events: [] });
    const unchanged = await ok(t, 'GET', `/studio/api/replay/runs/${run.id}/results?change=changed&limit=2`);
    const withExpected = await ok(t, 'POST', `/studio/api/replay/runs/${run.id}/save-as-tests`, {
      transformationId: published.id,
      positions: unchanged.results.map((r: { position: number }) => r.position),
      withExpected: true,
    });
    expect(withExpected.events[0].expected[0].properties.seen).toBe('b');
    expect(await ok(t, 'POST', '/transformations/libraries/publish', { transformations: [{ versionId: v2.versionId }] })).toEqual({ published: true });
  });

  it('answers clear 4xx for unknown versions, empty filters, bad ids and bad states', async () => {
    const bad = async (body: unknown, status: number, pattern: RegExp) => {
      const response = await t.call('POST', '/studio/api/replay/runs', body);
      expect(response.status, response.text).toBe(status);
      expect(response.body.error).toMatch(pattern);
    };
    await bad({ source: { kind: 'filter', filter: {} }, target: { kind: 'version', versionId: 'nope' } }, 404, /target: transformation version "nope" not found/);
    await bad({ source: { kind: 'filter', filter: { event: 'none such' } }, target: { kind: 'draft', code: ADD_FIELD } }, 400, /no captured event matches/);
    await bad({ source: { kind: 'events', ids: ['999999'] }, target: { kind: 'draft', code: ADD_FIELD } }, 400, /no captured event with id 999999/);
    await bad({ source: { kind: 'filter', filter: { from: 'yesterday' } }, target: { kind: 'draft', code: ADD_FIELD } }, 400, /from must be an ISO 8601/);
    await bad({ source: { kind: 'nope' }, target: { kind: 'draft', code: '' } }, 400, /body/);
    const unpublished = await ok(t, 'POST', '/transformations', { name: 'Never published', code: ADD_FIELD });
    await bad({ source: { kind: 'filter', filter: {} }, target: { kind: 'published', transformationId: unpublished.id } }, 400, /^target: transformation "Never published" has no published version yet; publish it, or pick one of its versions$/);
    expect((await t.call('GET', '/studio/api/replay/runs/nope')).status).toBe(404);
    expect((await t.call('GET', '/studio/api/replay/runs/nope/results')).status).toBe(404);
    const run = await ok(t, 'POST', '/studio/api/replay/runs', { source: { kind: 'file', events: [{ type: 'track' }] }, target: { kind: 'draft', code: ADD_FIELD } });
    await waitFor(t, run.id);
    expect((await t.call('POST', `/studio/api/replay/runs/${run.id}/cancel`)).status).toBe(409);
    expect((await t.call('POST', `/studio/api/replay/runs/${run.id}/resume`)).status).toBe(409);
    expect((await t.call('GET', `/studio/api/replay/runs/${run.id}/results?only=everything`)).status).toBe(400);
  });
});
