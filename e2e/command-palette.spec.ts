import { expect, test } from './studio-fixture';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';

test('the command palette (Ctrl/Cmd+K, Ctrl+Shift+P) navigates, opens items by name and runs actions with their shortcuts listed', async ({ page, server }) => {
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await studio.createTransformation('Palette Target', 'Blank');
  await studio.useAllSampleEvents();

  await studio.code.focus();
  await page.keyboard.press('ControlOrMeta+Shift+P');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('option', { name: /Run test/ })).toContainText(/(Ctrl|⌘)\+Enter/);
  await expect(palette.getByRole('option', { name: /Save version/ })).toContainText(/(Ctrl|⌘)\+S/);
  await shootBoth(page, 'command-palette');
  await palette.getByRole('combobox').fill('run test');
  await page.keyboard.press('Enter');
  await expect(palette).toHaveCount(0);
  await expect(studio.count('in')).not.toHaveText('0');

  await page.keyboard.press('ControlOrMeta+k');
  await palette.getByRole('combobox').fill('settings');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();

  await page.keyboard.press('ControlOrMeta+k');
  await palette.getByRole('combobox').fill('palette target');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('artifact-name')).toHaveText('Palette Target');
  await page.keyboard.press('ControlOrMeta+k');
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);
});
