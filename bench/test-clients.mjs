#!/usr/bin/env node
// Concurrent clients of the test endpoint: events/s of POST /studio/api/test with one client and
// with four at once, in adjacent pairs, on the built headless host (a child process).
//
//   node --no-node-snapshot bench/test-clients.mjs [--events 10] [--clients 4] [--seconds 3] [--pairs 5] [--processes N]
//
// Each request: mask-pii + the Event Utils library given by code, `--events` generated events.
// A client sends its next request when the previous one is answered. One pass: `--seconds` of one
// client, then the same of `--clients` clients (or the other way round every other pair); the pair's
// ratio is (events/s with N clients) / (events/s with one), and the figure is the median pair's
// (this machine's speed drifts: adjacent passes compare like with like). Warm-up first: the
// clients at once for 2 s (every isolate they need is made), then one client for 1 s.
// `--processes N` starts the host with STUDIO_SANDBOX_PROCESSES=N (default: the host's own
// default, cores - 1); BENCH_HEADLESS=path/to/out/main/headless.js runs another build. `uptime` is printed with the figures: a busy machine makes them meaningless.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { builtHeadless, startBenchHost } from './lib/headless-host.mjs';
import { cpuSnapshot } from './lib/cpu.mjs';
import { clientsPass } from './lib/clients.mjs';

const root = new URL('..', import.meta.url).pathname;
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const EVENTS = arg('events', 10);
const CLIENTS = arg('clients', 4);
const SECONDS = arg('seconds', 3);
const PAIRS = arg('pairs', 5);
const PROCESSES = arg('processes', undefined);
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

const events = JSON.parse(execFileSync(process.execPath, [join(root, 'scripts/gen-events.mjs'), '--count', String(EVENTS), '--format', 'json'], { maxBuffer: 64 * 1024 * 1024 }));
const code = readFileSync(join(root, 'resources/fixtures/transformations/mask-pii.js'), 'utf8');
const libraryCode = readFileSync(join(root, 'resources/fixtures/libraries/event-utils.js'), 'utf8');
const body = JSON.stringify({ code, events, libraries: [{ name: 'Event Utils', code: libraryCode }] });

// BENCH_HEADLESS: another build's headless.js (e.g. a checkout of an older commit), for a before/after.
const host = await startBenchHost(process.env.BENCH_HEADLESS ?? builtHeadless(), 'bench-clients-', PROCESSES ? { env: { STUDIO_SANDBOX_PROCESSES: String(PROCESSES) } } : {});
const testRun = async () => {
  const res = await fetch(`${host.url}/studio/api/test`, { method: 'POST', headers: { authorization: host.auth, 'content-type': 'application/json' }, body });
  const json = await res.json();
  if (res.status !== 200 || json.transformedEvents.length !== EVENTS) throw new Error(`unexpected answer ${res.status}: ${JSON.stringify(json).slice(0, 200)}`);
};

// CPU time per thread (/proc, 10 ms ticks) of this process (the clients), the host (the core) and
// its sandbox processes: per request, each one's main thread and its other threads (isolates, GC).
const snapshot = () => cpuSnapshot({ clients: process.pid, core: host.pid });

/** `clients` clients for `seconds`: events/s answered, the p50 latency (ms), CPU ms per request by thread. */
async function pass(clients, seconds) {
  const r = await clientsPass(testRun, clients, seconds, snapshot);
  return { evs: r.rps * EVENTS, p50: r.p50, cpu: r.cpu };
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');
try {
  console.log(`POST /studio/api/test, ${EVENTS} events of mask-pii (+ Event Utils), 1 client vs ${CLIENTS} clients, ${SECONDS} s passes, ${PAIRS} adjacent pairs (the order alternates); ${availableParallelism()} cores; sandbox processes: ${PROCESSES ?? 'the host default (cores - 1, at least 1)'}`);
  console.log(`before: ${uptime()}`);
  await pass(CLIENTS, 2);
  await pass(1, 1);
  const pairs = [];
  for (let i = 0; i < PAIRS; i++) {
    const one = i % 2 === 0 ? await pass(1, SECONDS) : undefined;
    const many = await pass(CLIENTS, SECONDS);
    const single = one ?? (await pass(1, SECONDS));
    pairs.push({ one: single, many, ratio: many.evs / single.evs });
  }
  console.table(
    pairs.map((p, i) => ({
      pair: i + 1,
      '1 client ev/s': fmt(p.one.evs),
      '1 client p50 ms': p.one.p50.toFixed(2),
      [`${CLIENTS} clients ev/s`]: fmt(p.many.evs),
      [`${CLIENTS} clients p50 ms`]: p.many.p50.toFixed(2),
      ratio: p.ratio.toFixed(2),
    })),
  );
  const median = [...pairs].sort((a, b) => a.ratio - b.ratio)[Math.floor(PAIRS / 2)];
  console.log(`${CLIENTS} clients / 1 client, median pair: ${median.ratio.toFixed(2)} (${fmt(median.many.evs)} vs ${fmt(median.one.evs)} ev/s; target >= 1.5); pairs sorted: ${pairs.map((p) => p.ratio.toFixed(2)).sort().join(' ')}`);
  console.log('CPU ms per request of the median pair, by thread (/proc ticks of 10 ms):');
  console.table({ '1 client': median.one.cpu, [`${CLIENTS} clients`]: median.many.cpu });
  console.log(`after: ${uptime()}`);
} finally {
  await host.stop();
}
