import { expect, test } from './studio-fixture';
import { shootBoth } from './shots';

// A page whose code cannot load while the core answers (here: its chunk's request aborted) shows
// what went wrong in its place, under the navigation, with a way out; the app is not a blank window.
test('a page whose code fails to load says so in its place; the rest of the app stays; Reload brings it', async ({ page, server }) => {
  await page.goto(server.loginUrl);
  await expect(page.getByTestId('health')).toHaveText('ok');
  await page.route(/\/assets\/SourcesPage-[^/]*\.js$/, (route) => route.abort());
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Sources', exact: true }).click();
  const failed = page.getByTestId('page-error');
  await expect(failed.getByRole('alert')).toContainText('This page could not be shown');
  await expect(failed.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expect(nav).toBeVisible();
  await shootBoth(page, 'page-error');
  // Another page works meanwhile, and the failed one loads once its code can be fetched.
  await nav.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(failed).toHaveCount(0);
  await page.unroute(/\/assets\/SourcesPage-[^/]*\.js$/);
  await nav.getByRole('link', { name: 'Sources', exact: true }).click();
  await expect(failed).toBeVisible(); // this page's module map keeps the failed fetch
  await failed.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Sources', exact: true })).toBeVisible();
  await expect(page.getByTestId('page-error')).toHaveCount(0);
});

test('a command palette whose code fails to load says so; the page under it stays', async ({ page, server }) => {
  await page.goto(server.loginUrl);
  await expect(page.getByTestId('health')).toHaveText('ok');
  await page.route(/\/assets\/PalettePanel-[^/]*\.js$/, (route) => route.abort());
  await page.keyboard.press('ControlOrMeta+k');
  await expect(page.getByRole('alert').filter({ hasText: 'This command palette could not be shown' })).toBeVisible();
  await expect(page.getByTestId('health')).toHaveText('ok');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await shootBoth(page, 'palette-error');
});
