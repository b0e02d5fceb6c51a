import { expect, test } from './studio-fixture';
import { holdRequests } from './held';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';

const SPLIT_OR_THROW = `export function transformEvent(event, metadata) {
  if (!event.properties) {
    throw new Error('no properties on ' + event.type);
  }
  if (event.event !== 'Order Completed') return event;
  log('splitting', event.properties.products.length);
  return event.properties.products.map((product, i) => ({ ...event, messageId: event.messageId + '-' + i, properties: product }));
}
`;

test('captured events feed the bench; split, errors with linked stack lines and logs show per event', async ({ page, server }) => {
  const writeKey = { Authorization: `Basic ${Buffer.from('cli-write-key:').toString('base64')}` };
  const order = { userId: 'u1', event: 'Order Completed', properties: { products: [{ sku: 'a' }, { sku: 'b' }] } };
  expect((await page.request.post(`${server.url}/v1/track`, { headers: writeKey, data: order })).status()).toBe(200);
  expect((await page.request.post(`${server.url}/v1/identify`, { headers: writeKey, data: { userId: 'u2', traits: { plan: 'pro' } } })).status()).toBe(200);

  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await studio.createTransformation('Split Orders', 'Split events');
  await studio.replaceCode(SPLIT_OR_THROW);

  await studio.benchEvents('Captured events…');
  const picker = page.getByTestId('captured-picker');
  await expect(picker.getByRole('checkbox')).toHaveCount(2);
  // The Events page's filter bar: text, then a type chip; what is checked stays checked across searches.
  await expect(picker.getByTestId('match-count')).toHaveText('2 matching');
  await picker.getByLabel('Text').fill('Order Completed');
  await picker.getByRole('button', { name: 'Apply' }).click();
  await expect(picker.getByRole('checkbox')).toHaveCount(1);
  await picker.getByRole('checkbox').check();
  await picker.getByRole('button', { name: 'Clear', exact: true }).click();
  await picker.getByTestId('type-chip-identify').click();
  await expect(picker.getByTestId('match-count')).toHaveText('1 matching');
  await expect(picker.getByRole('checkbox')).toHaveCount(1);
  await picker.getByRole('checkbox').check();
  await expect(picker.getByTestId('picker-selection')).toContainText('2 selected (1 not in this list)');
  await shootBoth(page, 'captured-picker-filters');
  await picker.getByRole('button', { name: 'Use selected (2)' }).click();

  await page.getByRole('button', { name: 'Run test' }).click();
  await expect(studio.count('in')).toHaveText('2');
  await expect(studio.count('out')).toHaveText('2');
  await expect(studio.count('split')).toHaveText('1');
  await expect(studio.count('errors')).toHaveText('1');
  const results = page.getByTestId('event-result');
  // Newest captured first: the identify event (no properties) fails, the order splits in two.
  await expect(results.filter({ hasText: 'identify' })).toHaveAttribute('data-status', 'error');
  await expect(results.filter({ hasText: 'Order Completed' })).toHaveAttribute('data-status', 'split');
  await expect(results.filter({ hasText: 'Order Completed' })).toContainText('Split into 2');
  await expect(page.getByTestId('logs')).toContainText('Log: splitting 2');

  const error = results.filter({ hasText: 'identify' });
  await expect(error).toContainText('Error: no properties on identify');
  await error.getByRole('button', { name: 'Split Orders:3:11' }).click();
  await expect(studio.code.locator('.cm-activeLine')).toContainText("throw new Error('no properties on ' + event.type);");

  // A fatal error (syntax) stops the run and says where.
  await studio.replaceCode(SPLIT_OR_THROW.replace('return event;', 'return event.;'));
  // The editor says what the run says, at the same place (one parser: the run's).
  await expect(studio.problems).toContainText("Line 5:55 SyntaxError: Unexpected token ';'");
  await page.getByRole('button', { name: 'Run test' }).click();
  await expect(page.getByTestId('run-error')).toContainText("SyntaxError: Unexpected token ';'");
  await page.getByTestId('run-error').getByRole('button', { name: /^Split Orders:5:/ }).click();
  await expect(studio.code.locator('.cm-activeLine')).toContainText('return event.;');
});

