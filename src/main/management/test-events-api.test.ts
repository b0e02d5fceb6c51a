import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { EVENTS, FAULTY, IDENTITY } from '../testing/publish-fixtures';
import { ok } from '../testing/management-support';

const ADD_FLAG = `export function transformEvent(event) { event.flag = 1; return event; }`;

describe('saved test events (integration)', () => {
  let t: TestStudio;
  beforeAll(async () => {
    t = await startTestStudio();
  });
  afterAll(() => t.close());

  const path = (id: string) => `/studio/api/transformations/${id}/test-events`;

  it('starts empty, replaces, appends, and keeps them across a restart', async () => {
    const created = await ok(t, 'POST', '/transformations', { name: 'Saved', code: IDENTITY });
    expect(await ok(t, 'GET', path(created.id))).toEqual({ transformationId: created.id, events: [], updatedAt: null });
    const put = await ok(t, 'PUT', path(created.id), { events: [{ name: 'first', event: EVENTS[0] }, { event: EVENTS[1], expected: [] }] });
    expect(put.events).toEqual([{ name: 'first', event: EVENTS[0] }, { event: EVENTS[1], expected: [] }]);
    expect(typeof put.updatedAt).toBe('string');
    const appended = await ok(t, 'POST', path(created.id), { events: [{ event: { type: 'track', event: 'third' } }] });
    expect(appended.events.map((e: { event: { event?: string; type: string } }) => e.event.event ?? e.event.type)).toEqual(['identify', 'Order', 'third']);
    t = await t.restart();
    expect((await ok(t, 'GET', path(created.id))).events).toHaveLength(3);
    expect((await ok(t, 'PUT', path(created.id), { events: [] })).events).toEqual([]);
  });

  it('answers 404 for an unknown transformation and 400 for malformed bodies', async () => {
    expect((await t.call('GET', path('nope'))).status).toBe(404);
    expect((await t.call('PUT', path('nope'), { events: [] })).status).toBe(404);
    const created = await ok(t, 'POST', '/transformations', { name: 'Bad bodies', code: IDENTITY });
    for (const body of [{}, { events: [{}] }, { events: [{ event: 'x' }] }, { events: [{ event: {}, expected: {} }] }, { events: [], extra: 1 }, { events: [{ event: {}, checks: [{ path: 'a', op: 'nope' }] }] }]) {
      const response = await t.call('PUT', path(created.id), body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toMatch(/body/);
    }
    const tooMany = Array.from({ length: 1001 }, () => ({ event: { type: 'track' } }));
    expect((await t.call('PUT', path(created.id), { events: tooMany })).status).toBe(400);
    await ok(t, 'PUT', path(created.id), { events: tooMany.slice(0, 1000) });
    const over = await t.call('POST', path(created.id), { events: [{ event: { type: 'track' } }] });
    expect(over.status).toBe(400);
    expect(over.body.error).toMatch(/at most 1000/);
  });

  it('publish without test input runs the saved test events: errors fail it', async () => {
    const created = await ok(t, 'POST', '/transformations', { name: 'Faulty saved', code: FAULTY, events: [EVENTS[1]] });
    await ok(t, 'PUT', path(created.id), { events: [{ event: EVENTS[0] }] });
    const failed = await t.call('POST', '/transformations/libraries/publish', { transformations: [{ versionId: created.versionId }] });
    expect(failed.status).toBe(400);
    expect(failed.body.results[0].errors[0].error).toMatch(/no properties on m1/);
    // Given test input runs beside the saved tests (it must not throw); it does not replace them.
    const still = await t.call('POST', '/transformations/libraries/publish', { transformations: [{ versionId: created.versionId, testInput: [EVENTS[1]] }] });
    expect(still.status).toBe(400);
    expect(still.body.error).toMatch(/saved test event 1: Error: no properties on m1/);
    await ok(t, 'PUT', path(created.id), { events: [{ event: EVENTS[1] }] });
    expect(await ok(t, 'POST', '/transformations/libraries/publish', { transformations: [{ versionId: created.versionId, testInput: [EVENTS[1]] }] })).toEqual({
      published: true,
    });
  });

  it('publish checks expected outputs: equal passes, different fails naming the event and the field', async () => {
    const created = await ok(t, 'POST', '/transformations', { name: 'Expected', code: ADD_FLAG });
    const event = { type: 'track', event: 'E', properties: { a: 1 } };
    await ok(t, 'PUT', path(created.id), { events: [{ event, expected: [{ ...event, flag: 1 }] }, { event: EVENTS[1] }] });
    expect(await ok(t, 'POST', '/transformations/libraries/test', { transformations: [{ versionId: created.versionId }] })).toMatchObject({ passed: true });
    await ok(t, 'PUT', path(created.id), { events: [{ event: EVENTS[1] }, { event, expected: [{ ...event, flag: 2 }] }, { event, expected: [] }] });
    const failed = await t.call('POST', '/transformations/libraries/publish', { transformations: [{ versionId: created.versionId }] });
    expect(failed.status).toBe(400);
    const errors = failed.body.results[0].errors.map((e: { error: string }) => e.error);
    expect(errors).toEqual([
      expect.stringMatching(/saved test event 2: output does not equal the expected output .*differs at \[0\]\.flag/),
      expect.stringMatching(/saved test event 3: .*expected 0 event\(s\), got 1/),
    ]);
    expect((await ok(t, 'GET', `/transformations/${created.id}`)).publishedVersionId).toBeNull();
  });
});
