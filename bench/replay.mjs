#!/usr/bin/env node
// Replay throughput, compare throughput, server memory and test-bench latency during a replay,
// against a floor measured in the same run.
//
//   node --no-node-snapshot bench/replay.mjs [--events 100000] [--only mask-pii,faulty] [--processes N]
//
// 1. 100,000 generated events (gen-events.mjs) are captured through /v1/batch on the built
//    headless host (a child process).
// 2. Each fixture transformation is saved as a version and replayed over all of them
//    (POST /studio/api/replay/runs, filter {}), timed from the request to status "done"; then a
//    compare of that version against a second version of the same code.
// 3. Floor: the single-thread fresh-context floor: a bare isolated-vm isolate that, for every
//    200-event batch over the same events already in memory, makes a new context, loads the same
//    module from V8's code cache and calls one function once (no SQLite, no HTTP, no checks).
//    The floor and the replay are measured in 3 pairs (floor, then replay), each measurement
//    starting once the server and its sandbox processes are quiet; the pair with the median
//    ratio is the figure, every pair's ratio printed beside it.
// 4. CPU per batch of the server and of its sandbox processes (main thread and other threads).
// 5. Peak RSS of the server and its sandbox processes together, sampled every 100 ms (a sandbox
//    process recycled meanwhile counts while it lived), each process's share at that moment, the
//    server's own peak (VmHWM), and the peak of the tree's summed PSS (shared pages counted once);
//    p50/p99 of a 10-event POST /studio/api/test while a replay runs.
// 6. Every core: the first fixture's replay and compare with 1 sandbox process and with N
//    (STUDIO_SANDBOX_PROCESSES; `--processes N`, default max(2, cores - 1)), the host restarted on
//    the same data folder for each, in adjacent pairs (1, then N), events/s of each and N/1.
//    The rest of the bench runs with the host's default (cores - 1, at least 1).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { hostCaller, latency, startBenchHost } from './lib/headless-host.mjs';
import { freshFloorIsolate } from './lib/isolate-floor.mjs';
import { cpuPer, cpuSnapshot as cpuSnapshotOf, waitQuiet } from './lib/cpu.mjs';
import { treeMemorySampler } from './lib/tree-memory.mjs';

if (!process.execArgv.includes('--no-node-snapshot') && !(process.env.NODE_OPTIONS ?? '').includes('--no-node-snapshot')) {
  console.error('run with: node --no-node-snapshot bench/replay.mjs');
  process.exit(2);
}

const root = new URL('..', import.meta.url).pathname;
const ivm = createRequire(import.meta.url)('isolated-vm');
const argIndex = process.argv.indexOf('--events');
const EVENTS = argIndex > 0 ? Number(process.argv[argIndex + 1]) : 100_000;
const BATCH = 200;
const ROUNDS = 3; // pairs of floor and replay measurements; the median pair counts
const onlyIndex = process.argv.indexOf('--only'); // e.g. --only mask-pii,faulty (while profiling)
const processesIndex = process.argv.indexOf('--processes');
const PROCESSES = processesIndex > 0 ? Number(process.argv[processesIndex + 1]) : Math.max(2, availableParallelism() - 1);
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const fixtures = ['mask-pii', 'drop-internal', 'split-order', 'dedupe-batch', 'faulty'].filter((f) => onlyIndex < 0 || process.argv[onlyIndex + 1].split(',').includes(f));
const libraryCode = readFileSync(join(root, 'resources/fixtures/libraries/event-utils.js'), 'utf8');
const codeOf = (name) => readFileSync(join(root, `resources/fixtures/transformations/${name}.js`), 'utf8');
const fmt = (n) => Math.round(n).toLocaleString('en-US');
const seconds = (start) => Number(process.hrtime.bigint() - start) / 1e9;

