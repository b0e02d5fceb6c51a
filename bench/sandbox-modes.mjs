#!/usr/bin/env node
// How a transform run crosses into its isolate, mode against mode, each beside the floor of
// bench/sandbox.mjs (a bare isolated-vm isolate, same module, one call per batch, copy in and out).
//
//   node --no-node-snapshot bench/sandbox-modes.mjs [fixture …]
//
// Modes (createSandbox options):
//   isolate thread, whole   syncRuns: false  (the batch handed to the isolate's thread, one
//                           answer at the end)
//   isolate thread, parts   syncRuns: false, answerInParts: true  (the answer in parts through
//                           an ignored callback)
//   process thread, whole   the default  (applySync on the sandbox process's thread, the batch in
//                           one message, one answer)
//   process thread, parts   answerInParts: true  (parts through a synchronous callback)
//   ... batch in pieces     answerInParts: true, stageBatches: true  (the batch's first half
//                           staged into the isolate while the core serialises the second)
// 10,000 generated events in batches of 200, one batch at a time, every mode warm in its own
// sandbox. Each round: a floor pass, one pass of every mode (the order reversed every other round),
// a floor pass; a mode's ratio is the mean of the round's two floor passes over its pass, and the
// figure is the median round's. Adjacent passes, because this machine's speed drifts.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { buildBenchEntries } from './lib/build-entries.mjs';
import { floorIsolate } from './lib/isolate-floor.mjs';

if (!process.execArgv.includes('--no-node-snapshot') && !(process.env.NODE_OPTIONS ?? '').includes('--no-node-snapshot')) {
  console.error('run with: node --no-node-snapshot bench/sandbox-modes.mjs');
  process.exit(2);
}

const root = new URL('..', import.meta.url).pathname;
const ivm = createRequire(import.meta.url)('isolated-vm');
const BATCH = 200;
const EVENTS = 10_000;
const ROUNDS = 8;
const MODES = {
  'isolate thread, whole': { syncRuns: false },
  'isolate thread, parts': { syncRuns: false, answerInParts: true },
  'process thread, whole': {},
  'process thread, parts': { answerInParts: true },
  '... batch in pieces': { answerInParts: true, stageBatches: true },
};
const fixtures = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['mask-pii', 'drop-internal', 'split-order', 'dedupe-batch', 'faulty'];
const library = { importName: 'eventUtils', code: readFileSync(join(root, 'resources/fixtures/libraries/event-utils.js'), 'utf8') };
const events = JSON.parse(execFileSync(process.execPath, [join(root, 'scripts/gen-events.mjs'), '--count', String(EVENTS), '--format', 'json'], { maxBuffer: 256 * 1024 * 1024 }));
const batches = [];
for (let i = 0; i < events.length; i += BATCH) batches.push(events.slice(i, i + BATCH));

const { sandbox: sandboxEntry } = await buildBenchEntries();
const { createSandbox } = await import(sandboxEntry);

const timed = async (each) => {
  const start = performance.now();
  for (const batch of batches) await each(batch);
  return performance.now() - start;
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

console.log(`Sandbox modes: ${EVENTS.toLocaleString('en-US')} events in batches of ${BATCH}, one at a time; ratio to the floor (median of ${ROUNDS} rounds)\n`);
const rows = [];
for (const name of fixtures) {
  const code = readFileSync(join(root, `resources/fixtures/transformations/${name}.js`), 'utf8');
  const floor = await floorIsolate(ivm, code, library.code);
  const sandboxes = Object.entries(MODES).map(([mode, options]) => ({ mode, sandbox: createSandbox({ poolSize: 4, ...options }) }));
  const pass = (sandbox) => timed((batch) => sandbox.transform({ code, events: batch, libraries: [library], cacheKey: 'bench' }));
  await timed(floor.call);
  for (const { sandbox } of sandboxes) await pass(sandbox);
  const ratios = new Map(sandboxes.map(({ mode }) => [mode, []]));
  let floorMs = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? sandboxes : [...sandboxes].reverse();
    const before = await timed(floor.call);
    const took = [];
    for (const { mode, sandbox } of order) took.push([mode, await pass(sandbox)]);
    const after = await timed(floor.call);
    floorMs = Math.min(floorMs, before, after);
    for (const [mode, ms] of took) ratios.get(mode).push((before + after) / 2 / ms);
  }
  for (const { sandbox } of sandboxes) sandbox.close();
  floor.isolate.dispose();
  rows.push({ transformation: name, 'floor ms/batch': (floorMs / batches.length).toFixed(2), ...Object.fromEntries([...ratios].map(([mode, r]) => [mode, median(r).toFixed(2)])) });
}
console.table(rows);
const geo = (mode) => Math.exp(rows.reduce((sum, row) => sum + Math.log(Number(row[mode])), 0) / rows.length).toFixed(2);
console.log(`geometric mean: ${Object.keys(MODES).map((mode) => `${mode} ${geo(mode)}`).join(', ')} (target for the default, the last: >= 0.70)`);
process.exit(0);
