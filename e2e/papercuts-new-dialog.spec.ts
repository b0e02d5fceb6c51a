import { shootBoth, VIEWPORTS } from './shots';
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