const events = JSON.parse(
  execFileSync(process.execPath, [join(root, 'scripts/gen-events.mjs'), '--count', String(EVENTS), '--format', 'json'], { maxBuffer: 1024 * 1024 * 1024 }),
);

// ---- floor: the bare isolate over the same events in memory, a new context and one call per 200-event batch ----
async function floor(code) {
  const { isolate, call } = await freshFloorIsolate(ivm, code, libraryCode);
  for (let i = 0; i < 5 * BATCH; i += BATCH) await call(events.slice(i, i + BATCH));
  const start = process.hrtime.bigint();
  for (let i = 0; i < events.length; i += BATCH) await call(events.slice(i, i + BATCH));
  const s = seconds(start);
  isolate.dispose();
  return events.length / s;
}

const headless = join(root, 'out/main/headless.js'); // npm run bench builds first
const dataDir = mkdtempSync(join(tmpdir(), 'bench-replay-'));
let host = await startBenchHost(headless, 'bench-replay-', { dataDir });
let { url } = host;
/** The host again on the same data folder, with `processes` sandbox processes (undefined: its default). */
const restart = async (processes) => {
  await host.stop();
  host = await startBenchHost(headless, 'bench-replay-', { dataDir, env: processes ? { STUDIO_SANDBOX_PROCESSES: String(processes) } : {} });
  ({ url } = host);
};
const call = hostCaller(() => host);
const writeAuth = `Basic ${Buffer.from('bench-write-key:').toString('base64')}`;

