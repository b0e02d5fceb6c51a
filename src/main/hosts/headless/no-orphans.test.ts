import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, it, type ExpectStatic } from 'vitest';
import { alive, childrenOf, cmdlineOf } from '../../testing/process-tree';
import { startHeadless, type HeadlessProcess } from '../../testing/spawn-headless';

// Sandbox processes never outlive the core (built headless host): with a sandbox process stuck in
// a builtin that ignores the time limit (on its own thread, so it reads nothing from the core),
// the core's clean SIGTERM and its kill -9 both leave no sandbox process behind.

const headless = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../out/main/headless.js');
const manage = { authorization: `Basic ${Buffer.from('cli@example.com:cli-token').toString('base64')}`, 'content-type': 'application/json' };
const CODE = 'export function transformEvent(e) { if (e.stall) new Array(2 ** 32 - 1).fill(0); return e; }';
const dirs: string[] = [];
const hosts: HeadlessProcess[] = [];
afterAll(async () => {
  for (const host of hosts) if (host.child.exitCode === null && host.child.signalCode === null) await host.stop('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A host whose sandbox process is stalled in `fill` (time limit 60 s, so only the exit ends it); its pids. */
async function stalledHost(expect: ExpectStatic): Promise<{ host: HeadlessProcess; sandboxPids: number[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-orphans-'));
  dirs.push(dataDir);
  const host = await startHeadless({ dataDir });
  hosts.push(host);
  const call = (method: string, path: string, body?: unknown) =>
    fetch(host.url + path, { method, headers: manage, body: body === undefined ? undefined : JSON.stringify(body) });
  expect((await call('PUT', '/studio/api/settings/sandbox', { timeoutMs: 60_000 })).status).toBe(200);
  // Warm, then (a quiet second later, so it runs on the process's own thread) the stall.
  expect((await call('POST', '/studio/api/test', { code: CODE, events: [{ messageId: 'a' }] })).status).toBe(200);
  await new Promise((r) => setTimeout(r, 1200));
  void call('POST', '/studio/api/test', { code: CODE, events: [{ messageId: 'b', stall: true }] }).catch(() => {});
  await new Promise((r) => setTimeout(r, 1000));
  const sandboxPids = childrenOf(host.child.pid!).filter((pid) => existsSync(`/proc/${pid}/cmdline`) && cmdlineOf(pid).includes('sandbox-process'));
  expect(sandboxPids.length).toBeGreaterThan(0);
  return { host, sandboxPids };
}

describe.skipIf(process.platform !== 'linux' || !existsSync(headless))('no sandbox process outlives the core', () => {
  // The two run side by side (their own hosts and data folders): most of each is the waits above.
  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    it.concurrent(`${signal} of the core with a sandbox process stalled in a builtin: none is left`, async ({ expect }) => {
      const { host, sandboxPids } = await stalledHost(expect);
      await host.stop(signal);
      await expect.poll(() => sandboxPids.filter(alive), { timeout: 5000, interval: 100 }).toEqual([]);
    }, 60_000);
  }
});
