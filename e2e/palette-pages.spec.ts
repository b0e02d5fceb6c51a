import { expect, test } from './studio-fixture';
import { StudioPage } from './pages/studio-page';

// The command palette reaches every page of the main navigation and offers the main actions
// (publish, compare with live, replay, new source/destination/transformation/library, run tests).

const PAGES: [query: string, hash: RegExp, nav: string][] = [
  ['overview', /^#\/$/, 'Overview'],
  ['transformations', /^#\/transformations$/, 'Transformations'],
  ['libraries', /^#\/libraries$/, 'Libraries'],
  ['sources', /^#\/sources$/, 'Sources'],
  ['events', /^#\/events$/, 'Events'],
  ['destinations', /^#\/destinations$/, 'Destinations'],
  ['replay', /^#\/replay$/, 'Replay'],
  ['remotes', /^#\/sync$/, 'Remotes & sync'],
  ['settings', /^#\/settings$/, 'Settings'],
];

test('the palette reaches every page and offers the main actions with their shortcuts', async ({ page, server }) => {
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  // As many pages as the navigation has links.
  await expect(nav.getByRole('link')).toHaveCount(PAGES.length);
  for (const [query, hash, label] of PAGES) {
    await page.keyboard.press('ControlOrMeta+k');
    await palette.getByRole('combobox').fill(query);
    await expect(palette.getByRole('option').first()).toContainText('Go to');
    await page.keyboard.press('Enter');
    await expect(palette).toHaveCount(0);
    await expect.poll(() => new URL(page.url()).hash || '#/').toMatch(hash);
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
  }

  await page.keyboard.press('ControlOrMeta+k');
  await palette.getByRole('combobox').fill('new destination');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('destination-form')).toBeVisible();
  await page.getByTestId('destination-form').getByRole('button', { name: 'Cancel' }).click();

  await page.keyboard.press('ControlOrMeta+k');
  await palette.getByRole('combobox').fill('new source');
  await page.keyboard.press('Enter');
  await expect(page.getByPlaceholder('New source name')).toBeFocused();

  // In the editor: publish, compare with live and run test, each with its key.
  await studio.createTransformation('Palette Actions', 'Blank');
  await page.keyboard.press('ControlOrMeta+k');
  await expect(palette.getByRole('option', { name: /Publish/ })).toContainText(/(Ctrl|⌘)\+Shift\+Enter/);
  await expect(palette.getByRole('option', { name: /Replay the draft|Compare with live/ })).toContainText('Alt+Shift+C');
  await expect(palette.getByRole('option', { name: /Run test/ })).toContainText(/(Ctrl|⌘)\+Enter/);
  await palette.getByRole('combobox').fill('publish');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: /Publish/ })).toBeVisible();
});
