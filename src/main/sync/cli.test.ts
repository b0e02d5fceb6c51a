import { execFile } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_EMAIL, TEST_TOKEN, startTestStudio, type TestStudio } from '../testing/harness';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
let local: TestStudio;
let remote: TestStudio;

function studio(args: string[], env: Record<string, string> = {}, viaNpx = false): Promise<{ code: number; stdout: string; stderr: string }> {
  const [file, argv] = viaNpx ? ['npx', ['--no-install', 'studio', ...args]] : [process.execPath, [resolve(root, 'bin/studio.mjs'), ...args]];
  return new Promise((done) => {
    execFile(file, argv, { cwd: root, env: { ...process.env, STUDIO_URL: local.url, STUDIO_EMAIL: TEST_EMAIL, STUDIO_TOKEN: TEST_TOKEN, ...env } }, (error, stdout, stderr) =>
      done({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  remote = await startTestStudio();
  local = await startTestStudio();
  await local.call('POST', '/studio/api/remotes', { name: 'ci', baseUrl: remote.url, email: TEST_EMAIL, token: TEST_TOKEN });
});
afterAll(async () => {
  await local?.close();
  await remote?.close();
});

describe('npx studio (CLI over a running instance)', () => {
  it('test: exit 0 with nothing to test; exit 1 naming the failing event by position and messageId; says when a transformation has no saved tests', async () => {
    expect((await studio(['test'])).code).toBe(0);
    await local.call('POST', '/transformations', { name: 'Good', code: 'export function transformEvent(e) { return e; }', events: [{ type: 'track', messageId: 'a-1' }] });
    const ok = await studio(['test']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('PASS Good v1: 1 events');
    await local.call('POST', '/transformations', {
      name: 'Bad',
      code: 'export function transformEvent(e) { if (e.event === "boom") throw new Error("exploded"); return e; }',
      events: [{ type: 'track', event: 'fine', messageId: 'b-1' }, { type: 'track', event: 'boom', messageId: 'b-2' }],
    });
    await local.call('POST', '/transformations', { name: 'Untested', code: 'export function transformEvent(e) { return e; }' });
    const bad = await studio(['test']);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('FAIL Bad v1: 2 events');
    expect(bad.stdout).toMatch(/test input event 2 \(messageId b-2\): threw: .*exploded/);
    expect(bad.stdout).toContain('    input     {"type":"track","event":"boom","messageId":"b-2"}');
    expect(bad.stdout).toContain('NO TESTS Untested v1');
    expect(bad.stdout).toContain('1 failed, 1 without saved tests');
  });

  it('test: saved test events with expected outputs; a different output fails with the expected output shown', async () => {
    const t = (await local.call('GET', '/transformations')).body.transformations.find((x: any) => x.name === 'Good');
    const put = await local.call('PUT', `/studio/api/transformations/${t.id}/test-events`, {
      events: [{ event: { type: 'track', messageId: 's-1' }, expected: [{ type: 'track', messageId: 's-1', extra: true }] }],
    });
    expect(put.status).toBe(200);
    const run = await studio(['test']);
    expect(run.code).toBe(1);
    // The saved test, then the version's own event (which must not throw).
    expect(run.stdout).toContain('FAIL Good v1: 2 events');
    expect(run.stdout).toMatch(/saved test event 1 \(messageId s-1\): output does not equal the expected output/);
    expect(run.stdout).toContain('  - expected  [{"type":"track","messageId":"s-1","extra":true}]');
    await local.call('PUT', `/studio/api/transformations/${t.id}/test-events`, { events: [{ event: { type: 'track', messageId: 's-1' }, expected: [{ type: 'track', messageId: 's-1' }] }] });
    expect((await studio(['test'])).stdout).toContain('PASS Good v1: 2 events');
  });

  it('sync status | push | pull with exit codes and output', async () => {
    // Good's saved tests were just replaced (above): let its background re-run settle first, or the
    // push plan rightly says "if its tests pass (push runs them first; … out of date …)".
    const good = (await local.call('GET', '/transformations')).body.transformations.find((t: any) => t.name === 'Good');
    const goodStatus = async () => (await local.call('GET', `/studio/api/transformations/${good.id}/versions`)).body.versions[0].testStatus;
    await expect.poll(goodStatus, { timeout: 20_000 }).toBe('passed');
    await local.call('DELETE', `/transformations/${(await local.call('GET', '/transformations')).body.transformations.find((t: any) => t.name === 'Bad').id}`);
    const status = await studio(['sync', 'status', '--remote', 'ci']);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/transformation\s+Good\s+new locally/);
    const push = await studio(['sync', 'push', '--remote', 'ci', '--commit-id', 'abc123', '--drafts']);
    expect(push.stderr).toBe('');
    expect(push.code).toBe(0);
    // Said before sending, then done: both sides' numbers.
    expect(push.stdout).toContain('push transformation Good: sends local v1 as remote v1, with its 1 saved test\n');
    expect(push.stdout).toMatch(/ok {3}transformation Good: created: published local v1 \(a draft: not published locally\) as remote v1 on the remote, with its 1 saved test/);
    // The saved test went with it (the remote is a studio).
    const pushed = (await remote.call('GET', '/transformations')).body.transformations.find((t: any) => t.name === 'Good');
    expect((await remote.call('GET', `/studio/api/transformations/${pushed.id}/test-events`)).body.events).toHaveLength(1);
    expect((await remote.call('GET', '/transformations')).body.transformations.map((t: any) => t.name).sort()).toEqual(['Good', 'Untested']);
    expect((await studio(['sync', 'status', '--remote', 'ci'])).stdout).toContain('0 of 2 differ from remote "ci"');
    await remote.call('POST', '/transformations', { name: 'FromRemote', code: 'export function transformEvent(e) { return e; }' });
    const pull = await studio(['sync', 'pull', '--remote', 'ci']);
    expect(pull.code).toBe(0);
    expect(pull.stdout).toContain('transformation FromRemote: pulled');
  });

  it('a conflict makes status and push exit 1', async () => {
    const r = (await remote.call('GET', '/transformations')).body.transformations.find((t: any) => t.name === 'Good');
    const l = (await local.call('GET', '/transformations')).body.transformations.find((t: any) => t.name === 'Good');
    await remote.call('POST', `/transformations/${r.id}`, { code: 'export function transformEvent(e) { e.r = 1; return e; }' });
    await local.call('POST', `/transformations/${l.id}`, { code: 'export function transformEvent(e) { e.l = 1; return e; }' });
    const status = await studio(['sync', 'status', '--remote', 'ci']);
    expect(status.stdout).toMatch(/Good\s+CONFLICT/);
    expect(status.code).toBe(1);
    const push = await studio(['sync', 'push', '--remote', 'ci']);
    expect(push.code).toBe(1);
    expect(push.stdout).toMatch(/FAIL transformation Good: conflict/);
  });

  it('usage errors exit 2; unknown remote exits 1; unreachable instance or refused token exit 3', async () => {
    expect((await studio(['sync', 'push'])).code).toBe(2);
    expect((await studio(['frobnicate'])).stderr).toContain('usage: studio sync');
    const unknown = await studio(['sync', 'status', '--remote', 'nope']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no remote named "nope"');
    const refused = await studio(['test'], { STUDIO_TOKEN: 'wrong' });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('HTTP 401');
    const down = await studio(['test', '--url', 'http://127.0.0.1:9']);
    expect(down.code).toBe(3);
    expect(down.stderr).toContain('cannot reach Transformation Studio');
  });

  it('runs as `npx studio` through the bin in package.json', async () => {
    const result = await studio(['sync', 'status', '--remote', 'ci'], {}, true);
    expect(result.stdout).toContain('differ from remote "ci"');
  }, 30_000);
});
