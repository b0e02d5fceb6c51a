// `studio init DIR` writes a workspace out as a repository folder; opening that folder on a new
// data folder gives the same artifacts, the same saved tests and the same test results.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_EMAIL, TEST_TOKEN, startTestStudio, type TestStudio } from '../testing/harness';
import { studio } from '../testing/workspace-cli';

vi.setConfig({ testTimeout: 180_000 });

const LIB_TAG = "export function tag(event, label) { return { ...event, label }; }";
const LIB_PLAN = "export const planOf = (user) => (user && user.plan) || 'free';";
const SPLITTER = `import { tag } from 'tagging';
export function transformEvent(event) {
  if (event.event === 'Bot') return null;
  if (event.event === 'Pair') return [tag(event, 'first'), tag(event, 'second')];
  if (event.event === 'Boom' && !event.properties) throw new Error('no properties');
  return tag(event, 'one');
}`;
const ENRICHER = `import { planOf } from 'planHelpers';
export async function transformEvent(event) {
  const user = await fetch('https://api.example.invalid/users/' + event.userId);
  return { ...event, plan: planOf(user) };
}`;
const ev = (event: string, extra: Record<string, unknown> = {}) => ({ type: 'track', event, userId: 'u1', messageId: `m-${event}`, ...extra });
const SPLITTER_TESTS = [
  { name: 'one output', event: ev('Order'), expected: [{ ...ev('Order'), label: 'one' }], checks: [{ path: 'label', op: 'equals', value: 'one' }] },
  { event: ev('Pair'), expected: [{ ...ev('Pair'), label: 'first' }, { ...ev('Pair'), label: 'second' }] },
  { name: 'bots are dropped', event: ev('Bot'), expected: [] },
  { name: 'label is a string', event: ev('Other'), checks: [{ path: 'label', op: 'type', value: 'string' }] },
  { name: 'must not throw', event: ev('Boom', { properties: {} }) },
  { name: 'a stale expectation', event: ev('Stale'), expected: [{ ...ev('Stale'), label: 'old' }] },
];
const MOCK = { method: 'GET', url: 'https://api.example.invalid/users/*', body: { plan: 'pro' } };
const ENRICHER_TESTS = [{ name: 'plan from the users API', event: ev('Signup'), expected: [{ ...ev('Signup'), plan: 'pro' }], mocks: [MOCK] }];

let source: TestStudio;
let opened: TestStudio;
const repo = mkdtempSync(join(tmpdir(), 'studio-init-'));

