#!/usr/bin/env node
// Management API latency on the built headless host (real HTTP, real SQLite file, real sandbox),
// each request against GET /studio/health on the same server in the same run (the floor of one
// HTTP round trip).
//
//   node --no-node-snapshot bench/management-api.mjs        (npm run bench runs every bench/*.mjs)
//
// Data: 50 transformations with 21 versions each, 5 libraries; one transformation imports a library.
import { loadavg } from 'node:os';
import { buildBenchEntries } from './lib/build-entries.mjs';
import { latency, startBenchHost } from './lib/headless-host.mjs';

if (!process.execArgv.includes('--no-node-snapshot') && !(process.env.NODE_OPTIONS ?? '').includes('--no-node-snapshot')) {
  console.error('run with: node --no-node-snapshot bench/management-api.mjs');
  process.exit(2);
}

const { headless } = await buildBenchEntries();
const host = await startBenchHost(headless, 'bench-management-');
const { url, auth } = host;

async function call(method, path, body) {
  const res = await fetch(url + path, {
    method,
    headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}


const IDENTITY = 'export function transformEvent(event) { return event; }';
const USES_LIB = `import { tag } from 'benchLib0';
export function transformEvent(event) { return { ...event, tag: tag(event) }; }`;
try {
  const libs = [];
  for (let i = 0; i < 5; i++) libs.push(await call('POST', '/libraries', { name: `Bench Lib ${i}`, code: `export function tag(e) { return e.type + ${i}; }` }));
  let last;
  for (let i = 0; i < 50; i++) {
    last = await call('POST', '/transformations', { name: `Bench ${i}`, code: i === 49 ? USES_LIB : IDENTITY });
    for (let v = 0; v < 20; v++) last = await call('POST', `/transformations/${last.id}`, { code: `${i === 49 ? USES_LIB : IDENTITY} // ${v}` });
  }
  const events = Array.from({ length: 10 }, (_, i) => ({ type: 'track', event: `E${i}`, messageId: `m${i}`, userId: 'u', properties: { i } }));
  const publishBody = { transformations: [{ versionId: last.versionId, testInput: JSON.stringify(events) }], libraries: [{ versionId: libs[0].versionId }] };

  const N = 300;
  const cases = [
    ['GET /studio/health (floor)', () => fetch(`${url}/studio/health`).then((r) => r.text())],
    ['GET /transformations (50)', () => call('GET', '/transformations')],
    ['GET /transformations/:id', () => call('GET', `/transformations/${last.id}`)],
    ['GET /transformations/:id/versions?count=20&orderBy=DESC', () => call('GET', `/transformations/${last.id}/versions?count=20&orderBy=DESC`)],
    ['GET /libraries (5)', () => call('GET', '/libraries')],
    ['POST /transformations/:id (new version)', () => call('POST', `/transformations/${last.id}`, { code: USES_LIB })],
    ['POST /transformations/libraries/test (lib + 10 events)', () => call('POST', '/transformations/libraries/test', publishBody)],
    ['POST /transformations/libraries/publish (lib + 10 events)', () => call('POST', '/transformations/libraries/publish', publishBody)],
  ];
  const rows = [];
  let floor;
  for (const [request, fn] of cases) {
    const r = await latency(fn, N);
    floor ??= r.p50;
    rows.push({ request, 'p50 ms': r.p50.toFixed(2), 'p99 ms': r.p99.toFixed(2), 'p50 / floor': (r.p50 / floor).toFixed(1) });
  }
  console.log(`Management API, built headless host, ${N} sequential requests each after 30 warm-up requests`);
  console.table(rows);
  console.log(`load average (1, 5, 15 min): ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
} finally {
  await host.stop();
}
