import { PipelinePage } from './pages/pipeline-page';
import { shootBoth } from './shots';
import { E2E_EMAIL, E2E_TOKEN, expect, test } from './studio-fixture';

// A remote's token is edited in place (no remove-and-add), and removing a remote asks in the
// app's own dialog, never a native confirm(). The studio is its own remote here.

test("a remote's wrong token is replaced in an edit dialog; removing asks in the app's dialog", async ({ page, server }) => {
  const native: string[] = [];
  page.on('dialog', (d) => {
    native.push(d.message());
    void d.dismiss();
  });
  const ui = new PipelinePage(page, server);
  await ui.signIn();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Remotes & sync' }).click();
  const form = page.getByRole('form', { name: 'Add a remote' });
  await form.getByLabel('Name').fill('self');
  await form.getByLabel('Management base URL').fill(server.url);
  await form.getByLabel('E-mail').fill(E2E_EMAIL);
  await form.getByLabel('Access token').fill('a-wrong-token');
  await form.getByRole('button', { name: 'Add remote' }).click();
  const remote = page.getByTestId('remote');
  await expect(remote).toContainText('self');
  await remote.getByRole('button', { name: 'Test connection' }).click();
  await expect(remote.getByTestId('connection-result')).toHaveClass(/error/);
  await expect(page.getByText('the remote refused the e-mail and access token (HTTP 401)').first()).toBeVisible();

  await remote.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByTestId('edit-remote');
  await expect(dialog.getByLabel('Management base URL')).toHaveValue(server.url);
  await expect(dialog.getByLabel('E-mail')).toHaveValue(E2E_EMAIL);
  await expect(dialog.getByLabel('New access token')).toHaveValue('');
  await dialog.getByLabel('New access token').fill(E2E_TOKEN);
  await shootBoth(page, 'remote-edit-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  // The changes against it are asked for again with the new token.
  await expect(page.getByText('the remote refused the e-mail and access token')).toHaveCount(0);
  await remote.getByRole('button', { name: 'Test connection' }).click();
  await expect(remote.getByTestId('connection-result')).toHaveText(/^connected: \d+ transformations, \d+ libraries$/);

  await remote.getByRole('button', { name: 'Remove' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove the remote “self”?' });
  await expect(confirm).toContainText('To change its token, edit it instead.');
  await shootBoth(page, 'remote-remove-confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(remote).toHaveCount(1);
  await remote.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog', { name: 'Remove the remote “self”?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('No remote yet')).toBeVisible();
  expect(native).toEqual([]);
});
