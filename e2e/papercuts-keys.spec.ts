import { expect, test } from './studio-fixture';
import { StudioPage } from './pages/studio-page';

// Issue #42 point 1: the palette lists Ctrl+Shift+Enter as Publish's key; pressed, it must open
// Publish (not run the test), with the focus on the page and with the focus in the code editor.
test('Ctrl+Shift+Enter opens Publish from the page and from the editor, and runs no test', async ({ page, server }) => {
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await studio.createTransformation('Keys Target', 'Blank');
  await studio.useAllSampleEvents();
  const dialog = page.getByTestId('publish-dialog');
  const before = await studio.code.textContent();

  // Focus in the editor.
  await studio.code.focus();
  await page.keyboard.press('ControlOrMeta+Shift+Enter');
  await expect(dialog).toBeVisible();
  await expect(studio.count('in')).toHaveCount(0); // no test ran
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(await studio.code.textContent()).toBe(before); // and no line was inserted

  // Focus on the page (nothing focused).
  await page.evaluate('document.activeElement?.blur()');
  await page.keyboard.press('ControlOrMeta+Shift+Enter');
  await expect(dialog).toBeVisible();
  await expect(studio.count('in')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Ctrl+Enter still runs the test.
  await studio.code.focus();
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(studio.count('in')).not.toHaveText('0');
  await expect(dialog).toHaveCount(0);

  // The palette shows the one keyboard map as a table.
  await page.keyboard.press('ControlOrMeta+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox').fill('keyboard shortcuts');
  await page.keyboard.press('Enter');
  const table = page.getByRole('table', { name: 'Keyboard shortcuts' });
  await expect(table.getByRole('row', { name: /Publish/ })).toContainText(/(Ctrl|⌘)\+Shift\+Enter/);
  await expect(table.getByRole('row', { name: /Run test/ })).toContainText(/(Ctrl|⌘)\+Enter/);
  await expect(table.getByRole('row', { name: /command palette/i })).toContainText(/(Ctrl|⌘)\+K/);
});
