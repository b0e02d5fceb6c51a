import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StudioPage } from './pages/studio-page';
import { studioApi } from './replay-data';
import { expect, test } from './studio-fixture';
import { IMPACT_EVENTS } from '../src/main/testing/workspace-cli';

// The impact report of `studio replay` (two folders that differ in one field) beside the Replay
// page's compare of the same two codes over the same events, read off the page: the same counts.
const root = fileURLToPath(new URL('..', import.meta.url));
const CODE = 'src/testdata/code.js';
const EVENTS = IMPACT_EVENTS;
const folders: string[] = [];
test.afterEach(() => folders.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

test('the impact report of two folders gives the counts the Replay page shows for the same code over the same events', async ({ page, server }) => {
  const copy = () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-impact-'));
    cpSync(join(root, 'e2e/fixtures/action-repo'), dir, { recursive: true });
    folders.push(dir);
    return dir;
  };
  const [base, head] = [copy(), copy()];
  const baseCode = readFileSync(join(base, CODE), 'utf8');
  const headCode = baseCode.replace('region: region(address),', "region: region(address) === 'APAC' ? 'ASIA' : region(address),");
  writeFileSync(join(head, CODE), headCode);
  writeFileSync(join(head, 'events.ndjson'), EVENTS.map((e) => JSON.stringify(e)).join('\n'));
  const meta = (dir: string) => join(dir, 'src/testdata/meta.json');
  const cli = execFileSync(process.execPath, [join(root, 'bin/studio.mjs'), 'replay', head, '--meta', meta(head), '--compare-with', base, '--compare-meta', meta(base), '--events', join(head, 'events.ndjson'), '--json'], {
    encoding: 'utf8',
    env: { ...process.env, STUDIO_URL: '' },
  });
  const { summary } = JSON.parse(cli).transformations[0];
  expect(summary.changes).toMatchObject({ unchanged: 20, changed: 10 });

  // The studio: the base code live, the same events captured, the head code compared with live in the editor.
  const api = studioApi(server);
  for (const name of ['orderTotals', 'shippingRegion']) await api('POST', '/transformationLibraries', { name, code: readFileSync(join(base, `src/testdata/lib_${name}.js`), 'utf8') });
  const live = await api('POST', '/transformations?publish=true', { name: 'Order summary', code: baseCode });
  const writeKey = `Basic ${Buffer.from('cli-write-key:').toString('base64')}`;
  const captured = await fetch(`${server.url}/v1/batch`, { method: 'POST', headers: { authorization: writeKey, 'content-type': 'application/json' }, body: JSON.stringify({ batch: EVENTS }) });
  expect(captured.status).toBe(200);
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await page.goto(`${server.url}/#/transformations/${live.id}`);
  await expect(page.getByTestId('artifact-name')).toHaveText('Order summary');
  await studio.replaceCode(headCode);
  const checks = await studio.check();
  await checks.getByLabel('Captured events to replay').fill(String(EVENTS.length));
  await checks.getByRole('button', { name: 'Compare with live' }).click();
  await expect(page.getByTestId('run-status')).toHaveText('done', { timeout: 30_000 });

  for (const [kind, n] of Object.entries(summary.changes as Record<string, number>)) {
    await expect(page.getByTestId(`count-${kind}`).locator('strong'), kind).toHaveText(String(n));
  }
  const side = (c: { kept: number; dropped: number; split: number; failed: number }) => `${c.kept} kept · ${c.dropped} dropped · ${c.split} split · ${c.failed} failed`;
  await expect(page.getByText(side(summary.a)).first()).toBeVisible();
  await expect(page.getByRole('table', { name: /Top changed fields/ })).toContainText(summary.paths[0].path);
  await expect(page.getByRole('table', { name: /Top changed fields/ }).getByRole('row')).toHaveCount(1 + summary.paths.length);
});
