// One meaning of "tests pass": for each case the version's status on save, the bench's "Run tests",
// library impact, `studio test` and publish say the same (real HTTP API, real sandbox, real SQLite).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { ok } from '../testing/management-support';

const LIB_OK = 'export function tag(event) { event.tagged = true; return event; }';
const LIB_BREAKS = 'export function tag(event) { event.tagged = false; return event; }';
const handler = (body: string) => `import { tag } from 'LIB';\nexport async function transformEvent(event, metadata) {\n${body}\n}`;
const TAG = handler('return tag(event);');
const EVENT = { type: 'track', event: 'Order', messageId: 'm-1', userId: 'u1', properties: { total: 3, email: 'a@example.com' } };
const tagged = (extra: Record<string, unknown> = {}) => ({ ...EVENT, tagged: true, ...extra });
const FETCHES = handler("const user = await fetch('https://api.example.invalid/users/' + event.userId);\nevent.plan = user.plan;\nreturn tag(event);");
const MOCK = { method: 'GET', url: 'https://api.example.invalid/users/*', body: { plan: 'pro' } };

interface Row {
  name: string;
  code: string;
  tests?: Record<string, unknown>[];
  /** `events` of the save request (what the UI sent before: the bench's events). */
  saveEvents?: Record<string, unknown>[];
  testInput?: Record<string, unknown>[];
  breaksLibrary?: boolean;
  pass: boolean;
  status?: 'not-tested';
  /** The refusal names the failing test with these words. */
  names?: RegExp;
}

const ROWS: Row[] = [
  { name: 'expected outputs equal', code: TAG, tests: [{ event: EVENT, expected: [tagged()] }], pass: true },
  { name: 'expected outputs equal, the same event also given on save', code: TAG, tests: [{ event: EVENT, expected: [tagged()] }], saveEvents: [EVENT], pass: true },
  {
    name: 'expected outputs differ (the issue: save with the bench event passed, publish refused)',
    code: handler('event.extra = 1;\nreturn tag(event);'),
    tests: [{ name: 'order keeps its shape', event: EVENT, expected: [tagged()] }],
    saveEvents: [EVENT],
    pass: false,
    names: /saved test event 1 \("order keeps its shape"\): output does not equal the expected output/,
  },
  { name: 'dropped as expected', code: handler('return null;'), tests: [{ event: EVENT, expected: [] }], pass: true },
  { name: 'expected dropped, kept', code: TAG, tests: [{ event: EVENT, expected: [] }], pass: false, names: /expected 0 event\(s\), got 1/ },
  { name: 'field check equals passes', code: TAG, tests: [{ event: EVENT, checks: [{ path: 'properties.total', op: 'equals', value: 3 }] }], pass: true },
  {
    name: 'field check fails',
    code: TAG,
    tests: [{ name: 'email masked', event: EVENT, checks: [{ path: 'properties.email', op: 'matches', value: '^\\*+$' }] }],
    pass: false,
    names: /"email masked".*"properties\.email" should match/,
  },
  {
    name: 'field checks exists / absent / type pass',
    code: TAG,
    tests: [{ event: EVENT, checks: [{ path: 'tagged', op: 'exists' }, { path: 'context.ip', op: 'absent' }, { path: '[0].properties', op: 'type', value: 'object' }] }],
    pass: true,
  },
  { name: 'a saved test throws', code: handler("throw new Error('no user');"), tests: [{ event: EVENT }], pass: false, names: /saved test event 1: Error: no user/ },
  { name: 'no tests', code: TAG, pass: true, status: 'not-tested' },
  {
    name: 'given test input throws (saved tests pass)',
    code: handler("if (event.type === 'identify') throw new Error('identify not handled');\nreturn tag(event);"),
    tests: [{ event: EVENT, expected: [tagged()] }],
    saveEvents: [{ type: 'identify', messageId: 'i-1' }],
    testInput: [{ type: 'identify', messageId: 'i-1' }],
    pass: false,
    names: /identify not handled/,
  },
  { name: 'a library change breaks a dependant', code: TAG, tests: [{ event: EVENT, expected: [tagged()] }], breaksLibrary: true, pass: false, names: /differs at \[0\]\.tagged/ },
  { name: 'a fetch mock makes the test pass offline', code: FETCHES, tests: [{ event: EVENT, expected: [tagged({ plan: 'pro' })], mocks: [MOCK] }], pass: true },
  { name: 'the same test without its mock fails offline', code: FETCHES, tests: [{ event: EVENT, expected: [tagged({ plan: 'pro' })] }], pass: false, names: /differs at \[0\]\.plan/ },
];

