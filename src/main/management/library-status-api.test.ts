import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { EVENTS } from '../testing/publish-fixtures';
import { ok } from '../testing/management-support';

// Issue 37: a library's latest version's test status is derived from what it depends on (its
// importers, their saved tests), not only recorded at save: when an importer's saved tests change
// or a new transformation imports it, the status is out of date with the reason, run again in the
// background, and the change is pushed over the versions stream ({"libraryId"}). Real studio, real HTTP.

const TAGGER = (tag: string) => `export function tag(event) { event.tag = '${tag}'; return event; }`;
const importer = (name: string) => `import { tag } from '${name}';\nexport function transformEvent(event) { return tag(event); }`;

type Version = { versionId: string; number: number; testStatus: string; testSummary: string | null; testReasons?: string[] };

describe('a library version’s test status follows its inputs (integration)', () => {
  let t: TestStudio;
  beforeAll(async () => {
    t = await startTestStudio();
  });
  afterAll(() => t.close());

  const latest = async (id: string) => ((await ok(t, 'GET', `/studio/api/libraries/${id}/versions`)).versions as Version[])[0]!;

  /** Collects the versions stream's events for one library until closed. */
  async function listen(libraryId: string) {
    const abort = new AbortController();
    const response = await fetch(`${t.url}/studio/api/transformations/versions/stream?libraryId=${libraryId}`, { headers: { authorization: t.auth }, signal: abort.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events: unknown[] = [];
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith('data: ')) events.push(JSON.parse(block.slice(6)));
        }
      }
    })();
    return { events, close: () => abort.abort() };
  }

  it('an importer’s saved tests change: passed becomes out of date with the reason, then failed by the re-run, and the stream tells', async () => {
    const lib = await ok(t, 'POST', '/libraries', { name: 'Followed tags', code: TAGGER('one') });
    const user = await ok(t, 'POST', '/transformations', { name: 'Tag checker', code: importer('followedTags') });
    await ok(t, 'PUT', `/studio/api/transformations/${user.id}/test-events`, { events: [{ event: EVENTS[0], expected: [{ ...EVENTS[0], tag: 'one' }] }] });
    await ok(t, 'POST', `/libraries/${lib.id}`, { code: `${TAGGER('one')}\n// v2` });
    await expect.poll(() => latest(lib.id)).toMatchObject({ number: 2, testStatus: 'passed', testSummary: '1 transformation passes its tests with it' });

    const stream = await listen(lib.id);
    // A saved test this library version fails: the importer expects tag "two" for a second event.
    await ok(t, 'PUT', `/studio/api/transformations/${user.id}/test-events`, {
      events: [
        { event: EVENTS[0], expected: [{ ...EVENTS[0], tag: 'one' }] },
        { event: EVENTS[1], expected: [{ ...EVENTS[1], tag: 'two' }] },
      ],
    });
    const first = await latest(lib.id);
    expect(first.testStatus).not.toBe('passed');
    if (first.testStatus === 'out-of-date') expect(first.testReasons).toEqual(['the saved tests of "Tag checker" changed since this run']);
    await expect.poll(() => latest(lib.id)).toMatchObject({ number: 2, testStatus: 'failed' });
    expect((await latest(lib.id)).testSummary).toMatch(/"Tag checker".*1 of 2 events failed/);
    await expect.poll(() => stream.events).toContainEqual({ libraryId: lib.id });
    stream.close();
  });

  it('a new transformation imports it with a failing test: out of date ("now imports it"), then failed', async () => {
    const lib = await ok(t, 'POST', '/libraries', { name: 'Late tags', code: TAGGER('x') });
    await expect.poll(() => latest(lib.id)).toMatchObject({ number: 1, testStatus: 'not-tested' });
    const late = await ok(t, 'POST', '/transformations', { name: 'Late importer', code: importer('lateTags') });
    await ok(t, 'PUT', `/studio/api/transformations/${late.id}/test-events`, { events: [{ event: EVENTS[0], expected: [{ ...EVENTS[0], tag: 'y' }] }] });
    const first = await latest(lib.id);
    expect(first.testStatus).not.toBe('not-tested');
    if (first.testStatus === 'out-of-date') expect(first.testReasons?.[0]).toMatch(/^("Late importer" now imports it \(v1\)|the saved tests of "Late importer" changed since this run)$/);
    await expect.poll(() => latest(lib.id)).toMatchObject({ number: 1, testStatus: 'failed' });
    expect((await latest(lib.id)).testSummary).toMatch(/"Late importer"/);
  });

  // Round 3: not only the latest version: every version a user sees a status for is derived. The
  // published one (not the latest) is run again in the background; an older one shows out of date.
  it('older versions too: the published one is run again (failed), another older one is out of date with the reason, never a stale "passed"', async () => {
    const lib = await ok(t, 'POST', '/libraries', { name: 'Kept tags', code: TAGGER('one') });
    const user = await ok(t, 'POST', '/transformations', { name: 'Tag keeper', code: importer('keptTags') });
    await ok(t, 'PUT', `/studio/api/transformations/${user.id}/test-events`, { events: [{ event: EVENTS[0], expected: [{ ...EVENTS[0], tag: 'one' }] }] });
    await expect.poll(() => latest(lib.id)).toMatchObject({ number: 1, testStatus: 'passed' });
    await ok(t, 'POST', '/transformations/libraries/publish', { libraries: [{ versionId: lib.versionId }] });
    await ok(t, 'POST', `/libraries/${lib.id}`, { code: `${TAGGER('one')}\n// v2` });
    await ok(t, 'POST', `/libraries/${lib.id}`, { code: `${TAGGER('one')}\n// v3` });
    const all = async () => ((await ok(t, 'GET', `/studio/api/libraries/${lib.id}/versions`)).versions as Version[]).map((v) => [v.number, v.testStatus]);
    await expect.poll(all).toEqual([[3, 'passed'], [2, 'passed'], [1, 'passed']]);

    await ok(t, 'PUT', `/studio/api/transformations/${user.id}/test-events`, {
      events: [
        { event: EVENTS[0], expected: [{ ...EVENTS[0], tag: 'one' }] },
        { event: EVENTS[1], expected: [{ ...EVENTS[1], tag: 'two' }] },
      ],
    });
    const v2 = ((await ok(t, 'GET', `/studio/api/libraries/${lib.id}/versions`)).versions as Version[]).find((v) => v.number === 2)!;
    expect({ status: v2.testStatus, reasons: v2.testReasons }).toEqual({ status: 'out-of-date', reasons: ['the saved tests of "Tag keeper" changed since this run'] });
    await expect.poll(all, { timeout: 20_000 }).toEqual([[3, 'failed'], [2, 'out-of-date'], [1, 'failed']]);

    // "Run tests again" on the older version, as a transformation's: run now, recorded, no longer out of date.
    const ran = await ok(t, 'POST', `/studio/api/libraries/${lib.id}/tests/run`, { versionId: v2.versionId });
    expect(ran).toMatchObject({ status: 'failed', dependants: [{ name: 'Tag keeper', status: 'failed' }] });
    expect(await all()).toEqual([[3, 'failed'], [2, 'failed'], [1, 'failed']]);
    // Another library's version, or none: a 404 that says which.
    const other = await ok(t, 'POST', '/libraries', { name: 'Other lib', code: TAGGER('x') });
    const wrong = await t.call('POST', `/studio/api/libraries/${lib.id}/tests/run`, { versionId: other.versionId });
    expect(wrong.status).toBe(404);
    expect(wrong.body.error).toBe(`version "${other.versionId}" of library "Kept tags" not found`);
    expect((await t.call('POST', `/studio/api/libraries/${lib.id}/tests/run`, {})).status).toBe(400);
  });
});
