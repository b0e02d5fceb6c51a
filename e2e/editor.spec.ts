import { expect, test } from './studio-fixture';
import { StudioPage } from './pages/studio-page';

const LIB = `export function maskEmail(value) {\n  return String(value).replace(/^(.).*@/, '$1***@');\n}\n`;

test('completion, formatting, saved test sets, search, themes and the leave warning', async ({ page, server }) => {
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await studio.createLibrary('Event Utils');
  await studio.replaceCode(LIB);
  await studio.save();
  await studio.createTransformation('Completion', 'Blank');

  // Rename and describe (a new version with the same code).
  await page.getByRole('button', { name: 'Details…' }).click();
  const details = page.getByRole('dialog', { name: 'Transformation details' });
  await details.getByLabel('Name').fill('Completion check');
  await details.getByLabel('Description').fill('Tries the editor');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByTestId('artifact-name')).toHaveText('Completion check');
  await expect(page.locator('.editor-description')).toHaveText('Tries the editor');
  await expect(page.getByTestId('transformation-list')).toContainText('Completion check');
  await expect(studio.sidePanelTab(/^Versions \(2\)$/)).toBeVisible();

  // Library exports, library import names and sandbox globals complete, with short docs.
  const completions = page.locator('.cm-tooltip-autocomplete');
  await studio.code.click();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.type('import { mas');
  await expect(completions.getByRole('option', { name: /maskEmail/ })).toContainText('from eventUtils');
  await completions.getByRole('option', { name: /maskEmail/ }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(" from 'ev");
  await completions.getByRole('option', { name: /eventUtils/ }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(';');
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  // closeBrackets typed the "}" right after the accepted name.
  await expect(studio.code).toContainText(`import { maskEmail} from 'eventUtils';`);
  await expect(studio.problems).toHaveText('No problems found.');
  await page.keyboard.type('geol');
  await expect(completions).toContainText('geolocation');
  await expect(page.locator('.cm-completionInfo')).toContainText('Location data for an IP address');
  await page.keyboard.press('Escape');

  // Shift+Alt+F formats with Prettier.
  await studio.replaceCode('export function transformEvent(e){return e}');
  await page.keyboard.press('Shift+Alt+KeyF');
  await expect(studio.code.locator('.cm-line')).toHaveText(['export function transformEvent(e) {', '  return e;', '}', '']);

  // Saved test sets are kept and loaded again.
  await studio.useAllSampleEvents();
  await studio.benchEvents('Saved sets…');
  const sets = page.getByTestId('test-sets');
  await sets.getByLabel('Name of the new test set').fill('All samples');
  await sets.getByRole('button', { name: 'Save current events' }).click();
  await sets.getByRole('button', { name: 'Close' }).click();
  await studio.replaceCode('[{"type": "track", "event": "One"}]', page.getByTestId('events-editor').locator('.cm-content'));
  await expect(page.getByRole('heading', { name: 'Test events (1)' })).toBeVisible();
  await studio.replaceCode('{"type": "track"', page.getByTestId('events-editor').locator('.cm-content'));
  await expect(page.getByTestId('events-error')).toContainText('Invalid JSON');
  await studio.benchEvents('Saved sets…');
  await sets.getByRole('listitem').filter({ hasText: 'All samples' }).getByRole('button', { name: 'Load' }).click();
  await expect(page.getByRole('heading', { name: 'Test events (50)' })).toBeVisible();

  // The list is searchable.
  await page.getByLabel('Search transformations').fill('nothing like this');
  await expect(page.getByText('Nothing matches')).toBeVisible();
  await page.getByLabel('Search transformations').fill('compl');
  await expect(page.getByTestId('transformation-list').getByRole('link')).toHaveCount(1);

  // Light and dark themes.
  await page.getByLabel('Theme').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByTestId('code-editor').locator('.cm-editor')).toHaveCSS('background-color', 'rgb(27, 30, 36)');
  await page.getByLabel('Theme').selectOption('light');
  await expect(page.getByTestId('code-editor').locator('.cm-editor')).toHaveCSS('background-color', 'rgb(255, 255, 255)');

  // Leaving with unsaved code asks first.
  await expect(page.getByTestId('unsaved')).toBeVisible();
  const dialog = new Promise<string>((resolve) => page.once('dialog', (d) => { resolve(d.type()); void d.dismiss(); }));
  await page.close({ runBeforeUnload: true });
  expect(await dialog).toBe('beforeunload');
});
