#!/usr/bin/env node
// Captured-events list/filter/count endpoints of the studio API (what the Events page calls)
// at 100k and 1M captured events, beside the floor: the same question asked as one plain
// indexed SQLite query (better-sqlite3, read-only connection to the same file) in the same run.
//
//   (builds the app first when out/ is stale)
//   node bench/events-ui-api.mjs [--sizes 100000,1000000] [--n 200]
//
// Seeds through POST /studio/api/events/import (NDJSON from scripts/gen-events.mjs, 100k a file).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { latency, startBenchHost } from './lib/headless-host.mjs';

const require = createRequire(import.meta.url);
const Database = require('better-sqlite3');
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const headless = join(root, 'out/main/headless.js');
const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []));
const sizes = (args.sizes ?? '100000,1000000').split(',').map(Number);
const N = Number(args.n ?? 200);
const CHUNK = 100_000;

const { buildIfStale } = await import(join(root, 'scripts/build-if-stale.mjs'));
buildIfStale();
if (!existsSync(headless)) {
  console.error(`${headless} is missing: build first.`);
  process.exit(2);
}

const fmt = (n) => n.toFixed(2).padStart(8);
const host = await startBenchHost(headless, 'bench-events-ui-');
const call = async (path, init = {}, retried = false) => {
  let response;
  try {
    response = await fetch(`${host.url}${path}`, { ...init, headers: { authorization: host.auth, 'content-type': 'application/json', ...init.headers } });
  } catch (error) {
    // A kept-alive connection the server closed just as it was reused: once more on a new one.
    if (retried || error?.cause?.code !== 'UND_ERR_SOCKET') throw error;
    return call(path, init, true);
  }
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  return JSON.parse(text);
};

try {
  console.log(`events UI API bench: ${N} sequential calls per scenario (p50/p99 ms); machine: ${cpus().length} CPU(s), Node ${process.version}\n`);
  const source = (await call('/studio/api/sources')).sources[0];
  let stored = 0;
  for (const size of sizes) {
    const seeding = Date.now();
    while (stored < size) {
      const ndjson = execFileSync(process.execPath, [join(root, 'scripts/gen-events.mjs'), '--count', String(CHUNK), '--seed', String(stored + 1), '--format', 'ndjson'], { maxBuffer: 512 * 1024 * 1024 }).toString('utf8');
      const report = await call('/studio/api/events/import', { method: 'POST', body: JSON.stringify({ sourceId: source.id, format: 'ndjson', content: ndjson }) });
      stored += report.imported;
    }
    console.log(`${stored.toLocaleString('en-US')} captured events (seeded through the import endpoint in ${((Date.now() - seeding) / 1000).toFixed(1)} s)`);
    const db = new Database(join(host.dataDir, 'studio.db'), { readonly: true, fileMustExist: true });
    const midSeq = Math.floor(stored / 2);
    const mid = db.prepare('SELECT received_at FROM captured_events WHERE seq >= ? ORDER BY seq LIMIT 1').get(midSeq).received_at;
    const top = db.prepare('SELECT max(seq) AS s FROM captured_events').get().s;
    const where = 'properties.revenue > 100';
    const scenarios = [
      ['newest 100', '/studio/api/events?limit=100', 'SELECT * FROM captured_events ORDER BY seq DESC LIMIT 100', []],
      ['type=track, 100', '/studio/api/events?limit=100&type=track', 'SELECT * FROM captured_events WHERE type = ? ORDER BY seq DESC LIMIT 100', ['track']],
      ['from=middle, 100', `/studio/api/events?limit=100&from=${encodeURIComponent(mid)}`, 'SELECT * FROM captured_events WHERE received_at >= ? ORDER BY seq DESC LIMIT 100', [mid]],
      [`where ${where}, 100`, `/studio/api/events?limit=100&where=${encodeURIComponent(where)}`, "SELECT * FROM captured_events WHERE json_extract(event, '$.properties.revenue') > 100 ORDER BY seq DESC LIMIT 100", []],
      ['page at offset n/2 (virtual scroll)', `/studio/api/events?limit=100&cursor=${top + 1}&offset=${midSeq}`, 'SELECT * FROM captured_events ORDER BY seq DESC LIMIT 100 OFFSET ?', [midSeq]],
      ['last page, type=track (scrolled to the end)', `/studio/api/events?limit=100&type=track&cursor=${top + 1}&offset=${Math.floor(stored * 0.3)}`, 'SELECT * FROM captured_events WHERE type = ? ORDER BY seq DESC LIMIT 100 OFFSET ?', ['track', Math.floor(stored * 0.3)]],
      ['counts per type', '/studio/api/events/counts', 'SELECT type, count(*) FROM captured_events GROUP BY type', []],
      ['counts per type, type=track', '/studio/api/events/counts?type=track', 'SELECT type, count(*) FROM captured_events GROUP BY type', []],
      [`counts per type, where ${where}`, `/studio/api/events/counts?where=${encodeURIComponent(where)}`, "SELECT type, count(*) FROM captured_events WHERE json_extract(event, '$.properties.revenue') > 100 GROUP BY type", []],
      [`counts, where ${where}: first step (budgetMs=150)`, `/studio/api/events/counts?where=${encodeURIComponent(where)}&budgetMs=150`, "SELECT type, count(*) FROM captured_events WHERE json_extract(event, '$.properties.revenue') > 100 GROUP BY type", []],
      ['stats (live tail poll)', '/studio/api/events/stats', 'SELECT count(*) FROM captured_events', []],
    ];
    console.log(`  ${'scenario'.padEnd(46)} ${'API p50'.padStart(8)} ${'API p99'.padStart(8)} | ${'SQL p50'.padStart(8)} ${'SQL p99'.padStart(8)}  (floor: one indexed SQLite query, no HTTP)`);
    for (const [name, path, sql, params] of scenarios) {
      // Scans (counts, JSON paths, deep offsets) take seconds at 1M: fewer calls there.
      const heavy = /where|offset|end|counts|stats/.test(name) && stored >= 1_000_000;
      const n = heavy ? Math.max(10, Math.floor(N / 20)) : N;
      const warmUp = heavy ? 2 : 10;
      const api = await latency(() => call(path), n, warmUp);
      const statement = db.prepare(sql);
      const floor = await latency(async () => statement.all(...params), n, warmUp);
      console.log(`  ${name.padEnd(46)} ${fmt(api.p50)} ${fmt(api.p99)} | ${fmt(floor.p50)} ${fmt(floor.p99)}   x${(api.p50 / Math.max(floor.p50, 0.001)).toFixed(1)}  (n=${n})`);
    }
    db.close();
    console.log('');
  }
} finally {
  await host.stop();
}