describe('"tests pass" means one thing: save, Run tests, library impact, studio test and publish agree', () => {
  let t: TestStudio;
  const seen = new Map<string, { id: string; versionId: string; libraryId: string; libraryVersionId: string; status: string }>();
  beforeAll(async () => {
    t = await startTestStudio();
    for (const [i, row] of ROWS.entries()) {
      const lib = await ok(t, 'POST', '/libraries', { name: `Helpers ${i}`, code: LIB_OK });
      const code = row.code.replace('LIB', lib.importName);
      const created = await ok(t, 'POST', '/transformations?publish=false', { name: `Case ${i}`, code: TAG.replace('LIB', lib.importName) });
      if (row.tests) await ok(t, 'PUT', `/studio/api/transformations/${created.id}/test-events`, { events: row.tests });
      let libraryVersionId = lib.versionId;
      if (row.breaksLibrary) {
        const changed = await ok(t, 'POST', `/libraries/${lib.id}?publish=false`, { code: LIB_BREAKS });
        libraryVersionId = changed.versionId;
        const [libraryVersion] = (await ok(t, 'GET', `/studio/api/libraries/${lib.id}/versions`)).versions;
        expect(libraryVersion, row.name).toMatchObject({ testStatus: 'failed', testSummary: expect.stringContaining(`breaks "Case ${i}"`) });
      }
      const saved = await ok(t, 'POST', `/transformations/${created.id}`, { code, ...(row.saveEvents ? { events: row.saveEvents } : {}) });
      const [version] = (await ok(t, 'GET', `/studio/api/transformations/${created.id}/versions`)).versions;
      expect(version.versionId).toBe(saved.versionId);
      seen.set(row.name, { id: created.id, versionId: saved.versionId, libraryId: lib.id, libraryVersionId, status: version.testStatus });
    }
  }, 120_000);
  afterAll(() => t.close());

  it('has at least 12 cases, passing and failing', () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(12);
    expect(ROWS.filter((r) => r.pass).length).toBeGreaterThan(3);
    expect(ROWS.filter((r) => !r.pass).length).toBeGreaterThan(3);
  });

  it.each(ROWS.map((r) => [r.name, r] as const))('%s', async (_name, row) => {
    const s = seen.get(row.name)!;
    const status = row.pass ? (row.status ?? 'passed') : 'failed';
    expect(s.status, 'the version status on save').toBe(status);

    const code = (await ok(t, 'GET', `/transformations/${s.id}`)).code;
    const bench = await ok(t, 'POST', `/studio/api/transformations/${s.id}/tests/run`, { code });
    expect(bench, "the bench's Run tests").toMatchObject({ status, passed: row.pass });
    const failing = bench.cases.filter((c: { passed: boolean }) => !c.passed);
    expect(failing.length > 0, 'a failing case in the bench').toBe(!row.pass);
    for (const c of failing) expect(c.failures.length, c.name).toBeGreaterThan(0);

    const libraryCode = (await ok(t, 'GET', `/libraries/${s.libraryId}`)).code;
    const impact = await ok(t, 'POST', `/studio/api/libraries/${s.libraryId}/impact`, { code: libraryCode });
    expect(impact.dependants.find((d: { id: string }) => d.id === s.id), 'library impact').toMatchObject({ status });

    const run = await ok(t, 'POST', '/studio/api/saved-tests/run');
    expect(run.results.find((r: { id: string }) => r.id === s.id), 'studio test').toMatchObject({ passed: row.pass, noTests: status === 'not-tested' });

    const publish = await t.call('POST', '/transformations/libraries/publish', {
      transformations: [{ versionId: s.versionId, ...(row.testInput ? { testInput: row.testInput } : {}) }],
      ...(row.breaksLibrary ? { libraries: [{ versionId: s.libraryVersionId }] } : {}),
    });
    expect(publish.status, `publish: ${publish.text}`).toBe(row.pass ? 200 : 400);
    if (row.names) expect(publish.body.error).toMatch(row.names);
    const live = await ok(t, 'GET', `/transformations/${s.id}`);
    expect(live.publishedVersionId).toBe(row.pass ? s.versionId : null);
  });

  it('marks the calls a mock answered in the run', async () => {
    const s = seen.get('a fetch mock makes the test pass offline')!;
    const bench = await ok(t, 'POST', `/studio/api/transformations/${s.id}/tests/run`, {});
    expect(bench.cases[0]).toMatchObject({ passed: true, mocked: 1, outputs: [expect.objectContaining({ plan: 'pro' })] });
  });

  it('refuses malformed field checks with what to fix', async () => {
    const s = seen.get('no tests')!;
    const bad = await t.call('PUT', `/studio/api/transformations/${s.id}/test-events`, { events: [{ event: EVENT, checks: [{ path: 'a', op: 'matches', value: '(' }] }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/events\.0\.checks\.0.*Invalid regular expression/);
  });
});
