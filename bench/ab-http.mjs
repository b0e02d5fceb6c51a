#!/usr/bin/env node
// Does a change slow the ordinary test path? This build's headless host (A) beside another
// build's (B, e.g. a worktree without the change), on the same machine, in adjacent rounds.
//
//   npx electron-vite build   (here, and in the baseline's checkout)
//   node --no-node-snapshot bench/ab-http.mjs --baseline /path/to/checkout [--rounds 9]
//
// Each round runs, on A then on B (the order alternates between rounds, so drift favours neither):
// 200 sequential POST /studio/api/test of 10 events (p50), and 2,000 events as 200-event requests
// (events/s). The ratio of a round is B's time over A's (above 1: A is faster); the median round's
// ratio is the answer, every round printed beside it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { builtHeadless, latency, startBenchHost } from './lib/headless-host.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const baseline = arg('--baseline');
const ROUNDS = Number(arg('--rounds', '9'));
if (!baseline || !Number.isInteger(ROUNDS) || ROUNDS < 1) {
  console.error('usage: node --no-node-snapshot bench/ab-http.mjs --baseline DIR [--rounds N]');
  process.exit(2);
}
const root = new URL('..', import.meta.url).pathname;
const code = readFileSync(join(root, 'resources/fixtures/transformations/mask-pii.js'), 'utf8');
const library = { name: 'Event Utils', code: readFileSync(join(root, 'resources/fixtures/libraries/event-utils.js'), 'utf8') };
const events = JSON.parse(execFileSync(process.execPath, [join(root, 'scripts/gen-events.mjs'), '--count', '2000', '--format', 'json'], { maxBuffer: 64 * 1024 * 1024 }));

const hosts = { A: await startBenchHost(builtHeadless(), 'bench-ab-a-'), B: await startBenchHost(builtHeadless(baseline), 'bench-ab-b-') };
const post = async (host, batch) => {
  const res = await fetch(`${host.url}/studio/api/test`, {
    method: 'POST',
    headers: { authorization: host.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ code, events: batch, libraries: [library] }),
  });
  const json = await res.json();
  if (res.status !== 200 || json.transformedEvents.length !== batch.length) throw new Error(`unexpected answer ${res.status}: ${JSON.stringify(json).slice(0, 200)}`);
};
const ten = events.slice(0, 10);
const measure = async (host) => {
  const { p50 } = await latency(() => post(host, ten), 200, 10);
  const start = process.hrtime.bigint();
  for (let i = 0; i < events.length; i += 200) await post(host, events.slice(i, i + 200));
  return { p50, s: Number(process.hrtime.bigint() - start) / 1e9 };
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  for (const host of Object.values(hosts)) await measure(host); // warm-up
  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 ? ['B', 'A'] : ['A', 'B'];
    const m = {};
    for (const side of order) m[side] = await measure(hosts[side]);
    rounds.push({ round: r + 1, order: order.join(' then '), 'A p50 ms': m.A.p50.toFixed(2), 'B p50 ms': m.B.p50.toFixed(2), 'p50 B/A': (m.B.p50 / m.A.p50).toFixed(3), 'A ev/s': Math.round(events.length / m.A.s), 'B ev/s': Math.round(events.length / m.B.s), 'batches B/A': (m.B.s / m.A.s).toFixed(3) });
  }
  console.log(`A = ${root} (this build), B = ${resolve(baseline)}; mask-pii + Event Utils; ${ROUNDS} rounds, order alternating`);
  console.table(rounds);
  const p50 = median(rounds.map((r) => Number(r['p50 B/A'])));
  const batches = median(rounds.map((r) => Number(r['batches B/A'])));
  console.log(`median round: 10-event p50 B/A ${p50.toFixed(3)}, 200-event batches B/A ${batches.toFixed(3)} (1.00 = same speed; 0.95 = A is 5 % slower)`);
} finally {
  await Promise.all(Object.values(hosts).map((h) => h.stop()));
}
