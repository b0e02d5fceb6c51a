// Management API throughput over real HTTP and SQLite, against GET /studio/health (same server,
// same run) as the baseline. Run: NODE_OPTIONS=--no-node-snapshot npx vitest bench --run bench/management-api.bench.ts
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { startTestStudio, type TestStudio } from '../src/main/testing/harness';

const IDENTITY = 'export function transformEvent(event) { return event; }';
let t: TestStudio;
let id = '';
let versionId = '';

async function must(method: string, path: string, body?: unknown) {
  const r = await t.call(method, path, body);
  if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${r.text}`);
  return r.body;
}

beforeAll(async () => {
  t = await startTestStudio();
  for (let i = 0; i < 50; i++) {
    const created = await must('POST', '/transformations', { name: `Bench ${i}`, code: IDENTITY });
    for (let v = 0; v < 20; v++) await must('POST', `/transformations/${created.id}`, { code: `${IDENTITY} // ${v}` });
    id = created.id;
    versionId = created.versionId;
  }
});
afterAll(() => t?.close());

describe('management API (50 transformations × 21 versions)', () => {
  const options = { time: 2000, warmupTime: 300 };
  bench('baseline: GET /studio/health', async () => {
    await fetch(`${t.url}/studio/health`).then((r) => r.text());
  }, options);
  bench('GET /transformations (50)', async () => {
    await must('GET', '/transformations');
  }, options);
  bench('GET /transformations/:id', async () => {
    await must('GET', `/transformations/${id}`);
  }, options);
  bench('GET /transformations/:id/versions?count=20&orderBy=DESC', async () => {
    await must('GET', `/transformations/${id}/versions?count=20&orderBy=DESC`);
  }, options);
  bench('POST /transformations/:id (new version)', async () => {
    await must('POST', `/transformations/${id}`, { code: IDENTITY });
  }, options);
  bench('POST /transformations/libraries/test (1 event, sandbox)', async () => {
    await must('POST', '/transformations/libraries/test', { transformations: [{ versionId, testInput: [{ type: 'track', event: 'x' }] }] });
  }, options);
});
