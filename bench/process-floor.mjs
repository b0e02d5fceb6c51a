#!/usr/bin/env node
// The process-model floor of #43's test-path targets: what the least any design with the studio's
// process model (an HTTP core in one process, user code in isolated-vm in another, a new context
// for every request) can do on this machine, beside the studio, in adjacent rounds.
//
//   node --no-node-snapshot bench/process-floor.mjs [--rounds 3] [--seconds 3]
//
// The floor (lib/process-floor-core.mjs, lib/process-floor-sandbox.mjs): a bare node:http server
// hands each body's text, unparsed and unchecked, over fork IPC to the least busy of `cores`
// sandbox processes; each runs it in a bare isolate's context prepared ahead (modules from the code
// cache, evaluated after the previous answer left), which parses it, runs the floor's loop (no
// checks, no metadata, no logs) and answers the response's text, written back as it is. Nothing
// is validated, stored or logged. The studio: the built headless host (`npx electron-vite build`).
// Beside them, the floor with one context for every request (FLOOR_WARM: state would leak between
// batches; never the studio's way), to show what the fresh context costs in parts 1 and 2.
// 1. A 10-event POST p50, each after 2 s of requests back to back (warm), and one GET round trip
//    on the floor's server: the target is <= 1.3 ms.
// 2. One client against four: requests/s of each, adjacent (the ratio's target is >= 1.5).
// 3. 10,000 events in 200-event POSTs, one at a time, against the fresh-context floor in this
//    process (lib/isolate-floor.mjs; the target is >= 0.6 of it).
// Each part alternates the studio and the floor over `--rounds` rounds; the figures are the
// median round's. CPU ms per request by process and thread (/proc) shows where each spends.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { builtHeadless, latency, startBenchHost } from './lib/headless-host.mjs';
import { freshFloorIsolate } from './lib/isolate-floor.mjs';
import { cpuSnapshot } from './lib/cpu.mjs';
import { clientsPass } from './lib/clients.mjs';

const root = new URL('..', import.meta.url).pathname;
const arg = (name, fallback) => (process.argv.includes(`--${name}`) ? Number(process.argv[process.argv.indexOf(`--${name}`) + 1]) : fallback);
const ROUNDS = arg('rounds', 3);
const SECONDS = arg('seconds', 3);
const CORES = availableParallelism();
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const codeFile = join(root, 'resources/fixtures/transformations/mask-pii.js');
const libraryFile = join(root, 'resources/fixtures/libraries/event-utils.js');
const code = readFileSync(codeFile, 'utf8');
const libraryCode = readFileSync(libraryFile, 'utf8');
const events = JSON.parse(execFileSync(process.execPath, [join(root, 'scripts/gen-events.mjs'), '--count', '10000', '--format', 'json'], { maxBuffer: 256 * 1024 * 1024 }));
const bodyOf = (batch) => JSON.stringify({ code, events: batch, libraries: [{ name: 'Event Utils', code: libraryCode }] });
const small = bodyOf(events.slice(0, 10));
const batches = [];
for (let i = 0; i < events.length; i += 200) batches.push(events.slice(i, i + 200));
const bodies = batches.map(bodyOf);

