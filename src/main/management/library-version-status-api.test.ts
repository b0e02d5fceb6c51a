import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { EVENTS } from '../testing/publish-fixtures';
import { ok } from '../testing/management-support';

// Saving a library version records its tests: it evaluates, and the transformations that import it
// pass their saved tests with it; the summary tells what the version broke from what failed with
// the previous version too.

const TAGGER = (tag: string) => `export function tag(event) { event.tag = '${tag}'; return event; }`;
const importer = (name: string) => `import { tag } from '${name}';\nexport function transformEvent(event) { return tag(event); }`;

describe('library version test status on save (integration)', () => {
  let t: TestStudio;
  beforeAll(async () => {
    t = await startTestStudio();
  });
  afterAll(() => t.close());

  const versions = async (id: string) => (await ok(t, 'GET', `/studio/api/libraries/${id}/versions`)).versions as { number: number; testStatus: string; testSummary: string | null }[];
  const latest = async (id: string) => (await versions(id))[0]!;
  const expectOnly = (tag: string) => [{ event: EVENTS[0], expected: [{ ...EVENTS[0], tag }] }];

  it('not tested while nothing imports it or its importers have no test events; failed when it does not evaluate', async () => {
    const lib = await ok(t, 'POST', '/libraries', { name: 'Lonely tags', code: TAGGER('a') });
    expect(await latest(lib.id)).toMatchObject({ number: 1, testStatus: 'not-tested', testSummary: 'The code loads without errors, but no transformation imports this library yet, so no tests ran it.' });

    await ok(t, 'POST', '/transformations', { name: 'Untested importer', code: importer('lonelyTags') });
    await ok(t, 'POST', `/libraries/${lib.id}`, { code: TAGGER('b') });
    expect(await latest(lib.id)).toMatchObject({ number: 2, testStatus: 'not-tested', testSummary: 'The code loads without errors, but the transformations that import it have no saved test events, so no tests ran it.' });

    await ok(t, 'POST', `/libraries/${lib.id}`, { code: 'export const broken = ;' });
    const broken = await latest(lib.id);
    expect(broken).toMatchObject({ number: 3, testStatus: 'failed' });
    expect(broken.testSummary).toMatch(/^does not evaluate: .*(SyntaxError|Unexpected token)/);
  });

  it('passed with the importers\' saved tests; failed naming the importer it breaks; a failure from before is named apart', async () => {
    const lib = await ok(t, 'POST', '/libraries', { name: 'Shared tags', code: TAGGER('one') });
    const checked = await ok(t, 'POST', '/transformations', { name: 'Checks tag one', code: importer('sharedTags') });
    await ok(t, 'PUT', `/studio/api/transformations/${checked.id}/test-events`, { events: expectOnly('one') });
    const other = await ok(t, 'POST', '/transformations', { name: 'Uses tags too', code: importer('sharedTags') });
    await ok(t, 'PUT', `/studio/api/transformations/${other.id}/test-events`, { events: [{ event: EVENTS[1] }] });
    // v1 was saved before anything imported it ("not tested"); it is still the latest, so its
    // status follows its importers' saved tests (library-status.ts): run again, it passes.
    await expect.poll(() => latest(lib.id)).toMatchObject({ number: 1, testStatus: 'passed', testSummary: '2 transformations pass their tests with it' });

    await ok(t, 'POST', `/libraries/${lib.id}`, { code: `${TAGGER('one')}\n// same behaviour`, message: 'comment' });
    expect(await latest(lib.id)).toMatchObject({ number: 2, testStatus: 'passed', testSummary: '2 transformations pass their tests with it' });

    // "Checks tag one" expects tag "one": this version breaks it; "Uses tags too" still passes.
    await ok(t, 'POST', `/libraries/${lib.id}`, { code: TAGGER('two') });
    const breaking = await latest(lib.id);
    expect(breaking.testStatus).toBe('failed');
    expect(breaking.testSummary).toMatch(/^breaks "Checks tag one": 1 of 1 events failed/);

    // Failing with v3 and with v4 alike: still failed (its importer's tests fail with it), and
    // said as a failure it inherited, not one it caused; never "no test events".
    await ok(t, 'POST', `/libraries/${lib.id}`, { code: `${TAGGER('two')}\n// still two` });
    const inherited = await latest(lib.id);
    expect(inherited.testStatus).toBe('failed');
    expect(inherited.testSummary).toMatch(/^"Checks tag one" fails with it as with the previous version: 1 of 1 events failed/);

    // Back to "one": both pass again.
    await ok(t, 'POST', `/libraries/${lib.id}`, { code: TAGGER('one') });
    expect(await latest(lib.id)).toMatchObject({ number: 5, testStatus: 'passed', testSummary: '2 transformations pass their tests with it' });

    // The saved versions list the same on a second read, and the saves were never undone.
    expect((await versions(lib.id)).map((v) => v.testStatus)).toEqual(['passed', 'failed', 'failed', 'passed', 'passed']);
  });

  it('a break and an inherited failure together: the break is named first, the other counted', async () => {
    const lib = await ok(t, 'POST', '/libraries', { name: 'Two users', code: TAGGER('a') });
    const strict = await ok(t, 'POST', '/transformations', { name: 'Wants a', code: importer('twoUsers') });
    await ok(t, 'PUT', `/studio/api/transformations/${strict.id}/test-events`, { events: expectOnly('a') });
    const own = await ok(t, 'POST', '/transformations', {
      name: 'Own bug',
      code: `import { tag } from 'twoUsers';\nexport function transformEvent(event) { throw new Error('own bug'); }`,
    });
    await ok(t, 'PUT', `/studio/api/transformations/${own.id}/test-events`, { events: [{ event: EVENTS[1] }] });
    await ok(t, 'POST', `/libraries/${lib.id}`, { code: TAGGER('b') });
    const both = await latest(lib.id);
    expect(both.testStatus).toBe('failed');
    expect(both.testSummary).toMatch(/^breaks "Wants a" \(1 more fails with the previous version too\): 1 of 1 events failed/);
  });

  it('a version whose import is gone breaks every importer (missing export), and a publish records its status too', async () => {
    const lib = await ok(t, 'POST', '/libraries', { name: 'Export keeper', code: TAGGER('x') });
    const tr = await ok(t, 'POST', '/transformations', { name: 'Needs tag', code: importer('exportKeeper') });
    await ok(t, 'PUT', `/studio/api/transformations/${tr.id}/test-events`, { events: [{ event: EVENTS[0] }] });
    await ok(t, 'POST', `/libraries/${lib.id}?publish=true`, { code: 'export const renamed = (e) => e;' });
    const gone = await latest(lib.id);
    expect(gone).toMatchObject({ number: 2, testStatus: 'failed' });
    expect(gone.testSummary).toMatch(/^breaks "Needs tag": .*tag/);
    expect((await ok(t, 'GET', `/libraries/${lib.id}`)).versionId).toBeDefined();
  });
});
