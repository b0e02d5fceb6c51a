import { expect, test } from './studio-fixture';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';

const CODE = `export async function transformEvent(event, metadata) {
  if (!event.properties) throw new Error('no properties');
  const m = metadata(event);
  const answer = await fetch('http://127.0.0.1:9/private-api');
  log('fetch said', answer);
  return { ...event, context: { ...event.context, via: m.sourceId + '>' + m.destinationType, key: getCredential('API_KEY') } };
}
`;
const EVENTS = [
  { type: 'identify', messageId: 'thrower-1', userId: 'u1', traits: { plan: 'pro' } },
  { type: 'track', event: 'Fine', messageId: 'fine-1', userId: 'u2', properties: { a: 1 } },
];

test('credentials and settings screens; a failing row keeps its input; metadata() reports the context set for the run', async ({ page, server }) => {
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  const credentials = page.getByRole('form', { name: 'Add a credential' });
  await credentials.getByLabel('Key').fill('API_KEY');
  await credentials.getByLabel('Value').fill('first-secret');
  await credentials.getByRole('button', { name: 'Add credential' }).click();
  const table = page.getByTestId('credentials');
  await expect(table).toContainText('API_KEY');
  await expect(table).toContainText('********');
  await expect(page.locator('body')).not.toContainText('first-secret');
  await page.getByRole('button', { name: 'Edit API_KEY' }).click();
  const replace = page.getByRole('form', { name: 'Replace API_KEY' });
  await replace.getByLabel('Value').fill('s3cret');
  await replace.getByRole('button', { name: 'Replace value' }).click();
  await expect(page.getByRole('form', { name: 'Add a credential' })).toBeVisible();

  const settings = page.getByRole('form', { name: 'Studio settings' });
  await expect(settings.getByLabel('Time limit per batch (ms)')).toHaveValue('4000');
  await settings.getByLabel('Time limit per batch (ms)').fill('5000');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings.getByRole('status')).toHaveText('Saved.');
  const stored = await (await page.request.get(`${server.url}/studio/api/settings/sandbox`, { headers: { Authorization: server.auth } })).json();
  expect(stored.timeoutMs).toBe(5000);
  // All or nothing: a refused field leaves every other change unsaved, and says which field.
  const retention = async () => (await page.request.get(`${server.url}/studio/api/events/retention`, { headers: { Authorization: server.auth } })).json();
  const before = await retention();
  const days = settings.getByLabel('Delete after (days)');
  const shownDays = await days.inputValue();
  await settings.getByLabel('Memory limit (MB)').fill('0');
  await days.fill(String((before.maxAgeDays ?? 0) + 3));
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('alert')).toContainText('Nothing was saved: Memory limit (MB) must be >= 16');
  expect(await retention()).toEqual(before);
  // The refused field is marked (only it), until it is edited.
  await expect(settings.getByLabel('Memory limit (MB)')).toHaveAttribute('aria-invalid', 'true');
  await expect(days).not.toHaveAttribute('aria-invalid');
  await shootBoth(page, 'settings-refused');
  await settings.getByLabel('Memory limit (MB)').fill('128');
  await expect(settings.getByLabel('Memory limit (MB)')).not.toHaveAttribute('aria-invalid');
  await days.fill(shownDays);
  await shootBoth(page, 'settings');

  await studio.createTransformation('Debugging', 'Blank');
  await studio.replaceCode(CODE);
  await studio.replaceCode(JSON.stringify(EVENTS, null, 2), page.getByTestId('events-editor').locator('.cm-content'));
  const context = page.getByTestId('run-context');
  await context.locator('summary').click();
  await context.getByLabel('Source ID').fill('src-42');
  await context.getByLabel('Destination type').fill('WEBHOOK');
  await page.getByRole('button', { name: 'Run test' }).click();
  await expect(studio.count('errors')).toHaveText('1');

  const failed = page.getByTestId('event-result').filter({ hasText: 'identify' });
  await expect(failed).toContainText('Error: no properties');
  await expect(failed.getByTestId('event-input')).toContainText('"messageId": "thrower-1"');

  const fine = page.getByTestId('event-result').filter({ hasText: 'Fine' });
  await fine.getByRole('button', { name: 'Output' }).click();
  await expect(fine.getByTestId('event-output')).toContainText('"via": "src-42>WEBHOOK"');
  await expect(fine.getByTestId('event-output')).toContainText('"key": "s3cret"');
  // The network panel shows the call the guard refused, and why.
  const call = page.getByTestId('network').getByTestId('network-call');
  await expect(call).toHaveCount(1);
  await expect(call).toContainText('GET http://127.0.0.1:9/private-api');
  await expect(call).toContainText('Blocked');
  await shootBoth(page, 'debugging');

  // Changing the context makes the shown run stale.
  await context.getByLabel('Source ID').fill('src-43');
  await expect(page.getByTestId('stale-results')).toContainText('context changed');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Delete API_KEY' }).click();
  await expect(page.getByText('No credentials yet.')).toBeVisible();
});
