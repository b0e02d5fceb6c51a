// Starts the built headless host on a temp data dir for a bench; resolves once it prints its URL.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import nodeFlags from '../../src/main/hosts/node-flags.json' with { type: 'json' };

/** The built headless host of the checkout at `dir` (this one by default); throws when not built. */
export function builtHeadless(dir = new URL('../..', import.meta.url).pathname) {
  const file = join(resolve(dir), 'out', 'main', 'headless.js');
  if (!existsSync(file)) throw new Error(`${file} is missing: build first with \`npx electron-vite build\` in ${dir}`);
  return file;
}

export const BENCH_AUTH = `Basic ${Buffer.from('bench@example.com:bench-token').toString('base64')}`;

/**
 * `options.env`: added to the host's environment (e.g. STUDIO_SANDBOX_PROCESSES); `options.dataDir`:
 * an existing data folder (kept on stop) instead of a new temp one (removed on stop).
 */
export async function startBenchHost(headless, prefix = 'bench-studio-', options = {}) {
  const given = options.dataDir !== undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), prefix));
  const child = spawn(process.execPath, [...nodeFlags.core, ...(process.env.BENCH_HOST_NODE_ARGS ?? '').split(' ').filter(Boolean), headless, '--port', '0', '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...options.env, STUDIO_EMAIL: 'bench@example.com', STUDIO_TOKEN: 'bench-token', STUDIO_WRITE_KEY: 'bench-write-key' },
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`headless host did not start: ${out}`)), 20_000);
    child.stdout.on('data', (d) => {
      if (process.env.BENCH_HOST_ECHO) process.stderr.write(d); // e.g. with BENCH_HOST_NODE_ARGS=--trace-gc
      out += d;
      const m = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[0]);
      }
    });
    child.once('exit', (code) => reject(new Error(`headless host exited with ${code}: ${out}`)));
  });
  return {
    url,
    auth: BENCH_AUTH,
    dataDir,
    pid: child.pid,
    async stop() {
      child.removeAllListeners('exit');
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      if (given) return;
      if (process.env.BENCH_KEEP_DATA) console.log(`data folder kept: ${dataDir}`);
      else rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A JSON call of the management API of the host `hostNow()` names (it may be restarted): the
 * answer's JSON (undefined for 204); any answer but 2xx throws with its status and text.
 */
export const hostCaller = (hostNow) => async (method, path, body) => {
  const { url, auth } = hostNow();
  const response = await fetch(url + path, { method, headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body && JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${(await response.text()).slice(0, 300)}`);
  return response.status === 204 ? undefined : response.json();
};

/**
 * p50/p99 in ms of `n` sequential calls of `fn` after `warmUp` (default 30) warm-up calls, or, with
 * `{ ms }`, after calling it back to back for that long (the server's JIT at its steady state).
 */
export async function latency(fn, n, warmUp = 30) {
  if (typeof warmUp === 'number') for (let i = 0; i < warmUp; i++) await fn();
  else for (const end = performance.now() + warmUp.ms; performance.now() < end; ) await fn();
  const times = [];
  for (let i = 0; i < n; i++) {
    const start = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  return { p50: at(0.5), p99: at(0.99) };
}