async function captureAll() {
  const start = process.hrtime.bigint();
  let next = 0;
  const worker = async () => {
    while (next < events.length) {
      const slice = events.slice(next, (next += 500));
      const res = await fetch(`${url}/v1/batch`, { method: 'POST', headers: { authorization: writeAuth, 'content-type': 'application/json' }, body: JSON.stringify({ batch: slice }) });
      if (res.status !== 200) throw new Error(`capture: ${res.status} ${await res.text()}`);
      await res.text();
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return seconds(start);
}

async function timedRun(body) {
  const cpuBefore = cpuSnapshot();
  const start = process.hrtime.bigint();
  const run = await call('POST', '/studio/api/replay/runs', body);
  const createS = seconds(start);
  for (;;) {
    const state = await call('GET', `/studio/api/replay/runs/${run.id}`);
    if (!['queued', 'running'].includes(state.status)) {
      if (state.status !== 'done' || state.done !== EVENTS) throw new Error(`run ended ${state.status} at ${state.done}: ${state.error}`);
      return { s: seconds(start), createS, run: state, cpu: cpuPerBatch(cpuBefore, cpuSnapshot()) };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
const cpuSnapshot = () => cpuSnapshotOf({ core: host.pid });
// CPU ms per 200-event batch between two snapshots: core main thread, core other threads,
// sandbox processes' main threads, their other threads (isolates run there).
const cpuPerBatch = (before, after) => cpuPer(before, after, EVENTS / BATCH);
const cpuCells = (prefix, c) => ({ [`${prefix} core ms/batch`]: `${c['core main']} + ${c['core other']}`, [`${prefix} sandbox ms/batch`]: `${c['sandbox main'] ?? '0.00'} + ${c['sandbox other'] ?? '0.00'}` });
// The tree's resident memory (the server and its sandbox processes), sampled every 100 ms.
const memory = treeMemorySampler(() => host.pid);
const quiet = () => waitQuiet(cpuSnapshot);

try {
  const captureS = await captureAll();
  console.log(`replay bench: ${fmt(EVENTS)} events captured through /v1/batch in ${captureS.toFixed(1)} s; batches of ${BATCH}, one sandbox call per batch per version`);
  console.log(`peak RSS of the server and its sandbox processes during capture ${memory.describe()}`);
  memory.reset();
  console.log('floor = the single-thread fresh-context floor: a bare isolated-vm isolate, for every 200-event batch over the same events in memory a new context, the same module from the code cache, one call');
  console.log(`before: ${uptime()}`);
  console.log(`floor and replay: ${ROUNDS} pairs (floor, then replay; the compare after the first pair), each measurement starting once the server and its sandbox processes are quiet (< 3% of a core over 300 ms); the pair with the median ratio is the figure\n`);
  await call('POST', '/libraries', { name: 'Event Utils', code: libraryCode });
  const rows = [];
  const cpuRows = [];
  let lastVersions;
  let firstVersions;
  for (const name of fixtures) {
    const code = codeOf(name);
    const v1 = await call('POST', '/transformations', { name, code });
    const v2 = await call('POST', `/transformations/${v1.id}`, { code: `${code}\n// v2` });
    // The floor and the replay are measured in ROUNDS pairs, one right after the other (floor,
    // replay; the compare after the first pair), each starting with the server quiet. The
    // machine's speed drifts from one moment to the next, so each pair's own ratio is what
    // compares like with like: the pair with the median ratio is the row's figure, every pair's
    // ratio is printed beside it, and the compare is set against that pair's floor.
    const replayBody = { source: { kind: 'filter', filter: {} }, target: { kind: 'version', versionId: v1.versionId } };
    const pairs = [];
    let compare;
    for (let round = 0; round < ROUNDS; round++) {
      await quiet();
      const floorRate = await floor(code);
      await quiet();
      const run = await timedRun(replayBody);
      pairs.push({ floorRate, run, ratio: EVENTS / run.s / floorRate });
      if (round === 0) {
        await quiet();
        compare = await timedRun({ ...replayBody, compareWith: { kind: 'version', versionId: v2.versionId } });
        await call('DELETE', `/studio/api/replay/runs/${compare.run.id}`);
      }
      await call('DELETE', `/studio/api/replay/runs/${run.run.id}`);
    }
    const median = [...pairs].sort((x, y) => x.ratio - y.ratio)[Math.floor(ROUNDS / 2)];
    const replay = median.run;
    const floorRate = median.floorRate;
    const replayRate = EVENTS / replay.s;
    const compareRate = EVENTS / compare.s;
    rows.push({
      transformation: name,
      'replay ev/s': fmt(replayRate),
      'compare ev/s': fmt(compareRate),
      'floor ev/s': fmt(floorRate),
      'replay/floor': (replayRate / floorRate).toFixed(2),
      'compare/floor': (compareRate / floorRate).toFixed(2),
      'replay/floor by pair': pairs.map((p) => p.ratio.toFixed(2)).join(' '),
    });
    cpuRows.push({ transformation: name, 'create ms (replay)': (replay.createS * 1000).toFixed(0), 'wall ms/batch (replay)': ((replay.s * 1000 * BATCH) / EVENTS).toFixed(2), ...cpuCells('replay', replay.cpu), 'wall ms/batch (compare)': ((compare.s * 1000 * BATCH) / EVENTS).toFixed(2), ...cpuCells('compare', compare.cpu) });
    lastVersions = v1;
    firstVersions ??= { v1, v2 };
  }
  console.table(rows);
  console.log('CPU per 200-event batch (main thread + other threads; /proc ticks of 10 ms): where the wall time goes');
  console.table(cpuRows);
  console.log(`peak RSS of the server and its sandbox processes during the replays and compares ${memory.describe()}`);
  const minOf = (key) => Math.min(...rows.map((r) => Number(r[key])));
  console.log(`replay/floor min ${minOf('replay/floor').toFixed(2)} (target >= 0.80); compare/floor min ${minOf('compare/floor').toFixed(2)} (target >= 0.50); ${uptime()}`);

  // Test bench latency while a replay runs.
  const testBody = JSON.stringify({ code: codeOf('mask-pii'), events: events.slice(0, 10), libraries: [{ name: 'Event Utils', code: libraryCode }] });
  const testRun = async () => {
    const res = await fetch(`${url}/studio/api/test`, { method: 'POST', headers: { authorization: host.auth, 'content-type': 'application/json' }, body: testBody });
    const json = await res.json();
    if (res.status !== 200 || json.transformedEvents.length !== 10) throw new Error(`test run: ${res.status}`);
  };
  const idle = await latency(testRun, 200);
  // Replays one after the other for the whole measurement (one replay of 100,000 events ends
  // before 200 test runs do), so every test run happens while a replay runs.
  let replaying = true;
  const replayIds = [];
  const background = (async () => {
    while (replaying) {
      const run = await call('POST', '/studio/api/replay/runs', { source: { kind: 'filter', filter: {} }, target: { kind: 'version', versionId: lastVersions.versionId } });
      replayIds.push(run.id);
      while (replaying && ['queued', 'running'].includes((await call('GET', `/studio/api/replay/runs/${run.id}`)).status)) await new Promise((r) => setTimeout(r, 20));
    }
  })();
  while (replayIds.length === 0) await new Promise((r) => setTimeout(r, 5));
  const during = await latency(testRun, 200);
  replaying = false;
  const id = replayIds.at(-1);
  await call('POST', `/studio/api/replay/runs/${id}/cancel`).catch(() => {});
  await background;
  const state = await call('GET', `/studio/api/replay/runs/${id}`);
  console.log('\nPOST /studio/api/test (10 events, mask-pii), 200 sequential requests');
  console.table([
    { when: 'idle', 'p50 ms': idle.p50.toFixed(2), 'p99 ms': idle.p99.toFixed(2) },
    { when: `during replays (${replayIds.length} started one after the other; the last ${state.status} at ${fmt(state.done)} of ${fmt(state.total)})`, 'p50 ms': during.p50.toFixed(2), 'p99 ms': during.p99.toFixed(2) },
  ]);
  console.log(`test bench p99 during a replay ${during.p99.toFixed(2)} ms (target < 30 ms)`);
  console.log(`peak RSS of the server and its sandbox processes over the replays, compares and test runs ${memory.describe()} (target: peak PSS <= 400 MB)`);
  console.log(`after: ${uptime()}`);

  // 6. Every core: 1 sandbox process, then N, on the same data folder, adjacent pairs.
  const first = fixtures[0];
  const scaling = [];
  for (let pair = 0; pair < 2; pair++) {
    const figures = {};
    for (const processes of [1, PROCESSES]) {
      await restart(processes);
      const body = { source: { kind: 'filter', filter: {} }, target: { kind: 'version', versionId: firstVersions.v1.versionId } };
      await quiet();
      const replay = await timedRun(body);
      await quiet();
      const compare = await timedRun({ ...body, compareWith: { kind: 'version', versionId: firstVersions.v2.versionId } });
      for (const run of [replay, compare]) await call('DELETE', `/studio/api/replay/runs/${run.run.id}`);
      figures[processes] = { replay: EVENTS / replay.s, compare: EVENTS / compare.s };
    }
    scaling.push({ pair: pair + 1, 'replay ev/s, 1 process': fmt(figures[1].replay), [`replay ev/s, ${PROCESSES} processes`]: fmt(figures[PROCESSES].replay), 'replay N/1': (figures[PROCESSES].replay / figures[1].replay).toFixed(2), 'compare ev/s, 1 process': fmt(figures[1].compare), [`compare ev/s, ${PROCESSES} processes`]: fmt(figures[PROCESSES].compare), 'compare N/1': (figures[PROCESSES].compare / figures[1].compare).toFixed(2) });
  }
  console.log(`\n${first}: replay and compare with 1 and with ${PROCESSES} sandbox processes (STUDIO_SANDBOX_PROCESSES; the host restarted on the same data folder each time), adjacent pairs; ${availableParallelism()} cores`);
  console.table(scaling);
  console.log(`after: ${uptime()}`);
} finally {
  memory.stop();
  await host.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