async function created(s: TestStudio, path: string, body: unknown) {
  const answer = await s.call('POST', path, body);
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

/** Artifacts, saved tests and test results of a studio, in comparable form. */
async function snapshot(s: TestStudio) {
  const libraries = (await s.call('GET', '/transformationLibraries')).body.libraries.map((l: any) => ({ name: l.name, importName: l.importName, description: l.description, code: l.code }));
  const transformations = [];
  for (const t of (await s.call('GET', '/transformations')).body.transformations) {
    const tests = (await s.call('GET', `/studio/api/transformations/${t.id}/test-events`)).body.events;
    transformations.push({ name: t.name, description: t.description, code: t.code, tests });
  }
  const run = (await s.call('POST', '/studio/api/saved-tests/run')).body;
  const results = run.results.map((r: any) => ({ name: r.name, passed: r.passed, tests: r.tests, failures: r.failures.map((f: any) => f.error) }));
  return { libraries, transformations, results };
}

beforeAll(async () => {
  source = await startTestStudio();
  opened = await startTestStudio();
  await created(source, '/transformationLibraries', { name: 'tagging', description: 'labels events', code: LIB_TAG });
  await created(source, '/transformationLibraries', { name: 'Plan Helpers', description: '', code: LIB_PLAN });
  const splitter = await created(source, '/transformations', { name: 'Splitter', description: 'one, two or no outputs', code: SPLITTER });
  const enricher = await created(source, '/transformations', { name: 'Enricher', description: 'adds the plan', code: ENRICHER });
  expect((await source.call('PUT', `/studio/api/transformations/${splitter.id}/test-events`, { events: SPLITTER_TESTS })).status).toBe(200);
  expect((await source.call('PUT', `/studio/api/transformations/${enricher.id}/test-events`, { events: ENRICHER_TESTS })).status).toBe(200);
});
afterAll(async () => {
  await source?.close();
  await opened?.close();
  rmSync(repo, { recursive: true, force: true });
});

describe('studio init DIR, then open DIR on a new data folder', () => {
  it('gives equal artifacts, saved tests (field checks, fetch mocks, names, dropped and split outputs) and test results', async () => {
    const init = await studio(['init', repo, '--url', source.url, '--email', TEST_EMAIL, '--token', TEST_TOKEN]);
    expect(init.stderr).toBe('');
    expect(init.code).toBe(0);

    // meta.json stays what the Action reads; what it cannot say is in the sidecars.
    const meta = JSON.parse(readFileSync(join(repo, 'meta.json'), 'utf8'));
    expect(meta.libraries).toEqual([
      { file: 'libraries/tagging.js', name: 'tagging', description: 'labels events', language: 'javascript' },
      { file: 'libraries/plan-helpers.js', name: 'Plan Helpers', description: '', language: 'javascript' },
    ]);
    const splitter = meta.transformations.find((t: any) => t.name === 'Splitter');
    expect(Object.keys(splitter).sort()).toEqual(['description', 'expected-output', 'file', 'language', 'name', 'test-input-file']);
    // The Action's check: the input file's events through the code give exactly expected-output.
    expect(JSON.parse(readFileSync(join(repo, splitter['test-input-file']), 'utf8')).map((e: any) => e.event)).toEqual(['Order', 'Pair', 'Bot', 'Stale']);
    expect(JSON.parse(readFileSync(join(repo, splitter['expected-output']), 'utf8')).map((e: any) => `${e.event}:${e.label}`)).toEqual([
      'Order:one', 'Pair:first', 'Pair:second', 'Stale:old',
    ]);
    const sidecar = JSON.parse(readFileSync(join(repo, 'transformations/splitter.studio.json'), 'utf8'));
    expect(sidecar.tests.map((t: any) => Object.keys(t).sort().join(','))).toEqual([
      'checks,input,name', 'input,outputs', 'input,name,outputs', 'checks,event,name', 'event,name', 'input,name',
    ]);
    const enricher = meta.transformations.find((t: any) => t.name === 'Enricher');
    expect(enricher['test-input-file']).toBeUndefined(); // a test with fetch mocks is not one the Action can run
    expect(existsSync(join(repo, 'transformations/enricher.studio.json'))).toBe(true);

    const opening = await opened.call('POST', '/studio/api/workspace/open', { root: repo });
    expect(opening.status, opening.text).toBe(200);
    const [before, after] = [await snapshot(source), await snapshot(opened)];
    expect(after.libraries).toEqual(before.libraries);
    expect(after.transformations).toEqual(before.transformations);
    expect(after.results).toEqual(before.results);
    // Not vacuous: one test fails, the others (mocked fetch included) pass, in both.
    const splitterResult = before.results.find((r: any) => r.name === 'Splitter');
    expect(splitterResult.failures).toEqual(['output does not equal the expected output (expected 1 event(s), got 1; differs at [0].label)']);
    expect(splitterResult.tests.filter((t: any) => !t.passed).map((t: any) => t.name)).toEqual(['a stale expectation']);
    expect(before.results.find((r: any) => r.name === 'Enricher').passed).toBe(true);

    // And offline: `studio test DIR` says the same.
    const offline = await studio(['test', repo]);
    expect(offline.code).toBe(1);
    expect(offline.stdout).toContain('PASS Enricher (transformations/enricher.js): 1 tests passed');
    expect(offline.stdout).toContain('FAIL Splitter (transformations/splitter.js): 1 of 6 tests failed');
  });
});
