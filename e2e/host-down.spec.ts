// Issue 37, point 5: when the core stops answering, every page shows one banner, live indicators
// go grey, actions are disabled with that reason; when it comes back the banner goes and the live
// tail resumes, without a reload.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHeadless, type HeadlessProcess } from '../src/main/testing/spawn-headless';
import { E2E_EMAIL, E2E_TOKEN, expect, test } from './studio-fixture';
import { shootBoth } from './shots';

const BANNER = 'The studio’s core is not answering — reconnecting…';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

test('the core stops: one banner, live greyed, actions disabled; it comes back: all resume without a reload', async ({ page, afterPage }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-e2e-down-'));
  const port = await freePort();
  let host: HeadlessProcess | undefined = await startHeadless({ dataDir, port });
  // Stopped after the page closes, so a failure's snapshot shows the page as it was.
  afterPage(async () => {
    await host?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const url = host.url;
  // Signed in with the account token (a login link's session secret ends with the process).
  const encoded = Buffer.from(`${E2E_EMAIL}:${E2E_TOKEN}`).toString('base64url');
  await page.goto(`${url}/#/login?auth=${encoded}`);
  await expect(page.getByRole('heading', { name: 'Transformation Studio' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events', exact: true }).click();
  const live = page.getByTestId('live-state');
  await expect(live).toHaveText('Live');
  await page.evaluate(() => ((globalThis as unknown as { notReloaded: boolean }).notReloaded = true));
  const importButton = page.getByRole('button', { name: 'Import…' });
  await expect(importButton).toBeEnabled();
  // Nothing captured yet: the empty state's way to send one is a live link while the core answers.
  const sendOne = page.locator('.empty-state').getByText('Send one from the Sources page');
  await expect(page.getByRole('link', { name: 'Send one from the Sources page' })).toBeVisible();

  await host.stop();
  host = undefined;
  await expect(page.getByTestId('core-down')).toHaveText(BANNER);
  await expect(page.getByRole('alert').filter({ hasText: 'not answering' })).toHaveCount(1);
  await expect(live).toHaveText('Not live (the core is not answering)');
  await expect(live).not.toHaveClass(/live-on/);
  await expect(importButton).toBeDisabled();
  // …and disabled with the banner's reason while it does not, like the page's buttons.
  await expect(page.getByRole('link', { name: 'Send one from the Sources page' })).toHaveCount(0);
  await expect(sendOne).toHaveAttribute('aria-disabled', 'true');
  await expect(sendOne).toHaveAttribute('title', BANNER);
  await sendOne.click({ force: true });
  expect(new URL(page.url()).hash).toMatch(/^#\/events/); // it stayed on the Events page
  await shootBoth(page, 'core-down-events');
  // Another page (its code not loaded yet) says the same, once, and waits.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transformations', exact: true }).click();
  await expect(page.getByTestId('core-down')).toHaveCount(1);

  host = await startHeadless({ dataDir, port });
  await expect(page.getByTestId('core-down')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'New transformation' }).first()).toBeEnabled();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events', exact: true }).click();
  await expect(live).toHaveText('Live');
  await expect(importButton).toBeEnabled();
  await expect(page.getByRole('link', { name: 'Send one from the Sources page' })).toBeVisible();
  // The live tail runs again: an event sent now appears without a reload.
  const sent = await fetch(`${url}/v1/track`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('cli-write-key:').toString('base64')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ userId: 'back', event: 'Came Back' }),
  });
  expect(await sent.text()).toBe('OK');
  await expect(page.getByTestId('event-row').filter({ hasText: 'Came Back' })).toHaveCount(1);
  expect(await page.evaluate(() => (globalThis as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});
