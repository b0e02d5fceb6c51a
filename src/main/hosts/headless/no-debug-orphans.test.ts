import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openStream, startSession } from '../../testing/debug-helpers';
import type { TestStudio } from '../../testing/harness';
import { alive, childrenOf, cmdlineOf } from '../../testing/process-tree';
import { startHeadless, type HeadlessProcess } from '../../testing/spawn-headless';

// Debug and profile processes never outlive the core (issue #39, built headless host): with one
// debug session paused at `debugger;`, one evaluating `for(;;){}` on its paused frame, and a
// profile spinning in an event, a kill -9 of the core leaves none of their processes after 5 s.
// (On bd9d9b1 they were reparented to init and went on spinning.)

const headless = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../out/main/headless.js');
const auth = `Basic ${Buffer.from('cli@example.com:cli-token').toString('base64')}`;
const dirs: string[] = [];
const hosts: HeadlessProcess[] = [];
const leftovers: number[] = [];
afterAll(async () => {
  for (const pid of leftovers.filter(alive)) process.kill(pid, 'SIGKILL');
  for (const host of hosts) if (host.child.exitCode === null && host.child.signalCode === null) await host.stop('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The studio API of a spawned host, shaped as the debug helpers take it. */
function remote(url: string): TestStudio {
  return {
    url,
    auth,
    async call(method: string, path: string, body?: unknown) {
      const response = await fetch(url + path, { method, headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined, text, headers: response.headers };
    },
  } as TestStudio;
}

describe.skipIf(process.platform !== 'linux' || !existsSync(headless))('no debug process outlives the core', () => {
  it('kill -9 of the core with a paused session, a looping evaluation and a spinning profile: none is left after 5 s', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'studio-debug-orphans-'));
    dirs.push(dataDir);
    const host = await startHeadless({ dataDir });
    hosts.push(host);
    const api = remote(host.url);
    const code = 'export function transformEvent(e) { if (e.spin) for (;;) {} debugger; return e; }';

    const paused = await startSession(api, { code, event: { userId: 'a' } });
    const pausedStream = await openStream(api, paused);
    await pausedStream.paused(30_000);

    const looping = await startSession(api, { code, event: { userId: 'b' } });
    const loopingStream = await openStream(api, looping);
    const frame = (await loopingStream.paused(30_000)).callFrames[0]!;
    // Never answers: the isolate spins on its paused frame.
    void api.call('POST', `/studio/api/debug/sessions/${looping}/commands`, { method: 'Debugger.evaluateOnCallFrame', params: { callFrameId: frame.callFrameId, expression: 'for(;;){}' } }).catch(() => {});

    const profile = await api.call('POST', '/studio/api/profiles', { code, events: [{ spin: true }] });
    expect(profile.status, profile.text).toBe(200);

    await expect.poll(() => childrenOf(host.child.pid!).filter((pid) => cmdlineOf(pid).includes('debug-process')).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    const debugPids = childrenOf(host.child.pid!).filter((pid) => cmdlineOf(pid).includes('debug-process'));
    leftovers.push(...debugPids);
    pausedStream.close();
    loopingStream.close();

    await host.stop('SIGKILL');
    await expect.poll(() => debugPids.filter(alive), { timeout: 5000, interval: 100 }).toEqual([]);
  }, 90_000);
});
