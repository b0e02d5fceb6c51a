import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../../testing/harness';

describe("the UI's state in the core (integration)", () => {
  let t: TestStudio;
  beforeAll(async () => {
    t = await startTestStudio();
  });
  afterAll(() => t.close());

  it('stores, lists, deletes; a browser moving in keeps what the core has; survives a restart', async () => {
    expect((await t.call('GET', '/studio/api/state')).body).toEqual({ entries: {} });
    expect((await t.call('PUT', '/studio/api/state/studio.draft.transformation.t1', { value: '{"code":"a"}' })).status).toBe(200);
    const moved = await t.call('POST', '/studio/api/state/import', { entries: { 'studio.draft.transformation.t1': '{"code":"old"}', 'studio.testSets': '[]' } });
    expect(moved.body.entries).toEqual({ 'studio.draft.transformation.t1': '{"code":"a"}', 'studio.testSets': '[]' });
    expect((await t.call('DELETE', '/studio/api/state/studio.testSets')).status).toBe(200);
    t = await t.restart();
    expect((await t.call('GET', '/studio/api/state')).body.entries).toEqual({ 'studio.draft.transformation.t1': '{"code":"a"}' });
  });

  it('refuses bad keys and values with what to fix', async () => {
    const badKey = await t.call('PUT', '/studio/api/state/has%20space', { value: 'x' });
    expect(badKey.status).toBe(400);
    expect(badKey.body.error).toMatch(/key/);
    const badValue = await t.call('PUT', '/studio/api/state/ok.key', { value: 42 });
    expect(badValue.status).toBe(400);
    expect(badValue.body.error).toMatch(/value/);
    expect((await t.call('GET', '/studio/api/state', undefined, { authorization: 'Basic bm86bm8=' })).status).toBe(401);
    // Found by the fuzz: an import whose keys are not state keys, with values that are not text, was a 500.
    const before = (await t.call('GET', '/studio/api/state')).body.entries;
    const odd = await t.call('POST', '/studio/api/state/import', { entries: { "c'&@i[": null, ok: 'x' } });
    expect(odd.status).toBe(400);
    expect(odd.body.error).toMatch(/not a state key/);
    const notText = await t.call('POST', '/studio/api/state/import', { entries: { 'ok.key': { a: 1 } } });
    expect(notText.status).toBe(400);
    expect(notText.body.error).toMatch(/entries\.ok\.key.*string/);
    expect((await t.call('GET', '/studio/api/state')).body.entries).toEqual(before);
  });
});
