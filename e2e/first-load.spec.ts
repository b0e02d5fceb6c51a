import { expect, test } from './studio-fixture';
import { PipelinePage } from './pages/pipeline-page';
import { shootBoth } from './shots';

// The first load carries what the overview shows and nothing twice (docs/decisions/010: first-load
// bytes): the workspace's lists are asked once (the dashboard reads them, it does not ask again),
// library pins only when an unpublished library is listed, and the command palette's code and the
// Replay and Destinations pages' styles come with them, not with the first screen.
test('the overview asks each list once, and the palette and page styles load when used', async ({ page, server }) => {
  const ui = new PipelinePage(page, server);
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  const count = (path: string) => asked.filter((p) => p === path).length;
  // The clock stands still: the dashboard's 5 s refresh comes only when the test moves it.
  await page.clock.install();
  await page.clock.pauseAt(new Date(Date.now() + 60_000));
  await page.goto(server.loginUrl);
  await expect(page.getByTestId('dashboard')).toContainText('Everything saved is published.');
  await expect(page.getByTestId('health')).toHaveText('ok');
  expect(count('/transformations')).toBe(1);
  expect(count('/libraries')).toBe(1);
  expect(count('/studio/api/libraries/pins')).toBe(0);
  const assets = asked.filter((p) => p.startsWith('/assets/'));
  expect(assets.filter((p) => /\/(PalettePanel|DestinationsPage|ReplayPage)-/.test(p))).toEqual([]);
  expect(assets.filter((p) => p.endsWith('.css'))).toHaveLength(1);

  // The dashboard's refresh still brings transformations and libraries made elsewhere.
  await ui.api('POST', '/libraries', { name: 'Made elsewhere', code: 'export const one = 1;' });
  await page.clock.runFor(5_000);
  await expect(page.getByTestId('dashboard').getByRole('link', { name: 'Made elsewhere' })).toBeVisible();
  expect(count('/transformations')).toBe(2);
  // Pins are asked by an effect after the render that lists the library: awaited, not assumed.
  await expect.poll(() => count('/studio/api/libraries/pins')).toBe(1);
  await page.clock.resume();

  // The palette loads (code and styles) on its first opening.
  await page.keyboard.press('ControlOrMeta+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('combobox')).toBeFocused();
  await expect(page.locator('.palette-backdrop')).toHaveCSS('position', 'fixed');
  await shootBoth(page, 'first-load-palette');
  await palette.getByRole('combobox').fill('replay (runs');
  await page.keyboard.press('Enter');
  await expect(page.locator('.replay-page')).toHaveCSS('display', 'grid');
  await shootBoth(page, 'first-load-replay');
});
