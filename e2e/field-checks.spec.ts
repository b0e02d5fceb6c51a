// Field checks authored on a result row are what save, "Run saved tests" and publish check: a
// later change that breaks a check is named by all three; fixing the code makes them pass again.
import type { Locator, Page } from '@playwright/test';
import { StudioPage } from './pages/studio-page';
import { VIEWPORTS } from './shots';
import { expect, test } from './studio-fixture';

const codeWithTotal = (total: number) =>
  `export function transformEvent(event, metadata) {\n  event.properties = { ...event.properties, total: ${total}, sku: "SKU-42" };\n  return event;\n}\n`;
const FAILING = '"properties.total" should equal 10 but is 11';

async function openRow(studio: StudioPage, page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Run test' }).click();
  const row = await studio.resultRow(1);
  const head = row.getByRole('button', { name: /#1/ });
  await expect(head).toBeVisible();
  if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
  await expect(row.getByTestId('field-checks')).toBeVisible();
  return row;
}

/** Screenshots at both reference sizes with the target scrolled into view (e2e/artifacts/). */
async function shootAt(page: Page, target: Locator, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const size of VIEWPORTS) {
    await page.setViewportSize(size);
    await target.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await expect(target).toBeInViewport();
    await page.screenshot({ path: `e2e/artifacts/${name}-${size.width}x${size.height}.png` });
  }
  if (original) await page.setViewportSize(original);
}

async function addCheck(row: Locator, path: string, op: string, value?: string): Promise<void> {
  await row.getByRole('button', { name: 'Add field check' }).click();
  const editor = row.getByTestId('check-editor');
  await editor.getByLabel('Field path').fill(path);
  await editor.getByLabel('Check', { exact: true }).selectOption(op);
  if (op === 'type' && value) await editor.getByLabel('Type').selectOption(value);
  else if (value !== undefined) await editor.getByLabel('Value').fill(value);
  await editor.getByRole('button', { name: 'Save check' }).click();
  await expect(editor).toHaveCount(0);
}

test('field checks from a result row: save, Run saved tests and publish name a failing check; fixing the code passes', async ({ page, server }) => {
  test.setTimeout(180_000);
  const headers = { authorization: server.auth, 'content-type': 'application/json' };
  const created = (await (await fetch(`${server.url}/transformations`, { method: 'POST', headers, body: JSON.stringify({ name: 'Checking', code: codeWithTotal(10) }) })).json()) as { id: string };
  await fetch(`${server.url}/studio/api/transformations/${created.id}/test-events`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ events: [{ event: { type: 'track', event: 'Order', messageId: 'fc-1', properties: { total: 5 } } }] }),
  });
  const savedChecks = async () =>
    ((await (await fetch(`${server.url}/studio/api/transformations/${created.id}/test-events`, { headers })).json()) as { events: { checks?: unknown[] }[] }).events[0]!.checks;
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await page.goto(`${server.url}/#/transformations/${created.id}`);
  await expect(page.getByTestId('saved-tests')).toHaveText('1 saved');
  let row = await openRow(studio, page);
  await expect(row.getByTestId('must-not-throw')).toContainText('passes when the code does not throw');

  // Add a check with a wrong value: it fails on the row, showing the actual value; edit it to pass.
  await addCheck(row, 'properties.total', 'equals', '11');
  const total = row.getByTestId('field-check').filter({ hasText: 'properties.total equals' });
  await expect(total).toHaveAttribute('data-passed', 'false');
  await expect(total).toContainText('actual: 10');
  await total.getByRole('button', { name: 'Edit' }).click();
  const editor = row.getByTestId('check-editor');
  await expect(editor.getByLabel('Value')).toHaveValue('11');
  await editor.getByLabel('Value').fill('10');
  await shootAt(page, editor, 'field-check-editor');
  await editor.getByRole('button', { name: 'Save check' }).click();
  await expect(total).toHaveAttribute('data-passed', 'true');
  await addCheck(row, 'properties.total', 'type', 'number');
  await addCheck(row, 'properties.sku', 'matches', '^SKU-\\d+$');
  await addCheck(row, 'properties.secret', 'absent');
  await addCheck(row, 'properties.discount', 'exists');
  const discount = row.getByTestId('field-check').filter({ hasText: 'properties.discount' });
  await expect(discount).toHaveAttribute('data-passed', 'false');
  await discount.getByRole('button', { name: 'Remove' }).click();
  await expect(discount).toHaveCount(0);
  await expect(row.getByTestId('field-check')).toHaveCount(4);
  await expect(row.locator('[data-testid="field-check"][data-passed="true"]')).toHaveCount(4);
  await expect(row.getByTestId('must-not-throw')).toHaveCount(0);
  await expect.poll(savedChecks).toEqual([
    { path: 'properties.total', op: 'equals', value: 10 },
    { path: 'properties.total', op: 'type', value: 'number' },
    { path: 'properties.sku', op: 'matches', value: '^SKU-\\d+$' },
    { path: 'properties.secret', op: 'absent' },
  ]);

  // A change that breaks one check: Run saved tests, the saved version and the row all name it.
  await studio.replaceCode(codeWithTotal(11));
  await page.getByRole('button', { name: 'Run saved tests' }).click();
  await expect(page.getByTestId('tests-run')).toContainText('Tests on this code: ✗');
  await expect(page.getByTestId('tests-run')).toContainText(FAILING);
  await studio.save();
  await expect(page.getByTestId('save-outcome')).toContainText('tests failed');
  await expect(page.getByTestId('save-outcome')).toContainText(FAILING);
  row = await openRow(studio, page);
  await expect(total).toHaveAttribute('data-passed', 'false');
  await expect(total).toContainText('actual: 11');
  await expect(row.locator('[data-testid="field-check"][data-passed="true"]')).toHaveCount(3);
  await expect(row.getByTestId('checks-badge')).toHaveText('✗ 1 of 4 checks fail');
  await shootAt(page, row.getByTestId('checks-badge'), 'field-check-failing');

  // Publish refuses it for the same reason.
  const publish = page.getByRole('toolbar', { name: 'Editor actions' }).getByRole('button', { name: 'Publish' });
  await publish.click();
  const dialog = page.getByTestId('publish-dialog');
  await dialog.getByRole('button', { name: 'Test and publish' }).click();
  await expect(dialog.getByTestId('publish-failure')).toContainText(FAILING);
  await expect(page.getByTestId('transformation-list')).toContainText('Not published');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  // Fixed: all three pass.
  await studio.replaceCode(codeWithTotal(10));
  await page.getByRole('button', { name: 'Run saved tests' }).click();
  await expect(page.getByTestId('tests-run')).toContainText('Tests on this code: ✓');
  await studio.save();
  await expect(page.getByTestId('save-outcome')).toContainText('tests passed');
  await publish.click();
  await dialog.getByRole('button', { name: 'Test and publish' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('.editor-title')).toContainText('Published');
  await expect(page.getByTestId('transformation-list')).not.toContainText('Not published');

  // "Must not throw" only: the checks go, the saved test stays.
  row = await openRow(studio, page);
  await row.getByRole('button', { name: 'Must not throw only' }).click();
  await expect(row.getByTestId('must-not-throw')).toBeVisible();
  await expect(row.getByTestId('field-check')).toHaveCount(0);
  await expect.poll(savedChecks).toBeUndefined();
  await expect(page.getByTestId('saved-tests')).toHaveText('1 saved');
  // …and a row that throws says that this saved test fails.
  await studio.replaceCode('export function transformEvent(event) {\n  throw new Error("no total");\n}\n');
  await page.getByRole('button', { name: 'Run test' }).click();
  const thrown = await studio.resultRow(1);
  const thrownHead = thrown.getByRole('button', { name: /#1/ });
  await expect(thrown).toHaveAttribute('data-status', 'error');
  if ((await thrownHead.getAttribute('aria-expanded')) !== 'true') await thrownHead.click();
  await expect(thrown.getByTestId('saved-test-throws')).toContainText('saved test and it threw');
});
