import { PipelinePage } from './pages/pipeline-page';
import { StudioPage } from './pages/studio-page';
import { VIEWPORTS } from './shots';
import { expect, test } from './studio-fixture';

// Issue #42 point 4 and the look at every page: Getting started has a button; the debug options
// say what they are; every page at 1440x900 and 1024x700 without a horizontal scrollbar or a
// button cut off at the window's edge (screenshots under STUDIO_SHOTS_DIR, else e2e/artifacts/).
const DIR = process.env.STUDIO_SHOTS_DIR ?? 'e2e/artifacts';

test('Getting started starts a transformation from a button; the debug options are named', async ({ page, server }) => {
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await page.getByRole('button', { name: 'New transformation from a template…' }).click();
  await expect(page.getByTestId('new-transformation')).toBeVisible();
  await page.getByTestId('new-transformation').getByRole('button', { name: 'Cancel' }).click();
  await studio.createTransformation('Dense', 'Blank');
  await expect(page.getByRole('button', { name: 'Debug and profile options' })).toHaveText(/Options/);
});

test('every page fits both sizes: no horizontal scrollbar, no control cut off', async ({ page, server }) => {
  test.setTimeout(180_000);
  const ui = new PipelinePage(page, server);
  const studio = new StudioPage(page);
  const source = await ui.defaultSource();
  await ui.send(source.writeKey, 'track', { userId: 'u1', event: 'Order Completed', messageId: 'p-1', properties: { total: 5 } });
  await ui.api('POST', '/studio/api/destinations', { name: 'Warehouse', kind: 'capture' });
  await studio.open(server.loginUrl);
  await studio.createTransformation('Order pipeline', 'Mask PII');
  await studio.createLibrary('Helpers');
  const t = (await ui.api<{ transformations: { id: string }[] }>('GET', '/transformations')).transformations[0]!;
  const pages: [string, string][] = [
    ['overview', '#/'],
    ['transformations', '#/transformations'],
    ['transformation', `#/transformations/${t.id}`],
    ['transformation-versions', `#/transformations/${t.id}/versions`],
    ['libraries', '#/libraries'],
    ['sources', '#/sources'],
    ['events', '#/events'],
    ['schema', '#/events/schema'],
    ['destinations', '#/destinations'],
    ['replay', '#/replay'],
    ['sync', '#/sync'],
    ['settings', '#/settings'],
  ];
  for (const size of VIEWPORTS) {
    await page.setViewportSize(size);
    for (const [name, hash] of pages) {
      await page.goto(`${server.url}/${hash}`);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      const where = `${name} at ${size.width}x${size.height}`;
      const [scroll, client] = await page.evaluate('[document.scrollingElement.scrollWidth, document.scrollingElement.clientWidth]') as [number, number];
      expect(scroll, `no horizontal scrollbar (${where})`).toBeLessThanOrEqual(client);
      const cut = await page.evaluate(`[...document.querySelectorAll('button, select, input, a')].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden' && (r.left < -1 || r.right > window.innerWidth + 1);
      }).map((el) => el.textContent || el.getAttribute('aria-label') || el.tagName)`) as string[];
      expect(cut, `controls cut off at the window's edge (${where})`).toEqual([]);
      await page.screenshot({ path: `${DIR}/page-${name}-${size.width}x${size.height}.png` });
    }
  }
});
