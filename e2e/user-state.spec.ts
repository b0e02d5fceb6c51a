// What a user makes lives in the core: drafts, saved test sets (and an old browser's ones move in),
// across a restart on another port and another browser; restore → discard leaves no banner.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHeadless, type HeadlessProcess } from '../src/main/testing/spawn-headless';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';
import { E2E_EMAIL, E2E_TOKEN, expect, test } from './studio-fixture';

const AUTH = `Basic ${Buffer.from(`${E2E_EMAIL}:${E2E_TOKEN}`).toString('base64')}`;
const IDENTITY = 'export function transformEvent(event, metadata) {\n  return event;\n}\n';
const DRAFT = 'export function transformEvent(event, metadata) {\n  event.keptAcrossRestarts = true;\n  return event;\n}\n';
const loginOf = (p: HeadlessProcess) => /Open the UI \(signed in for this run\): (\S+)/.exec(p.stdout())![1]!;
const call = async (p: HeadlessProcess, method: string, path: string, body?: unknown) =>
  (await fetch(p.url + path, { method, headers: { authorization: AUTH, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined })).json() as Promise<any>;

test('a draft typed and a saved set survive the host restarting on another port, in another browser; an old browser set moves in', async ({ page, browser, afterPage }) => {
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-e2e-state-'));
  let host = await startHeadless({ dataDir });
  // Stopped after the page closes, so a failure's snapshot shows the page, not the core-down banner.
  afterPage(async () => {
    await host.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const created = await call(host, 'POST', '/transformations', { name: 'Kept', code: IDENTITY });
  // This browser kept a test set before state lived in the core.
  await page.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('studio.testSets', JSON.stringify([{ name: 'Old browser set', events: [{ type: 'track', event: 'Old' }], savedAt: new Date().toISOString() }]));
  });
  const studio = new StudioPage(page);
  await studio.open(loginOf(host));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transformations' }).click();
  await page.getByText('Kept').first().click();
  await studio.replaceCode(DRAFT);
  await expect(page.getByTestId('unsaved')).toBeVisible();
  await studio.benchEvents('Saved sets…');
  const sets = page.getByTestId('test-sets');
  await expect(sets).toContainText('Old browser set');
  await sets.getByLabel('Name of the new test set').fill('Checkout events');
  await sets.getByRole('button', { name: 'Save current events' }).click();
  await expect(sets).toContainText('Checkout events');
  expect(await page.evaluate(() => localStorage.getItem('studio.testSets'))).toBeNull();
  // In the core (autosaved while typing), not in this browser.
  await expect(async () => {
    const { entries } = await call(host, 'GET', '/studio/api/state');
    expect(entries[`studio.draft.transformation.${created.id}`]).toContain('keptAcrossRestarts');
    expect(entries['studio.testSets']).toContain('Checkout events');
  }).toPass({ timeout: 10_000 });

  const oldPort = new URL(host.url).port;
  await host.stop();
  host = await startHeadless({ dataDir, port: 0 });
  expect(new URL(host.url).port).not.toBe(oldPort);
  // Another browser (a new context: empty localStorage) on the new origin.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const again = await context.newPage();
  const studio2 = new StudioPage(again);
  await studio2.open(loginOf(host));
  await again.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transformations' }).click();
  await again.getByText('Kept').first().click();
  await expect(studio2.code).toContainText('keptAcrossRestarts');
  await expect(again.getByText(/Unsaved changes from .* were restored/)).toBeVisible();
  await studio2.benchEvents('Saved sets…');
  await expect(again.getByTestId('test-sets')).toContainText('Checkout events');
  await expect(again.getByTestId('test-sets')).toContainText('Old browser set');
  await shootBoth(again, 'user-state-after-restart');
  await context.close();
});

test('restore then discard leaves no banner; discard can be undone', async ({ page, server }) => {
  const headers = { authorization: server.auth, 'content-type': 'application/json' };
  const created = (await (await fetch(`${server.url}/transformations`, { method: 'POST', headers, body: JSON.stringify({ name: 'Restored', code: IDENTITY }) })).json()) as { id: string };
  await fetch(`${server.url}/transformations/${created.id}`, { method: 'POST', headers, body: JSON.stringify({ code: DRAFT }) });
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transformations' }).click();
  await page.getByText('Restored').first().click();
  await studio.sidePanelTab(/^Versions/).click();
  await page.getByRole('button', { name: 'Restore version 1' }).click();
  const banner = page.getByText('Version 1 is in the editor as unsaved code');
  await expect(banner).toBeVisible();
  await page.getByRole('button', { name: 'Discard', exact: true }).click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('unsaved')).toHaveCount(0);
  await expect(studio.code).toContainText('keptAcrossRestarts');
  await expect(page.getByTestId('discard-notice')).toContainText('Unsaved changes discarded');
  await shootBoth(page, 'discard-undo');
  await page.getByTestId('discard-notice').getByRole('button', { name: 'Undo' }).click();
  await expect(studio.code).not.toContainText('keptAcrossRestarts');
  await expect(page.getByTestId('unsaved')).toBeVisible();
  await expect(page.getByTestId('discard-notice')).toHaveCount(0);
});
