// `studio replay DIR --compare-with DIR2` against the studio's compare (what the UI's Compare
// starts and shows) of the same two versions over the same events: the same counts.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { ACTION_FIXTURE, copyFixture, IMPACT_EVENTS, studio } from '../testing/workspace-cli';

vi.setConfig({ testTimeout: 180_000 });

const CODE = 'src/testdata/code.js';
const META = 'src/testdata/meta.json';
const EVENTS = IMPACT_EVENTS;

let base: string;
let head: string;
let ui: TestStudio;
beforeAll(async () => {
  base = copyFixture();
  head = copyFixture();
  // The change: one output field (region) differs, for the events shipped to Japan only.
  const code = readFileSync(join(ACTION_FIXTURE, CODE), 'utf8');
  writeFileSync(join(head, CODE), code.replace('region: region(address),', "region: region(address) === 'APAC' ? 'ASIA' : region(address),"));
  writeFileSync(join(head, 'events.ndjson'), EVENTS.map((e) => JSON.stringify(e)).join('\n'));
  ui = await startTestStudio();
});
afterAll(async () => {
  await ui?.close();
  for (const dir of [base, head]) rmSync(dir, { recursive: true, force: true });
});

async function uiCompare(): Promise<any> {
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await ui.call(method, path, body);
    expect(answer.status, answer.text).toBe(200);
    return answer.body;
  };
  for (const file of ['lib_orderTotals', 'lib_shippingRegion']) {
    const name = file.slice(4);
    await call('POST', '/transformationLibraries', { name, code: readFileSync(join(base, `src/testdata/${file}.js`), 'utf8') });
  }
  const before = await call('POST', '/transformations', { name: 'Order summary', code: readFileSync(join(base, CODE), 'utf8') });
  const after = await call('POST', `/transformations/${before.id}`, { code: readFileSync(join(head, CODE), 'utf8') });
  const run = await call('POST', '/studio/api/replay/runs', { source: { kind: 'file', events: EVENTS }, target: { versionId: before.versionId }, compareWith: { versionId: after.versionId } });
  await expect.poll(async () => (await call('GET', `/studio/api/replay/runs/${run.id}`)).status, { timeout: 60_000 }).toBe('done');
  return (await call('GET', `/studio/api/replay/runs/${run.id}`)).summary;
}

describe('studio replay DIR --events FILE --compare-with DIR2 (impact report)', () => {
  it('gives the counts and changed fields of the compare of the same code over the same events; --fail-on sets the exit code', async () => {
    const markdown = join(head, 'impact.md');
    const args = ['replay', head, '--meta', join(head, META), '--compare-with', base, '--compare-meta', join(base, META), '--events', join(head, 'events.ndjson')];
    const cli = await studio([...args, '--json', '--markdown', markdown]);
    expect(cli.code, cli.stderr).toBe(0);
    const report = JSON.parse(cli.stdout);
    const summary = await uiCompare();
    const [row] = report.transformations;
    expect(row).toMatchObject({ name: 'Order summary', status: 'compared' });
    expect(row.summary.changes).toEqual(summary.changes);
    expect(row.summary.a).toEqual(summary.a);
    expect(row.summary.b).toEqual(summary.b);
    expect(row.summary.paths).toEqual(summary.paths);
    // Not vacuous: 10 of the 30 events ship to Japan.
    expect(summary.changes).toMatchObject({ unchanged: 20, changed: 10, dropped: 0, newlyFailing: 0 });
    expect(summary.paths).toEqual([{ path: 'region', added: 0, removed: 0, changed: 10 }]);
    expect(readFileSync(markdown, 'utf8')).toContain('| Order summary | 30 → 30 | 10 | 0 | 0 |  | `region` (10 changed) |');

    const text = await studio([...args, '--fail-on', 'newly-failing,changed']);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('Order summary (src/testdata/code.js): kept 30 → 30, dropped 0 → 0, failed 0 → 0\n  20 unchanged · 10 changed\n  top changed fields: region (10 changed)');
    expect(text.stdout).toContain('--fail-on: 10 changed');
    expect((await studio([...args, '--fail-on', 'bogus'])).stderr).toContain('--fail-on: unknown kind "bogus"; use newly-failing, dropped');
  });
});
