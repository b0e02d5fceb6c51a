import { expect, test, E2E_EMAIL, E2E_TOKEN } from './studio-fixture';

test('the login link signs in and the home page shows health and the data directory', async ({ page, server }) => {
  await page.goto(server.loginUrl);
  await expect(page.getByRole('heading', { name: 'Transformation Studio' })).toBeVisible();
  await expect(page.getByTestId('health')).toHaveText('ok');
  await expect(page.getByTestId('data-dir')).toHaveText(server.dataDir);
  await expect(page.getByTestId('email')).toHaveText(E2E_EMAIL);
  // The secret left the address bar once adopted.
  expect(page.url()).not.toContain('auth=');
});

test('the login form rejects wrong credentials and accepts the printed ones', async ({ page, server }) => {
  await page.goto(server.url);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('E-mail').fill(E2E_EMAIL);
  await page.getByLabel('Access token').fill('wrong');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('do not match');
  await page.getByLabel('Access token').fill(E2E_TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('health')).toHaveText('ok');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});
