// An output accepted as expected in the bench is what save and publish check: a later change
// that alters the output fails on save and is refused at publish.
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';
import { expect, test } from './studio-fixture';

const CHECKS = 'export function transformEvent(event, metadata) {\n  event.checked = true;\n  return event;\n}\n';
const CHANGED = 'export function transformEvent(event, metadata) {\n  event.checked = "yes";\n  return event;\n}\n';

test('accept an output as expected; a later change fails on save, in Run tests and at publish', async ({ page, server }) => {
  const headers = { authorization: server.auth, 'content-type': 'application/json' };
  const created = (await (await fetch(`${server.url}/transformations`, { method: 'POST', headers, body: JSON.stringify({ name: 'Expecting', code: CHECKS }) })).json()) as { id: string };
  await fetch(`${server.url}/studio/api/transformations/${created.id}/test-events`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ events: [{ event: { type: 'track', event: 'Order', messageId: 'x-1' } }] }),
  });
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await page.goto(`${server.url}/#/transformations/${created.id}`);
  await expect(page.getByTestId('saved-tests')).toHaveText('1 saved');
  await page.getByRole('button', { name: 'Run test' }).click();
  const row = await studio.resultRow(1);
  const head = row.getByRole('button', { name: /#1/ });
  if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
  await expect(row.getByTestId('expected-output')).toContainText('No expected output saved');
  await row.getByRole('button', { name: 'Accept as expected' }).click();
  await expect(row.getByTestId('expected-state')).toHaveText('Matches the expected output ✓');
  const saved = (await (await fetch(`${server.url}/studio/api/transformations/${created.id}/test-events`, { headers })).json()) as { events: { expected?: { checked: unknown }[] }[] };
  expect(saved.events[0]!.expected).toEqual([{ type: 'track', event: 'Order', messageId: 'x-1', checked: true }]);

  // A change that alters the output: the version saved says tests failed, and why.
  await studio.replaceCode(CHANGED);
  await page.getByRole('button', { name: 'Run saved tests' }).click();
  await expect(page.getByTestId('tests-run')).toContainText('Tests on this code: ✗');
  await studio.save();
  await expect(page.getByTestId('save-outcome')).toContainText('tests failed');
  await expect(page.getByTestId('save-outcome')).toContainText('output does not equal the expected output');
  // The bench shows the difference against the expectation.
  await page.getByRole('button', { name: 'Run test' }).click();
  const again = await studio.resultRow(1);
  const againHead = again.getByRole('button', { name: /#1/ });
  if ((await againHead.getAttribute('aria-expanded')) !== 'true') await againHead.click();
  await expect(again.getByTestId('expected-state')).toHaveText('Differs from the expected output ✗');
  await expect(again.getByTestId('expected-diff')).toContainText('checked');
  await shootBoth(page, 'expected-output-differs');

  // Publish refuses it for the same reason.
  await page.getByRole('toolbar', { name: 'Editor actions' }).getByRole('button', { name: 'Publish' }).click();
  const dialog = page.getByTestId('publish-dialog');
  await dialog.getByRole('button', { name: 'Test and publish' }).click();
  await expect(dialog.getByTestId('publish-failure')).toContainText('output does not equal the expected output');
  await expect(page.getByTestId('transformation-list')).toContainText('Not published');
});
