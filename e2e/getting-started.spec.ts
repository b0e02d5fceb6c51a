import { expect, test } from './studio-fixture';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';

test('templates are previewed before creating; a new transformation starts with sample events that show what its template does', async ({ page, server }) => {
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transformations' }).click();
  await page.getByRole('button', { name: 'New transformation' }).first().click();
  const dialog = page.getByTestId('new-transformation');
  await dialog.getByLabel('Name', { exact: true }).fill('Masking');
  await dialog.getByRole('radio', { name: /^Mask PII/ }).check();
  const preview = dialog.getByTestId('template-preview');
  await expect(preview).toContainText('function mask(value)');
  await expect(preview).toContainText('2 sample events');
  await shootBoth(page, 'template-preview');
  await dialog.getByRole('radio', { name: /^Split events/ }).check();
  await expect(preview).toContainText("event.event !== 'Order Completed'");
  await dialog.getByRole('radio', { name: /^Mask PII/ }).check();
  await dialog.getByRole('button', { name: 'Create transformation' }).click();
  await expect(page.getByTestId('artifact-name')).toHaveText('Masking');

  // The bench is not empty: the samples exercise the template at once.
  await expect(page.getByRole('heading', { name: /Test events/ })).toContainText('(2)');
  await page.getByRole('button', { name: 'Run test' }).click();
  await expect(studio.count('changed')).toHaveText('2');
  const identify = page.getByTestId('event-result').filter({ hasText: 'identify' });
  await expect(identify.getByTestId('event-diff')).toContainText('traits.email');
  await expect(identify.getByTestId('event-diff')).toContainText('"a***@example.com"');
  await shootBoth(page, 'template-samples');
});

test('test events are saved on the server per transformation; events kept only in this browser move there on first open', async ({ page, server }) => {
  const headers = { Authorization: server.auth };
  const created = await (await page.request.post(`${server.url}/transformations`, { headers, data: { name: 'Older', description: '', code: 'export function transformEvent(e) {\n  return e;\n}\n' } })).json();
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  // What an older studio kept in this browser only.
  await page.evaluate(([id]) => localStorage.setItem(`studio.testEvents.${id}`, JSON.stringify([{ type: 'track', event: 'Kept Locally', messageId: 'local-1' }])), [created.id]);
  const key = await page.evaluate(() => Object.keys(localStorage));
  expect(key.some((k) => k.includes(created.id))).toBe(true);
  // The next load moves this browser's state into the core (then the bench's text moves into the saved tests).
  await page.reload();
  await page.goto(`${server.url}/#/transformations/${created.id}`);
  await expect(page.getByTestId('saved-tests')).toHaveText('1 saved');
  const saved = await (await page.request.get(`${server.url}/studio/api/transformations/${created.id}/test-events`, { headers })).json();
  expect(saved.events.map((e: { event: { event: string } }) => e.event.event)).toEqual(['Kept Locally']);

  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('studio.testEvents.')))).toEqual([]);

  // Adding events and saving them as tests appends them (nothing saved is replaced).
  await studio.useAllSampleEvents();
  await studio.benchEvents('Save as tests…');
  // Adding many asks first (#42), naming how many.
  await page.getByRole('dialog', { name: 'Add 50 saved tests?' }).getByRole('button', { name: 'Add 50 tests' }).click();
  await expect(page.getByTestId('saved-tests')).toHaveText('51 saved');
  const after = await (await page.request.get(`${server.url}/studio/api/transformations/${created.id}/test-events`, { headers })).json();
  expect(after.events).toHaveLength(51);
  expect(after.events[0].event.event).toBe('Kept Locally');
  // Replacing asks first, naming what goes.
  await page.getByRole('button', { name: 'Replace tests…' }).click();
  const ask = page.getByRole('dialog', { name: 'Replace the saved tests?' });
  await expect(ask).toContainText('Replace the 51 saved tests');
  await ask.getByRole('button', { name: 'Replace' }).click();
  await expect(page.getByTestId('saved-tests')).toHaveText('50 saved');
});
