import { expect, test } from './studio-fixture';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';

const HELPERS = `// Lower-cases and trims an e-mail address.
export function normalizeEmail(value) {
  log('normalizing', value);
  if (typeof value !== 'string') throw new Error('expected a string, got ' + typeof value);
  return value.trim().toLowerCase();
}

export async function describe(person) {
  return { name: person.name, initials: person.name.split(' ').map((p) => p[0]).join('') };
}
`;

test('a library is tried in its test panel: exported functions called with JSON arguments show value, error and logs', async ({ page, server }) => {
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await studio.createLibrary('Helpers');
  await studio.replaceCode(HELPERS);
  await studio.sidePanelTab('Try it').click();
  const panel = page.getByTestId('library-try');
  await expect(panel.getByLabel('Function to call')).toContainText('normalizeEmail(value)');
  await panel.getByLabel('Arguments').fill('["  Ada@Example.COM "]');
  await panel.getByRole('button', { name: 'Call normalizeEmail' }).click();
  const result = page.getByTestId('library-call-result');
  await expect(result.getByTestId('library-call-status')).toHaveText('Returned a string');
  await expect(result.getByTestId('library-call-value')).toHaveText('"ada@example.com"');
  await expect(result.getByTestId('library-call-logs')).toContainText('Log: normalizing   Ada@Example.COM');

  await panel.getByLabel('Arguments').fill('[42]');
  await panel.getByRole('button', { name: 'Call normalizeEmail' }).click();
  await expect(result.getByTestId('library-call-status')).toHaveText('Threw');
  await expect(result.getByTestId('library-call-value')).toContainText('expected a string, got number');

  await panel.getByLabel('Function to call').selectOption('describe');
  await panel.getByLabel('Arguments').fill('[{"name": "Grace Brewster Hopper"}]');
  await panel.getByLabel('Arguments').press('ControlOrMeta+Enter');
  await expect(result.getByTestId('library-call-value')).toContainText('"initials": "GBH"');

  await panel.getByLabel('Arguments').fill('[not json');
  await expect(panel.getByRole('alert')).toContainText('Arguments are not valid JSON');
  await expect(panel.getByRole('button', { name: 'Call describe' })).toBeDisabled();
  await panel.getByLabel('Arguments').fill('[{"name": "Grace Brewster Hopper"}]');
  await panel.getByRole('button', { name: 'Call describe' }).click();
  await shootBoth(page, 'library-try');

  // What was typed survives a reload.
  await page.reload();
  await expect(page.getByTestId('library-try').getByLabel('Arguments')).toHaveValue('[{"name": "Grace Brewster Hopper"}]');
});

test('deleting a library is refused while a transformation imports it, naming it; an unused one is deleted', async ({ page, server }) => {
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await studio.createLibrary('Shared Bits');
  await studio.createTransformation('Uses bits', 'Enrich with a library', 'Shared Bits (sharedBits)');
  await studio.createLibrary('Leftovers');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Libraries' }).click();
  await page.getByRole('link', { name: /Shared Bits/ }).click();
  await expect(page.getByTestId('artifact-name')).toHaveText('Shared Bits');
  await page.getByRole('toolbar', { name: 'Editor actions' }).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete library “Shared Bits”?' });
  await expect(dialog.getByTestId('library-importers')).toContainText('Imported by Uses bits');
  await dialog.getByRole('button', { name: 'Delete library' }).click();
  await expect(dialog.getByTestId('delete-library-error')).toContainText('imported by transformation "Uses bits"');
  // The import to remove is shown as code, not between raw backticks.
  await expect(dialog.getByTestId('delete-library-error').locator('code')).toHaveText("import … from 'sharedBits'");
  await expect(dialog.getByTestId('delete-library-error')).not.toContainText('`');
  // Said once (in the dialog), not again on the page behind it; gone with the dialog.
  await expect(page.getByRole('alert')).toHaveCount(1);
  await shootBoth(page, 'library-delete-refused');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('artifact-name')).toHaveText('Shared Bits');
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Libraries' }).click();
  await page.getByRole('link', { name: /Leftovers/ }).click();
  await page.getByRole('toolbar', { name: 'Editor actions' }).getByRole('button', { name: 'Delete' }).click();
  const second = page.getByRole('dialog', { name: 'Delete library “Leftovers”?' });
  await expect(second).toContainText('No transformation imports leftovers');
  await second.getByRole('button', { name: 'Delete library' }).click();
  await expect(second).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Leftovers/ })).toHaveCount(0);
  const libraries = await (await page.request.get(`${server.url}/libraries`, { headers: { Authorization: server.auth } })).json();
  expect(libraries.libraries.map((l: { name: string }) => l.name)).toEqual(['Shared Bits']);
});
