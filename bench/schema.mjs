#!/usr/bin/env node
// The learned event schema at scale (issue 33): the built headless host takes N events through
// /v1/batch (default 1,000,000: 50,000 generated events sent again and again), then the
// background fold catches up. Prints, beside floors measured in the same run:
// - the fold's throughput (events/s) once traffic stops, and how far behind it was when it did;
// - the editor's completion items: GET /studio/api/schema/fields (once per editor open) and the
//   items the editor computes per keystroke (the renderer's own modules, run here from source),
//   against a floor of GET /studio/api/sources (the smallest studio API answer);
// - the schema's size: rows and bytes of its tables (SQLite dbstat) beside captured_events, and the
//   core's resident memory before and after folding.
//
//   node --no-node-snapshot bench/schema.mjs [--events 1000000] [--connections 8]
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchHost } from './lib/headless-host.mjs';
import '../src/main/sandbox/child/source-hooks.mjs'; // the renderer's modules run from their .ts sources

const require = createRequire(import.meta.url);
const Database = require('better-sqlite3');
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = Object.fromEntries(process.argv.slice(2).reduce((p, a, i, all) => (a.startsWith('--') ? [...p, [a.slice(2), all[i + 1]]] : p), []));
const total = Number(args.events ?? 1_000_000);
const connections = Number(args.connections ?? 8);
const fmt = (n, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

const { buildIfStale } = await import(join(root, 'scripts/build-if-stale.mjs'));
buildIfStale();
const { indexFields } = await import('../src/renderer/editor/event-schema/event-fields.ts');
const { pathOptions, nameOptions } = await import('../src/renderer/editor/event-schema/event-completion.ts');

const bodies = execFileSync(process.execPath, [join(root, 'scripts/gen-events.mjs'), '--count', '50000', '--format', 'batch', '--batch-size', '100', '--seed', '33'], { maxBuffer: 256 * 1024 * 1024 })
  .toString('utf8').trim().split('\n');
const host = await startBenchHost(join(root, 'out/main/headless.js'), 'bench-schema-');
const write = { authorization: `Basic ${Buffer.from('bench-write-key:').toString('base64')}`, 'content-type': 'application/json' };
const api = async (path, init = {}) => {
  const response = await fetch(`${host.url}${path}`, { ...init, headers: { authorization: host.auth, ...init.headers } });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
};
try {
  console.log(`schema bench: ${fmt(total)} events through /v1/batch (${connections} connections), machine shared; Node ${process.version}`);
  const rssStart = rssMb(host.pid);
  let next = 0;
  const started = performance.now();
  const requests = Math.ceil(total / 100);
  await Promise.all(Array.from({ length: connections }, async () => {
    for (let i = next++; i < requests; i = next++) {
      const response = await fetch(`${host.url}/v1/batch`, { method: 'POST', headers: write, body: bodies[i % bodies.length] });
      if ((await response.text()) !== 'OK') throw new Error(`batch ${i} refused`);
    }
  }));
  const ingestSeconds = (performance.now() - started) / 1000;
  const atStop = (await api('/studio/api/schema/fields')).status;
  console.log(`ingest: ${fmt(atStop.latestId)} events in ${fmt(ingestSeconds, 1)} s (${fmt(atStop.latestId / ingestSeconds)} events/s); the fold had ${fmt(atStop.foldedUpTo)} (it yields while events pour in)`);
  const rssIngested = rssMb(host.pid);
  const foldStart = performance.now();
  let status = atStop;
  while (status.behind > 0) {
    await sleep(200);
    status = (await api('/studio/api/schema/fields')).status;
  }
  const foldSeconds = (performance.now() - foldStart) / 1000;
  console.log(`fold caught up: ${fmt(atStop.behind)} events in ${fmt(foldSeconds, 1)} s after traffic stopped (${fmt(atStop.behind / foldSeconds)} events/s)`);
  const rssFolded = rssMb(host.pid);

  // Completion: the fields call (once per editor open) and the items per keystroke, beside the floor.
  const floor = [];
  const call = [];
  const cold = [];
  let response;
  for (let i = 0; i < 30; i++) {
    let t = performance.now();
    await api('/studio/api/sources');
    floor.push(performance.now() - t);
    t = performance.now();
    response = await api('/studio/api/schema/fields');
    call.push(performance.now() - t);
    t = performance.now();
    const fields = indexFields(response);
    pathOptions(fields, 'properties');
    cold.push(performance.now() - t);
  }
  const fields = indexFields(response);
  const keystroke = [];
  for (let i = 0; i < 300; i++) {
    const t = performance.now();
    const n = pathOptions(fields, ['', 'properties', 'context', 'context.traits', 'traits'][i % 5]).length + nameOptions(fields).length;
    keystroke.push(performance.now() - t);
    if (n === 0) throw new Error('no completion items');
  }
  const items = pathOptions(fields, 'properties');
  const firstOpen = median(call) + median(cold);
  console.log(`\nscenario (${fmt(status.latestId)} captured events)                    p50 ms   p95 ms`);
  console.log(`floor: GET /studio/api/sources                              ${fmt(median(floor), 2).padStart(6)} ${fmt(p95(floor), 2).padStart(8)}`);
  console.log(`GET /studio/api/schema/fields (${fmt(response.fields.length)} fields, ${fmt(JSON.stringify(response).length / 1024)} KB)   ${fmt(median(call), 2).padStart(6)} ${fmt(p95(call), 2).padStart(8)}   ${fmt(median(call) / median(floor), 1)} × floor`);
  console.log(`index + items after event.properties. (first keystroke)     ${fmt(median(cold), 2).padStart(6)} ${fmt(p95(cold), 2).padStart(8)}`);
  console.log(`items per keystroke (${items.length} under properties)                 ${fmt(median(keystroke), 3).padStart(6)} ${fmt(p95(keystroke), 3).padStart(8)}`);
  console.log(`completion items at editor open (fields call + items): ${fmt(firstOpen, 1)} ms p50 (target ≤ 50) → ${firstOpen <= 50 ? 'met' : 'NOT met'}; then ${fmt(median(keystroke), 3)} ms per keystroke`);
  const db = new Database(join(host.dataDir, 'studio.db'), { readonly: true });
  const bytes = (table) => db.prepare("SELECT coalesce(sum(pgsize), 0) AS n FROM dbstat WHERE name = ?").get(table).n;
  const rows = (table) => db.prepare(`SELECT count(*) AS n FROM ${table}`).get().n;
  const schemaBytes = bytes('schema_events') + bytes('schema_paths');
  const fileBytes = db.pragma('page_count', { simple: true }) * db.pragma('page_size', { simple: true });
  console.log(
    `schema on disk: ${fmt(rows('schema_events'))} event buckets + ${fmt(rows('schema_paths'))} path rows = ${fmt(schemaBytes / 1024)} KB; ` +
      `the whole database ${fmt(fileBytes / 1024 / 1024)} MB (${fmt((100 * schemaBytes) / fileBytes, 3)} %)`,
  );
  db.close();
  console.log(`core RSS: ${fmt(rssStart)} MB at start, ${fmt(rssIngested)} MB after ingest, ${fmt(rssFolded)} MB after the fold (its working set is one batch of 500 events)`);
} finally {
  await host.stop().catch(() => {});
}
