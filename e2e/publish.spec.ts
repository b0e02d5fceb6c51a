import { E2E_EMAIL, expect, test } from './studio-fixture';
import { fileURLToPath } from 'node:url';
import { StudioPage } from './pages/studio-page';

const artifact = (name: string) => fileURLToPath(new URL(`./artifacts/${name}`, import.meta.url));

const NEEDS_PROPERTIES = `export function transformEvent(event, metadata) {
  if (!event.properties) throw new Error('no properties on ' + event.type);
  return event;
}
`;

test('publishing tests on the server, explains a failure, and marks the published version', async ({ page, server }) => {
  const studio = new StudioPage(page);
  const events = page.getByTestId('events-editor').locator('.cm-content');
  await studio.open(server.loginUrl);
  await studio.createTransformation('Checked', 'Blank');
  await studio.replaceCode(NEEDS_PROPERTIES);
  await studio.save();
  const header = page.getByRole('toolbar', { name: 'Editor actions' });
  const list = page.getByTestId('transformation-list');
  await expect(list).toContainText('Not published');

  // The server's test fails on these events: nothing is published and the error links to the line.
  // No saved test events (a new transformation starts with its template's samples saved as tests:
  // clear them): the dialog says so and asks before publishing untested code.
  await studio.replaceCode('[]', events);
  await page.getByRole('button', { name: 'Replace tests…' }).click();
  await page.getByRole('dialog', { name: 'Replace the saved tests?' }).getByRole('button', { name: 'Replace' }).click();
  await expect(page.getByTestId('saved-tests')).toHaveText('0 saved');
  await studio.replaceCode('[]', events);
  await header.getByRole('button', { name: 'Publish' }).click();
  const dialog = page.getByTestId('publish-dialog');
  await expect(dialog.getByTestId('publish-tests')).toContainText('No saved test events');
  await expect(dialog.getByRole('button', { name: 'Test and publish' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await studio.replaceCode('[{"type": "track", "event": "A", "messageId": "msg-1"}]', events);
  await header.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog).toContainText(/Versionv2 · .+ · /);
  await expect(dialog).toContainText(E2E_EMAIL);
  await expect(dialog).not.toContainText(/[0-9A-Za-z]{27}/); // ids only on demand
  await expect(dialog.getByTestId('publish-tests')).toHaveText('1 test event from the test bench (none saved for this transformation; run on the server before publishing)');
  await expect(dialog).toContainText('None connected yet');
  await dialog.getByRole('button', { name: 'Test and publish' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Not published');
  const failure = page.getByTestId('publish-failure');
  await expect(failure).toContainText('Event #1 (messageId msg-1)');
  await expect(failure).toContainText('Error: no properties on track');
  // The stack is shown once, not twice.
  await expect(failure.getByRole('button', { name: /^Checked:2:/ })).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveCount(1);
  await page.screenshot({ path: artifact('publish-dialog-failure-1440x900.png') });
  await failure.getByRole('button', { name: /^Checked:2:/ }).click();
  await expect(studio.code.locator('.cm-activeLine')).toContainText("throw new Error('no properties on ' + event.type);");
  await expect(list).toContainText('Not published');

  // With events it handles, the latest version is published.
  await studio.replaceCode('[{"type": "track", "event": "A", "properties": {"x": 1}}]', events);
  await header.getByRole('button', { name: 'Publish' }).click();
  await dialog.getByRole('button', { name: 'Test and publish' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('publish-failure')).toHaveCount(0);
  await expect(page.locator('.editor-title')).toContainText('Published');
  await expect(list).toContainText('Published');
  await expect(header.getByRole('button', { name: 'Publish' })).toBeDisabled();

  // A newer saved version is an unpublished change until it is published from the history.
  await studio.replaceCode(NEEDS_PROPERTIES.replace('return event;', 'return { ...event, checked: true };'));
  await studio.save();
  await expect(list).toContainText('Unpublished changes');
  await studio.sidePanelTab(/^Versions/).click();
  const v2 = page.getByRole('article', { name: 'Version 2', exact: true });
  const v3 = page.getByRole('article', { name: 'Version 3', exact: true });
  await expect(v2).toContainText('Published');
  await expect(v3).not.toContainText('Published');
  // Each version names the account that saved it.
  for (const row of [v2, v3]) await expect(row.locator('.version-title')).toContainText(`· ${E2E_EMAIL}`);
  await v3.getByRole('button', { name: 'Publish version 3' }).click();
  await expect(dialog).toContainText('Changes against the live version (v2)');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: artifact('publish-dialog-1440x900.png') });
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.screenshot({ path: artifact('publish-dialog-1024x700.png') });
  await dialog.getByRole('button', { name: 'Test and publish' }).click();
  await expect(v3).toContainText('Published');
  await expect(v2).not.toContainText('Published');
  await expect(list).not.toContainText('Unpublished changes');

  // Publishing an older version asks first.
  await v2.getByRole('button', { name: 'Publish version 2' }).click();
  await expect(dialog.getByTestId('older-version')).toContainText('v2 is older than the latest version (v3)');
  await expect(dialog.getByRole('button', { name: 'Test and publish' })).toBeDisabled();
  await dialog.getByTestId('older-version').getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Test and publish' }).click();
  await expect(v2).toContainText('Published');
});