/** Starts the floor's core (and its sandbox processes); resolves with its URL and pid. `warm`: one context for all requests. */
async function startFloor(warm = false) {
  const child = spawn(process.execPath, ['--no-node-snapshot', join(root, 'bench/lib/process-floor-core.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, FLOOR_CODE: codeFile, FLOOR_LIBRARY: libraryFile, FLOOR_PROCESSES: String(CORES), ...(warm ? { FLOOR_WARM: '1' } : {}) },
  });
  const url = await new Promise((resolve, reject) => {
    child.stdout.once('data', (d) => resolve(String(d).trim()));
    child.once('exit', (c) => reject(new Error(`the floor's core exited with ${c}`)));
  });
  return { url, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

const studio = await startBenchHost(builtHeadless(), 'bench-floor-');
const floor = await startFloor();
const warmFloor = await startFloor(true);
const post = (target, auth) => async (body, expected) => {
  const res = await fetch(`${target}/studio/api/test`, { method: 'POST', headers: { ...(auth ? { authorization: auth } : {}), 'content-type': 'application/json' }, body });
  const json = await res.json();
  if (res.status !== 200 || json.transformedEvents.length !== expected) throw new Error(`unexpected answer ${res.status}: ${JSON.stringify(json).slice(0, 200)}`);
};
const systems = [
  { name: 'studio', run: post(studio.url, studio.auth), pid: studio.pid },
  { name: 'floor', run: post(floor.url), pid: floor.pid },
  { name: 'warm floor', run: post(warmFloor.url), pid: warmFloor.pid },
];
const snapshotOf = (system) => () => cpuSnapshot({ clients: process.pid, core: system.pid });
const order = (round) => (round % 2 === 0 ? systems : [...systems].reverse());
// The fresh-context parts (3) compare the studio and the floor only.
const [studioSystem, floorSystem] = systems;

try {
  console.log(`Process-model floor vs the studio: mask-pii + Event Utils, ${CORES} cores (the floor: ${CORES} sandbox processes; the studio: its default), ${ROUNDS} rounds alternating`);
  console.log(`before: ${uptime()}`);
  // 1. 10-event latency.
  const p50s = { studio: [], floor: [], 'warm floor': [], get: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const s of order(round)) p50s[s.name].push((await latency(() => s.run(small, 10), 300, { ms: 2000 })).p50);
    p50s.get.push((await latency(async () => (await fetch(floor.url)).text(), 300, { ms: 500 })).p50);
  }
  console.log('\n1. POST /studio/api/test, 10 events, 300 sequential requests after 2 s back to back: p50 ms by round');
  console.table(Object.fromEntries(Object.entries(p50s).map(([k, v]) => [k === 'get' ? 'floor GET (one round trip)' : k, { rounds: v.map((x) => x.toFixed(2)).join(' '), median: median(v).toFixed(2) }])));
  console.log(`10-event p50: studio ${median(p50s.studio).toFixed(2)} ms, process-model floor ${median(p50s.floor).toFixed(2)} ms (target <= 1.3 ms); with one context for all requests ${median(p50s['warm floor']).toFixed(2)} ms`);

  // 2. One client against four.
  const ratios = { studio: [], floor: [], 'warm floor': [] };
  const cpu = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const s of order(round)) {
      const one = await clientsPass(() => s.run(small, 10), 1, SECONDS, snapshotOf(s));
      const four = await clientsPass(() => s.run(small, 10), 4, SECONDS, snapshotOf(s));
      ratios[s.name].push(four.rps / one.rps);
      cpu[`${s.name}, 1 client (round ${round + 1})`] = { 'req/s': Math.round(one.rps), ...one.cpu };
      cpu[`${s.name}, 4 clients (round ${round + 1})`] = { 'req/s': Math.round(four.rps), ...four.cpu };
    }
  }
  console.log('\n2. 10-event requests, 1 client then 4 clients, adjacent: CPU ms per request by thread (the floor\'s "sandbox" is its sandbox processes)');
  console.table(cpu);
  const line = (name) => `${median(ratios[name]).toFixed(2)} (rounds ${ratios[name].map((r) => r.toFixed(2)).join(' ')})`;
  console.log(`4 clients / 1 client: studio ${line('studio')}, process-model floor ${line('floor')} (target >= 1.5); with one context for all requests ${line('warm floor')}`);

  // 3. 200-event batches against the fresh-context floor in this process.
  const fresh = await freshFloorIsolate(createRequire(import.meta.url)('isolated-vm'), code, libraryCode);
  const timed = async (call) => {
    const start = performance.now();
    for (let i = 0; i < batches.length; i++) await call(i);
    return (performance.now() - start) / batches.length;
  };
  const paths = { fresh: (i) => fresh.call(batches[i]), studio: (i) => studioSystem.run(bodies[i], 200), floor: (i) => floorSystem.run(bodies[i], 200) };
  for (const run of Object.values(paths)) await timed(run);
  const ms = { fresh: [], studio: [], floor: [] };
  for (let round = 0; round < ROUNDS; round++) for (const [name, run] of Object.entries(paths)) ms[name].push(await timed(run));
  fresh.isolate.dispose();
  const toFresh = (name) => median(ms.fresh.map((f, i) => f / ms[name][i]));
  console.log('\n3. 10,000 events in 200-event batches, one at a time: ms per batch by round');
  console.table(Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, { rounds: v.map((x) => x.toFixed(2)).join(' '), median: median(v).toFixed(2) }])));
  console.log(`200-event batches / fresh-context floor: studio ${toFresh('studio').toFixed(2)}, process-model floor ${toFresh('floor').toFixed(2)} (target >= 0.6)`);
  console.log(`after: ${uptime()}`);
} finally {
  floor.stop();
  warmFloor.stop();
  await studio.stop();
}
