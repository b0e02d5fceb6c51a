#!/usr/bin/env node
// Core start: the built headless host spawned until its URL line (the desktop supervisor's
// handshake), beside the floor measured in the same run: a bare Fastify server (one route) started
// the same way on the same Node. Each round starts the floor, then the core on a data folder made
// by an earlier start, then the core on a new data folder; the round with the median ratio counts.
// Phases come from the core itself (STUDIO_STARTUP_TRACE=1, src/main/hosts/startup-trace.ts): ms since
// the process began at the end of each phase. After the URL line: the first test run answered
// (POST /studio/api/test, one event), which waits for a sandbox process unless one is already up.
//
//   node --no-node-snapshot bench/startup.mjs [--runs 7]    (needs a build; npm run bench builds when stale)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodeFlags from '../src/main/hosts/node-flags.json' with { type: 'json' };
import { cpuMs } from './lib/cpu.mjs';
import { BENCH_AUTH } from './lib/headless-host.mjs';

const root = new URL('..', import.meta.url).pathname;
const headless = join(root, 'out/main/headless.js');
const runsFlag = process.argv.indexOf('--runs');
const RUNS = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 7;
if (!existsSync(headless)) {
  console.error(`${headless} is missing: build first with \`npx electron-vite build\``);
  process.exit(2);
}

const FLOOR = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/', async () => ({ ok: true }));
await app.listen({ host: '127.0.0.1', port: 0 });
console.log('listening on http://127.0.0.1:' + app.server.address().port);
`;
const env = { ...process.env, STUDIO_EMAIL: 'bench@example.com', STUDIO_TOKEN: 'bench-token', STUDIO_WRITE_KEY: 'bench-write-key', STUDIO_STARTUP_TRACE: '1' };

/** Spawns argv; resolves at its first URL line with the ms (wall and CPU) it took, the URL, its trace and a stop(). */
function timedStart(argv) {
  const t0 = performance.now();
  const child = spawn(process.execPath, argv, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env });
  let out = '';
  let err = '';
  let ms;
  let url;
  let traced;
  const trace = new Promise((resolve) => (traced = resolve));
  child.stderr.on('data', (d) => {
    err += d;
    const m = /startup-trace (\{.*\})/.exec(err);
    if (m) traced(JSON.parse(m[1]));
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL line in 30 s: ${out}\n${err}`)), 30_000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = ms === undefined && /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (!m) return;
      ms = performance.now() - t0;
      const cpu = cpuMs(child.pid);
      url = m[0];
      clearTimeout(timer);
      resolve({
        ms,
        cpu,
        url,
        trace: argv.includes('-e') ? Promise.resolve({}) : Promise.race([trace, new Promise((r) => setTimeout(() => r({}), 2000))]),
        stop: () => new Promise((done) => (child.exitCode !== null ? done() : (child.once('exit', done), child.kill('SIGTERM')))),
      });
    });
    child.once('exit', (code) => ms === undefined && reject(new Error(`exited with ${code}: ${err}`)));
  });
}

/** ms from now until a one-event test run is answered. */
async function firstTestRun(url) {
  const t0 = performance.now();
  const res = await fetch(`${url}/studio/api/test`, {
    method: 'POST',
    headers: { authorization: BENCH_AUTH, 'content-type': 'application/json' },
    body: JSON.stringify({ code: 'export function transformEvent(event) { return event; }', events: [{ type: 'track', event: 'e', messageId: 'm1' }] }),
  });
  const body = await res.json();
  if (res.status !== 200 || body.transformedEvents?.length !== 1) throw new Error(`test run: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return performance.now() - t0;
}

const core = (dataDir) => [...nodeFlags.core, headless, '--port', '0', '--data-dir', dataDir];
const floorArgv = ['--no-node-snapshot', '--input-type=module', '-e', FLOOR];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const existing = mkdtempSync(join(tmpdir(), 'bench-startup-'));
const rounds = [];
try {
  await (await timedStart(core(existing))).stop(); // makes the folder, and the first start of all
  for (let i = 0; i < RUNS; i++) {
    const floor = await timedStart(floorArgv);
    await floor.stop();
    const again = await timedStart(core(existing));
    const phases = await again.trace;
    const testRunMs = await firstTestRun(again.url);
    await again.stop();
    const fresh = mkdtempSync(join(tmpdir(), 'bench-startup-new-'));
    const first = await timedStart(core(fresh));
    const newPhases = await first.trace;
    await first.stop();
    rmSync(fresh, { recursive: true, force: true });
    rounds.push({ floor: floor.ms, core: again.ms, fresh: first.ms, phases, newPhases, testRunMs, cpu: { floor: floor.cpu, core: again.cpu, fresh: first.cpu } });
  }
} finally {
  rmSync(existing, { recursive: true, force: true });
}

const byRatio = [...rounds].sort((a, b) => a.core / a.floor - b.core / b.floor);
const mid = byRatio[Math.floor(byRatio.length / 2)];
const s = (ms) => `${(ms / 1000).toFixed(3)} s`;
console.log(`startup: ${RUNS} rounds (floor, core on an existing data folder, core on a new one); the median round by core/floor`);
console.log(`  floor: bare Fastify (one route) spawned to its URL line   ${s(mid.floor)}`);
console.log(`  core, existing data folder: spawned to its URL line        ${s(mid.core)}   ratio ${(mid.core / mid.floor).toFixed(2)}   target <= 0.450 s`);
console.log(`  core, new data folder: spawned to its URL line             ${s(mid.fresh)}   ratio ${(mid.fresh / mid.floor).toFixed(2)}`);
console.log(`  first test run answered after the URL line (sandbox start) ${s(mid.testRunMs)}`);
console.log(`  medians over all rounds: floor ${s(median(rounds.map((r) => r.floor)))}, core ${s(median(rounds.map((r) => r.core)))}, new folder ${s(median(rounds.map((r) => r.fresh)))}, first test run ${s(median(rounds.map((r) => r.testRunMs)))}`);
console.log(`  every round's core/floor: ${rounds.map((r) => (r.core / r.floor).toFixed(2)).join(' ')}`);
const cpu = (key) => median(rounds.map((r) => r.cpu[key]));
console.log(`  CPU time to the URL line (user + system, 10 ms ticks, medians): floor ${cpu('floor')} ms, core ${cpu('core')} ms (x${(cpu('core') / cpu('floor')).toFixed(2)}), new folder ${cpu('fresh')} ms`);
const printPhases = (title, marks) => {
  let prev = 0;
  const parts = Object.entries(marks).map(([name, at]) => {
    const part = `${name} ${(at - prev).toFixed(0)}`;
    prev = at;
    return part;
  });
  console.log(`  ${title} phases (ms each, in order; modules = from process start to the composition root): ${parts.join(', ') || '(no trace)'}`);
};
printPhases('existing folder', mid.phases);
printPhases('new folder', mid.newPhases);
