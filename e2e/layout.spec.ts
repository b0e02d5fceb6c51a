import { expect, test } from './studio-fixture';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';

test('splitters resize and remember sizes; the list and side panel collapse; the events editor takes the full height', async ({ page, server }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await studio.createTransformation('Layout Check', 'Blank');
  await studio.useAllSampleEvents();
  await page.getByRole('button', { name: 'Run test' }).click();
  await expect(studio.count('in')).not.toHaveText('0');
  await shootBoth(page, 'layout-default');

  // Hiding the list and the side panel gives the code the whole width.
  await page.getByRole('button', { name: 'Hide the list' }).click();
  await page.getByRole('button', { name: 'Hide the side panel' }).click();
  await expect(page.getByTestId('code-editor')).toBeVisible();
  expect((await page.getByTestId('code-editor').boundingBox())!.width).toBeGreaterThan(900);
  await shootBoth(page, 'layout-collapsed');
  await page.getByRole('button', { name: /^Show test panel$/ }).click();
  await page.getByRole('button', { name: 'Show the list' }).click();

  // Dragging the side panel's splitter makes the code wider; the size survives a reload.
  const splitter = page.getByRole('separator', { name: 'Resize the side panel' });
  const before = (await page.getByTestId('code-editor').boundingBox())!.width;
  const box = (await splitter.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 50, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  const after = (await page.getByTestId('code-editor').boundingBox())!.width;
  expect(after).toBeGreaterThan(before + 30);
  await page.reload();
  await expect(page.getByTestId('code-editor')).toBeVisible();
  await expect.poll(async () => (await page.getByTestId('code-editor').boundingBox())!.width).toBeGreaterThan(after - 10);

  // The test events editor can take the whole height of the panel.
  await page.getByRole('button', { name: 'Events full height' }).click();
  await expect.poll(async () => (await page.getByTestId('events-editor').boundingBox())!.height).toBeGreaterThan(450);
  await shootBoth(page, 'layout-events-full-height');
  // No scroll areas inside a scrolling page: the document itself never scrolls.
  expect(await page.evaluate('document.scrollingElement.scrollHeight <= window.innerHeight + 1')).toBe(true);
});
