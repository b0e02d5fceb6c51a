import { shootBoth, VIEWPORTS } from './shots';
import { holdRequests } from './held';
import { StudioPage } from './pages/studio-page';
import { expect, test } from './studio-fixture';

// Issue #42 point 2: choosing the Batch dedupe template widened the New transformation dialog by
// its preview's long line, hiding the third column and "Create transformation" behind a
// horizontal scrollbar, at both sizes. Every template, at both sizes: no horizontal scroll, every
// template card and the button inside the dialog; a long line scrolls inside the preview.
test('the New transformation dialog keeps its width whatever template is previewed', async ({ page, server }) => {
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transformations' }).click();
  await page.getByRole('button', { name: 'New transformation' }).first().click();
  const dialog = page.getByTestId('new-transformation');
  const templates = dialog.getByRole('radio');
  const create = dialog.getByRole('button', { name: 'Create transformation' });
  const inside = async (box: { x: number; y: number; width: number; height: number } | null, what: string) => {
    const outer = (await dialog.boundingBox())!;
    expect(box, what).not.toBeNull();
    expect(box!.x, `${what} starts inside the dialog`).toBeGreaterThanOrEqual(outer.x - 0.5);
    expect(box!.x + box!.width, `${what} ends inside the dialog`).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
  };
  for (const size of VIEWPORTS) {
    await page.setViewportSize(size);
    for (let i = 0; i < (await templates.count()); i++) {
      const template = templates.nth(i);
      await template.check();
      const name = await template.evaluate((el) => el.closest('label')?.querySelector('strong')?.textContent ?? '');
      const where = `${name} at ${size.width}x${size.height}`;
      // No horizontal scrollbar: neither the dialog nor its body is wider than it shows.
      for (const el of [dialog, dialog.locator('.dialog-body')]) {
        const [scroll, client] = await el.evaluate((e) => [e.scrollWidth, e.clientWidth]);
        expect(scroll, `no horizontal scroll (${where})`).toBeLessThanOrEqual(client);
      }
      const dialogBox = (await dialog.boundingBox())!;
      expect(dialogBox.x + dialogBox.width, `the dialog fits the window (${where})`).toBeLessThanOrEqual(size.width);
      await inside(await create.boundingBox(), `Create transformation (${where})`);
      for (let j = 0; j < (await templates.count()); j++) await inside(await templates.nth(j).locator('xpath=..').boundingBox(), `template card ${j + 1} (${where})`);
      // The preview's long lines stay in the preview: it scrolls, the dialog does not grow.
      const preview = dialog.getByTestId('template-preview').locator('pre');
      await inside(await preview.boundingBox(), `the preview (${where})`);
    }
    await dialog.getByRole('radio', { name: /^Batch dedupe/ }).check();
    await shootBoth(page, 'new-transformation-batch-dedupe');
  }
});

// #37 round 5: a dialog opened before its list arrived followed it (its untouched choice was frozen
// at the empty list: the library template imported the placeholder "myLibrary").
test('a transformation made from the library template while the libraries list is still loading imports the library the dialog shows', async ({ page, server }) => {
  const headers = { authorization: server.auth, 'content-type': 'application/json' };
  const lib = (await (await fetch(`${server.url}/libraries`, { method: 'POST', headers, body: JSON.stringify({ name: 'Slug maker', code: 'export function slug(s) { return String(s).toLowerCase(); }' }) })).json()) as { importName: string };
  const release = await holdRequests(page, /\/libraries(\?|$)/);
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transformations' }).click();
  await page.getByRole('button', { name: 'New transformation' }).first().click();
  const dialog = page.getByTestId('new-transformation');
  await dialog.getByLabel('Name', { exact: true }).fill('Slugged');
  await dialog.getByRole('radio', { name: /^Enrich with a library/ }).check();
  release();
  await expect(dialog.getByLabel('Library to import')).toHaveValue(lib.importName);
  await dialog.getByRole('button', { name: 'Create transformation' }).click();
  await expect(page.getByTestId('artifact-name')).toHaveText('Slugged');
  const { transformations } = (await (await fetch(`${server.url}/transformations`, { headers })).json()) as { transformations: { name: string; code: string }[] };
  expect(transformations.find((t) => t.name === 'Slugged')?.code).toContain(`import { slug } from '${lib.importName}';`);
});