test('library edits are tested against the transformations that import it; drafts survive a reload; delete asks first', async ({ page, server }) => {
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await studio.createLibrary('Labels');
  await studio.replaceCode(`export function label(value) {\n  return 'label:' + value;\n}\n`);
  await studio.save();
  await studio.createTransformation('Labeler', 'Enrich with a library', 'Labels (labels)');
  await expect(studio.code).toContainText(`import { label } from 'labels';`);

  // Break the library: saving first runs Labeler's tests with the unsaved code.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Libraries' }).click();
  await page.getByRole('link', { name: /Labels/ }).click();
  await expect(studio.sidePanelTab(/^Used by \(1\)$/)).toBeVisible();
  await studio.replaceCode(`export function label(value) {\n  throw new Error('broken label');\n}\n`);
  await studio.code.click();
  await page.keyboard.press('ControlOrMeta+s');
  const confirm = page.getByRole('dialog', { name: 'Some transformations fail with this code' });
  await expect(confirm).toContainText('Labeler');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('used-by-summary')).toHaveText('1 of 1 fail with this code.');
  await expect(page.getByTestId('used-by-list')).toContainText('Error: broken label');
  await expect(page.getByTestId('unsaved')).toBeVisible();

  // A fixed version passes and saves.
  await studio.replaceCode(`export function label(value) {\n  return 'label=' + value;\n}\n`);
  await studio.save();
  await expect(page.getByTestId('used-by-summary')).toHaveText('All 1 pass with this code.');
  await expect(studio.sidePanelTab(/^Versions \(3\)$/)).toBeVisible();

  // Unsaved edits survive a reload, with the message typed for them.
  await studio.replaceCode(`export function label(value) {\n  return 'draft:' + value;\n}\n`);
  await page.getByLabel('Version message').fill('draft prefix');
  await page.reload();
  await expect(page.getByText(/Unsaved changes from .* were restored/)).toBeVisible();
  await expect(studio.code).toContainText(`'draft:'`);
  await expect(page.getByLabel('Version message')).toHaveValue('draft prefix');
  await page.getByRole('button', { name: 'Discard them' }).click();
  await expect(studio.code).toContainText(`'label='`);
  await expect(page.getByTestId('unsaved')).toHaveCount(0);
  await expect(page.getByLabel('Version message')).toHaveValue('');

  // Deleting a transformation asks for confirmation.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transformations' }).click();
  await page.getByRole('link', { name: /Labeler/ }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const del = page.getByRole('dialog', { name: 'Delete “Labeler”?' });
  await del.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('artifact-name')).toHaveText('Labeler');
  await page.getByRole('button', { name: 'Delete' }).click();
  await del.getByRole('button', { name: 'Delete transformation' }).click();
  await expect(page.getByText('No transformations yet')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Libraries' }).click();
  await page.getByRole('link', { name: /Labels/ }).click();
  await expect(studio.sidePanelTab(/^Used by \(0\)$/)).toBeVisible();
});

test('events import from a JSON or NDJSON file and export as a download (the browser fallbacks of the native dialogs)', async ({ page, server }) => {
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await studio.createTransformation('Files', 'Blank');
  expect(await page.evaluate('typeof window.studio')).toBe('undefined'); // a browser: no desktop bridge

  const ndjson = '{"type":"track","event":"From File","userId":"f1"}\n{"type":"identify","userId":"f2"}\n';
  const chooser = page.waitForEvent('filechooser');
  await studio.benchEvents('Import…');
  await (await chooser).setFiles({ name: 'events.ndjson', mimeType: 'application/x-ndjson', buffer: Buffer.from(ndjson) });
  await expect(page.getByTestId('file-message')).toHaveText('Imported 2 events from events.ndjson.');
  await expect(page.getByRole('heading', { name: /Test events/ })).toContainText('(2)');

  const badChooser = page.waitForEvent('filechooser');
  await studio.benchEvents('Import…');
  await (await badChooser).setFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('[1, 2]') });
  await expect(page.getByTestId('file-message')).toHaveText('bad.json: Item 1 is not an event object.');
  await expect(page.getByRole('heading', { name: /Test events/ })).toContainText('(2)'); // nothing lost

  const download = page.waitForEvent('download');
  await studio.benchEvents('Export…');
  const file = await download;
  expect(file.suggestedFilename()).toBe('test-events.json');
  const saved = JSON.parse(await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8')) as Array<Record<string, unknown>>;
  expect(saved.map((e) => e.userId)).toEqual(['f1', 'f2']);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'e2e/artifacts/test-bench-import-export-1440.png' });
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.screenshot({ path: 'e2e/artifacts/test-bench-import-export-1024.png' });
});

// The CI flake of logs-per-event.spec.ts (round 6): a new transformation's saved tests (the
// template's 2 samples) answered after the test had pasted its events, and replaced them.
test('events typed while the saved tests are loading stay the bench\'s events (the saved tests fill only an untouched bench)', async ({ page, server }) => {
  const studio = new StudioPage(page);
  const release = await holdRequests(page, '**/studio/api/transformations/*/test-events', 'GET');
  await studio.open(server.loginUrl);
  await studio.createTransformation('Typed early', 'Blank');
  const typed = [
    { type: 'track', event: 'One', messageId: 'e-1', properties: {} },
    { type: 'track', event: 'Two', messageId: 'e-2', properties: {} },
    { type: 'track', event: 'Three', messageId: 'e-3', properties: {} },
  ];
  await studio.replaceCode(JSON.stringify(typed, null, 2), page.getByTestId('events-editor').locator('.cm-content'));
  release();
  // The Blank template's 2 sample events arrived (as saved tests), after the typing.
  await expect(page.getByTestId('saved-tests')).toHaveText('2 saved');
  await page.getByRole('button', { name: 'Run test' }).click();
  await expect(studio.count('in')).toHaveText('3');
  await expect(page.getByTestId('event-result').filter({ hasText: 'Signed Up' })).toHaveCount(0);
  await expect(page.getByTestId('stale-results')).toHaveCount(0);
});
