import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { EVENTS, IDENTITY } from '../testing/publish-fixtures';
import { ok } from '../testing/management-support';

const THROWS = `export function transformEvent(event) { throw new Error('no way'); }`;
const BROKEN = `export function transformEvent(event) { return event.; }`;
const NO_EXPORT = `function transformEvent(event) { return event; }`;

describe('version messages and test status on save (integration)', () => {
  let t: TestStudio;
  beforeAll(async () => {
    t = await startTestStudio();
  });
  afterAll(() => t.close());

  const versions = async (id: string) => (await ok(t, 'GET', `/studio/api/transformations/${id}/versions`)).versions;

  it('stores the message and the saved tests\' outcome on each version, newest first', async () => {
    const created = await ok(t, 'POST', '/transformations', { name: 'Noted', code: IDENTITY, message: '  first cut  ' });
    expect(created).not.toHaveProperty('message');
    let list = await versions(created.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ versionId: created.versionId, number: 1, message: 'first cut', testStatus: 'not-tested', name: 'Noted' });
    expect(list[0].testSummary).toBe('The code compiles and exports its handler, but it has no saved tests to run.');

    await ok(t, 'PUT', `/studio/api/transformations/${created.id}/test-events`, { events: [{ event: EVENTS[0] }, { event: EVENTS[1] }] });
    await ok(t, 'POST', `/transformations/${created.id}`, { code: `${IDENTITY}\n// v2`, message: 'tested' });
    await ok(t, 'POST', `/transformations/${created.id}`, { code: THROWS });
    await ok(t, 'POST', `/transformations/${created.id}`, { code: BROKEN, message: 'broken on purpose' });
    await ok(t, 'POST', `/transformations/${created.id}`, { code: NO_EXPORT });
    // v1 was "not tested" with no saved tests; the 2 tests added since made that answer out of
    // date (issue 37), and v1, then the latest version, was run again in the background.
    await expect.poll(async () => (await versions(created.id))[4].testStatus, { timeout: 20_000 }).not.toBe('out-of-date');
    list = await versions(created.id);
    expect(list.map((v: { number: number }) => v.number)).toEqual([5, 4, 3, 2, 1]);
    expect(list.map((v: { testStatus: string }) => v.testStatus)).toEqual(['failed', 'failed', 'failed', 'passed', 'passed']);
    expect(list.map((v: { message: string | null }) => v.message)).toEqual([null, 'broken on purpose', null, 'tested', 'first cut']);
    expect(list[3].testSummary).toBe('2 saved tests passed');
    expect(list[2].testSummary).toMatch(/no way/);
    expect(list[1].testSummary).toMatch(/SyntaxError|Unexpected token/);
    expect(list[0].testSummary).toMatch(/transformEvent|export/i);
  });

  it('a publish on save records the status of the tests it ran (the saved tests when no events are given)', async () => {
    const created = await ok(t, 'POST', '/transformations', { name: 'Published noted', code: IDENTITY });
    await ok(t, 'PUT', `/studio/api/transformations/${created.id}/test-events`, { events: [{ event: EVENTS[0], expected: [] }] });
    const refused = await t.call('POST', `/transformations/${created.id}?publish=true`, { code: `${IDENTITY}\n// keeps the event` });
    expect(refused.status).toBe(400);
    expect(refused.body.published).toBe(false);
    const dropping = 'export function transformEvent(event) { return null; }';
    const published = await ok(t, 'POST', `/transformations/${created.id}?publish=true`, { code: dropping, message: 'drops all' });
    const [latest] = await versions(created.id);
    expect(latest).toMatchObject({ versionId: published.versionId, isPublished: true, testStatus: 'passed', message: 'drops all' });
  });

  it('library versions carry their message; 404 and 400 are clear', async () => {
    const lib = await ok(t, 'POST', '/libraries', { name: 'Noted lib', code: 'export const x = 1;', message: 'one' });
    await ok(t, 'POST', `/libraries/${lib.id}`, { code: 'export const x = 2;' });
    const list = (await ok(t, 'GET', `/studio/api/libraries/${lib.id}/versions`)).versions;
    expect(list.map((v: { number: number; message: string | null }) => [v.number, v.message])).toEqual([[2, null], [1, 'one']]);
    expect((await t.call('GET', '/studio/api/transformations/nope/versions')).status).toBe(404);
    expect((await t.call('GET', '/studio/api/libraries/nope/versions')).status).toBe(404);
    const long = await t.call('POST', `/libraries/${lib.id}`, { message: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.body.error).toMatch(/message/);
  });
});

describe('library delete (integration)', () => {
  let t: TestStudio;
  beforeAll(async () => {
    t = await startTestStudio();
  });
  afterAll(() => t.close());

  it('is refused with 409 naming the importers, then works once nothing imports it, and frees the import name', async () => {
    const lib = await ok(t, 'POST', '/libraries', { name: 'Shared bits', code: 'export const tag = (e) => e;' });
    const a = await ok(t, 'POST', '/transformations', { name: 'Alpha', code: `import { tag } from 'sharedBits';\nexport function transformEvent(e) { return tag(e); }` });
    const b = await ok(t, 'POST', '/transformations', { name: 'Beta', code: `import { tag } from 'sharedBits';\nexport function transformEvent(e) { return tag(e); }` });
    const refused = await t.call('DELETE', `/libraries/${lib.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/"Alpha", "Beta"/);
    expect(refused.body.importers).toEqual([{ id: a.id, name: 'Alpha' }, { id: b.id, name: 'Beta' }]);

    await ok(t, 'POST', `/transformations/${a.id}`, { code: IDENTITY });
    expect((await t.call('DELETE', `/libraries/${lib.id}`)).body.error).toMatch(/"Beta"/);
    expect((await ok(t, 'DELETE', `/transformations/${b.id}`)).success).toBe(true);

    expect(await ok(t, 'DELETE', `/libraries/${lib.id}`)).toEqual({ success: true });
    expect((await t.call('GET', `/libraries/${lib.id}`)).status).toBe(404);
    expect((await t.call('DELETE', `/libraries/${lib.id}`)).status).toBe(404);
    expect((await ok(t, 'GET', '/libraries')).libraries).toEqual([]);
    const again = await ok(t, 'POST', '/libraries', { name: 'Shared bits', code: 'export const tag = 2;' });
    expect(again.importName).toBe('sharedBits');
  });

  it('is refused while a published version imports it, even when the latest does not', async () => {
    const lib = await ok(t, 'POST', '/libraries', { name: 'Pinned', code: 'export const v = 1;', publish: true });
    const tr = await ok(t, 'POST', '/transformations?publish=true', { name: 'Live one', code: `import { v } from 'pinned';\nexport function transformEvent(e) { e.v = v; return e; }` });
    await ok(t, 'POST', `/transformations/${tr.id}`, { code: IDENTITY });
    const refused = await t.call('DELETE', `/transformationLibraries/${lib.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/"Live one"/);
  });
});
