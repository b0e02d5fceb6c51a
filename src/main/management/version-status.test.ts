// A version's test status is derived from what it depends on (issue 37, point 1), over the real
// HTTP API, sandbox and SQLite: a saved test added, a library saved or a setting changed makes the
// old answer "out of date" with the reason at once; the background re-run then records what
// publish says of the version now.
import { execFile } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_EMAIL, TEST_TOKEN, startTestStudio, type TestStudio } from '../testing/harness';
import { ok } from '../testing/management-support';

const EVENT = { type: 'track', event: 'Order', messageId: 'm-1', userId: 'u1', properties: { total: 3 } };
const passing = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `keeps ${i}`, event: { ...EVENT, messageId: `m-${i}` } }));

interface Listed {
  versionId: string;
  number: number;
  testStatus: string;
  testSummary: string | null;
  testReasons?: string[];
  testRerunning?: boolean;
}

describe('a version\'s tests status is derived from its inputs', () => {
  let t: TestStudio;
  beforeAll(async () => {
    t = await startTestStudio();
  });
  afterAll(async () => {
    await t?.close();
  });

  const versions = async (id: string): Promise<Listed[]> => (await ok(t, 'GET', `/studio/api/transformations/${id}/versions`)).versions;
  const publishes = async (versionId: string): Promise<boolean> =>
    (await ok(t, 'POST', '/transformations/libraries/test', { transformations: [{ versionId }] })).passed;
  /** The status once the background re-run is done (never out of date for the latest version then). */
  const settled = async (id: string, versionId: string): Promise<Listed> => {
    let found: Listed | undefined;
    await expect
      .poll(async () => {
        found = (await versions(id)).find((v) => v.versionId === versionId);
        return found?.testStatus;
      }, { timeout: 20_000 })
      .not.toBe('out-of-date');
    return found!;
  };

  it('a failing saved test added after a passing run: out of date with the reason, then failed, as publish says', async () => {
    const tr = await ok(t, 'POST', '/transformations', {
      name: 'Tests added',
      code: "export function transformEvent(event) { if (event.userId === 'bad') throw new Error('bad user'); return event; }",
    });
    await ok(t, 'PUT', `/studio/api/transformations/${tr.id}/test-events`, { events: passing(2) });
    const v2 = await ok(t, 'POST', `/transformations/${tr.id}`, { code: `${tr.code}\n// v2` });
    const before = await settled(tr.id, v2.versionId);
    expect(before.testStatus).toBe('passed');
    expect(await publishes(v2.versionId)).toBe(true);

    // The answer right after the write is never the old "passed".
    await ok(t, 'PUT', `/studio/api/transformations/${tr.id}/test-events`, { events: [...passing(2), { event: { ...EVENT, userId: 'bad' } }, { event: EVENT }] });
    const right = (await versions(tr.id)).find((v) => v.versionId === v2.versionId)!;
    expect(right.testStatus).not.toBe('passed');
    if (right.testStatus === 'out-of-date') {
      expect(right.testReasons).toContain('2 tests added since this run');
      expect(right.testSummary).toMatch(/^out of date: 2 tests added since this run/);
    }
    const after = await settled(tr.id, v2.versionId);
    expect(after.testStatus).toBe('failed');
    expect(after.testSummary).toMatch(/1 of 4 events failed: .*bad user/);
    expect(await publishes(v2.versionId)).toBe(false);

    // Older versions are not re-run: they say why their answer is old.
    const v1 = (await versions(tr.id)).find((v) => v.number === 1)!;
    expect(v1.testStatus).toBe('out-of-date');
    expect(v1.testReasons).toEqual(['2 tests added since this run']);
  });

  it('a library saved after a passing run: "library X changed: v1 → v2", then failed, as publish says', async () => {
    const lib = await ok(t, 'POST', '/libraries', { name: 'Total Helper', code: 'export const total = (e) => e.properties.total;' });
    const tr = await ok(t, 'POST', '/transformations', {
      name: 'Library changed',
      code: `import { total } from '${lib.importName}';\nexport function transformEvent(event) { if (total(event) !== 3) throw new Error('total is ' + total(event)); return event; }`,
    });
    await ok(t, 'PUT', `/studio/api/transformations/${tr.id}/test-events`, { events: passing(1) });
    const v2 = await ok(t, 'POST', `/transformations/${tr.id}`, { code: `${tr.code}\n// v2` });
    expect((await settled(tr.id, v2.versionId)).testStatus).toBe('passed');

    await ok(t, 'POST', `/libraries/${lib.id}`, { code: 'export const total = (e) => e.properties.total + 1;' });
    const right = (await versions(tr.id)).find((v) => v.versionId === v2.versionId)!;
    expect(right.testStatus).not.toBe('passed');
    if (right.testStatus === 'out-of-date') expect(right.testReasons).toContain('library Total Helper changed: v1 → v2');
    const after = await settled(tr.id, v2.versionId);
    expect(after.testStatus).toBe('failed');
    expect(after.testSummary).toMatch(/total is 4/);
    expect(await publishes(v2.versionId)).toBe(false);
  });

  it('a sandbox setting that changes results makes the old answer out of date', async () => {
    const tr = await ok(t, 'POST', '/transformations', { name: 'Settings', code: 'export function transformEvent(event) { return event; }' });
    await ok(t, 'PUT', `/studio/api/transformations/${tr.id}/test-events`, { events: passing(1) });
    const v2 = await ok(t, 'POST', `/transformations/${tr.id}`, { code: `${tr.code}\n// v2` });
    expect((await settled(tr.id, v2.versionId)).testStatus).toBe('passed');
    const v1 = (await versions(tr.id)).find((v) => v.number === 1)!;
    await ok(t, 'PUT', '/studio/api/settings/sandbox', { timeoutMs: 3000 });
    const old = (await versions(tr.id)).find((v) => v.versionId === v1.versionId)!;
    expect(old.testReasons).toContain('sandbox settings changed since this run');
    expect((await settled(tr.id, v2.versionId)).testStatus).toBe('passed');
    await ok(t, 'PUT', '/studio/api/settings/sandbox', { timeoutMs: 4000 });
  });

  it('`studio status` prints the status the versions API derives, in the UI\'s words', async () => {
    const tr = await ok(t, 'POST', '/transformations', { name: 'CLI status', code: "export function transformEvent(event) { if (event.userId === 'bad') throw new Error('bad user'); return event; }" });
    await ok(t, 'PUT', `/studio/api/transformations/${tr.id}/test-events`, { events: [{ event: { ...EVENT, userId: 'bad' } }] });
    const latest = await settled(tr.id, tr.versionId);
    expect(latest.testStatus).toBe('failed');
    const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
    const out = await new Promise<string>((done, fail) =>
      execFile(process.execPath, [resolve(root, 'bin/studio.mjs'), 'status'], { env: { ...process.env, STUDIO_URL: t.url, STUDIO_EMAIL: TEST_EMAIL, STUDIO_TOKEN: TEST_TOKEN } }, (error, stdout, stderr) =>
        error ? fail(new Error(`${error.message}\n${stderr}`)) : done(stdout),
      ),
    );
    expect(out).toContain(`${'CLI status'.padEnd(30)} v1  tests ✗ (${latest.testSummary})`);
  });

  it('the bench\'s Run saved tests on a stored version records its status', async () => {
    const tr = await ok(t, 'POST', '/transformations', { name: 'Run records', code: 'export function transformEvent(event) { return event; }' });
    const v1 = (await versions(tr.id))[0]!;
    expect(v1.testStatus).toBe('not-tested');
    await ok(t, 'PUT', `/studio/api/transformations/${tr.id}/test-events`, { events: passing(1) });
    const run = await ok(t, 'POST', `/studio/api/transformations/${tr.id}/tests/run`, { versionId: v1.versionId });
    expect(run.status).toBe('passed');
    expect((await settled(tr.id, v1.versionId)).testStatus).toBe('passed');
  });
});
