import { expect, test } from './studio-fixture';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';

/** Horizontal overflow of an element: how much wider its content is than its box. */
const overflowX = (locator: import('@playwright/test').Locator) => locator.evaluate((el) => el.scrollWidth - el.clientWidth);

test('at 1024x700 the navigation and the bench toolbar wrap instead of scrolling sideways; every control stays in view', async ({ page, server }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await studio.createTransformation('Narrow', 'Blank');

  const nav = page.getByRole('navigation', { name: 'Main' });
  expect(await overflowX(nav)).toBeLessThanOrEqual(0);
  expect(await overflowX(page.locator('.app-header'))).toBeLessThanOrEqual(0);
  for (const link of await nav.getByRole('link').all()) {
    const box = (await link.boundingBox())!;
    expect(box.x + box.width, await link.innerText()).toBeLessThanOrEqual(1024);
  }
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeInViewport();

  const toolbar = page.locator('.test-bench .bench-toolbar').first();
  expect(await overflowX(toolbar)).toBeLessThanOrEqual(0);
  const panel = (await page.locator('.side-panel').boundingBox())!;
  for (const name of [/^Test events/, 'Check', 'Run test', 'Debug', 'Profile']) {
    const button = toolbar.getByRole('button', { name, exact: true });
    const box = (await button.boundingBox())!;
    expect(box.x + box.width, String(name)).toBeLessThanOrEqual(panel.x + panel.width + 1);
    await expect(button).toBeInViewport();
  }
  // The event actions are in the Test events menu: each of them in view (and in the window) once it is open.
  await toolbar.getByRole('button', { name: /^Test events/ }).click();
  const menu = page.getByRole('menu', { name: 'Test events' });
  for (const name of ['Sample events…', 'Captured events…', 'Saved sets…', 'Import…', 'Export…', 'Format JSON', 'Save as tests…']) {
    const item = menu.getByRole('menuitem', { name, exact: true });
    const box = (await item.boundingBox())!;
    expect(box.x + box.width, name).toBeLessThanOrEqual(1024);
    expect(box.y + box.height, name).toBeLessThanOrEqual(700);
    await expect(item).toBeInViewport();
  }
  await shootBoth(page, 'narrow-window-events-menu');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  // So are Coverage, Fuzz and Compare with live (with its count) in the Check popover.
  await toolbar.getByRole('button', { name: 'Check', exact: true }).click();
  const check = page.getByRole('group', { name: 'Check', exact: true });
  for (const control of [check.getByRole('button', { name: 'Coverage' }), check.getByRole('button', { name: 'Fuzz' }), check.getByRole('button', { name: 'Replay the draft' }), check.getByLabel('Captured events to replay')]) {
    const box = (await control.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1024);
    expect(box.y + box.height).toBeLessThanOrEqual(700);
    await expect(control).toBeInViewport();
  }
  await shootBoth(page, 'narrow-window-check');
  await page.keyboard.press('Escape');
  await expect(check).toBeHidden();
  // The editor actions (with the version message) wrap inside the code pane too.
  expect(await overflowX(page.getByRole('toolbar', { name: 'Editor actions' }))).toBeLessThanOrEqual(0);
  await shootBoth(page, 'narrow-window');
});
