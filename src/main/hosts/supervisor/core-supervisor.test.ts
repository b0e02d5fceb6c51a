import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startHeadless } from '../../testing/spawn-headless';
import { CoreSupervisor, type CoreState } from './core-supervisor';
import { carriedNodeBinary } from './node-runtime';

// The supervisor against the real core bundle (out/main/headless.js), exactly as the desktop
// app runs it: `npm run build` first (npm test does).
const entry = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../out/main/headless.js');
const token = 'per-launch-session-secret';
const running: CoreSupervisor[] = [];

function supervise(dataDir: string, extra: Partial<ConstructorParameters<typeof CoreSupervisor>[0]> = {}) {
  const supervisor = new CoreSupervisor({
    nodePath: carriedNodeBinary(),
    entry,
    dataDir,
    sessionToken: token,
    env: { STUDIO_EMAIL: 'desk@example.com', STUDIO_TOKEN: 'desk-token' },
    portFile: join(dataDir, 'desktop-port'),
    backoffMs: () => 50,
    ...extra,
  });
  running.push(supervisor);
  return supervisor;
}

const auth = (email: string) => ({ authorization: `Basic ${Buffer.from(`${email}:${token}`).toString('base64')}` });
const waitFor = (supervisor: CoreSupervisor, kind: CoreState['kind'], timeoutMs = 20_000) =>
  new Promise<CoreState>((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "${kind}" state within ${timeoutMs} ms (now ${supervisor.state.kind})`)), timeoutMs);
    const onState = (state: CoreState) => {
      if (state.kind !== kind) return;
      clearTimeout(timer);
      supervisor.off('state', onState);
      resolvePromise(state);
    };
    supervisor.on('state', onState);
  });

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

describe('core supervisor (real core, child process)', () => {
  it('starts the core with the session secret from the environment and completes the handshake', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'supervisor-'));
    const ready = await supervise(dataDir).start();
    expect(ready.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(ready.email).toBe('desk@example.com');
    expect(await (await fetch(`${ready.url}/studio/health`)).json()).toEqual({ status: 'ok' });
    expect((await fetch(`${ready.url}/studio/api/info`, { headers: auth(ready.email) })).status).toBe(200);
    expect((await fetch(`${ready.url}/studio/api/info`, { headers: auth('desk@example.com'.replace('desk', 'other')) })).status).toBe(401);
  });

  it('restarts a core killed with SIGKILL on the same port, with the same data', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'supervisor-'));
    const supervisor = supervise(dataDir);
    const first = await supervisor.start();
    const created = await fetch(`${first.url}/studio/api/sources`, {
      method: 'POST',
      headers: { ...auth(first.email), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'kept across crashes' }),
    });
    expect(created.status).toBe(200);
    const states: string[] = [];
    supervisor.on('state', (s) => states.push(s.kind));
    const back = waitFor(supervisor, 'ready');
    process.kill(first.pid, 'SIGKILL');
    const second = (await back) as Extract<CoreState, { kind: 'ready' }>;
    expect(states.slice(0, 2)).toEqual(['restarting', 'starting']);
    expect(second.pid).not.toBe(first.pid);
    expect(second.url).toBe(first.url); // same origin: the window's storage survives
    const listed = (await (await fetch(`${second.url}/studio/api/sources`, { headers: auth(second.email) })).json()) as { sources: Array<{ name: string }> };
    const names = listed.sources.map((s) => s.name);
    expect(names).toContain('kept across crashes');
  });

  it('a second core on the same data folder is refused, naming the process that holds it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'supervisor-'));
    const ready = await supervise(dataDir).start();
    await expect(startHeadless({ dataDir })).rejects.toThrow(new RegExp(`in use by another Transformation Studio process \\(pid ${ready.pid}`));
    const second = supervise(dataDir, { portFile: undefined });
    await expect(second.start()).rejects.toThrow(/in use by another Transformation Studio process/);
    expect(second.state.kind).toBe('failed');
    expect((await fetch(`${ready.url}/studio/health`)).status).toBe(200);
  });

  it('stops cleanly: the database is closed (no WAL left behind) and the lock released', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'supervisor-'));
    const supervisor = supervise(dataDir);
    const ready = await supervisor.start();
    const track = await fetch(`${ready.url}/v1/track`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('wk-sup:').toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'x', userId: 'u' }),
    });
    expect(track.status).toBe(400); // unknown write key: the core answers, nothing to assert on the data
    await supervisor.stop();
    expect(supervisor.state.kind).toBe('stopped');
    expect(existsSync(join(dataDir, 'studio.db'))).toBe(true);
    expect(existsSync(join(dataDir, 'studio.db-wal'))).toBe(false);
    expect(existsSync(join(dataDir, 'studio.lock'))).toBe(false);
  });

  it('gives up after repeated failed starts and keeps the log tail', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'supervisor-'));
    const broken = join(dataDir, 'broken-core.mjs');
    writeFileSync(broken, "console.error('core exploded: missing table'); process.exit(3);\n");
    const supervisor = supervise(dataDir, { entry: broken, maxRestarts: 2 });
    const restarts: number[] = [];
    supervisor.on('state', (s) => s.kind === 'restarting' && restarts.push(s.attempt));
    await expect(supervisor.start()).rejects.toThrow(/could not start \(exit code 3\); gave up after 3 attempts/);
    expect(restarts).toEqual([1, 2]);
    const state = supervisor.state as Extract<CoreState, { kind: 'failed' }>;
    expect(state.logTail.filter((l) => l === 'core exploded: missing table')).toHaveLength(3);
    expect(state.logFile).toBe(join(dataDir, 'logs', 'studio.log'));
  });

  it('falls back to a free port when the remembered one is taken, and remembers the new one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'supervisor-'));
    const other = await startHeadless({ dataDir: mkdtempSync(join(tmpdir(), 'supervisor-other-')) });
    try {
      writeFileSync(join(dataDir, 'desktop-port'), new URL(other.url).port);
      const ready = await supervise(dataDir).start();
      expect(ready.url).not.toBe(other.url);
      expect(readFileSync(join(dataDir, 'desktop-port'), 'utf8')).toBe(new URL(ready.url).port);
    } finally {
      await other.stop();
    }
  });
});
