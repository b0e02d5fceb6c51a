import { readFileSync } from 'node:fs';
import { PipelinePage } from './pages/pipeline-page';
import { shootBoth } from './shots';
import { expect, test } from './studio-fixture';

test('create a source and see its first event arrive live from a curl-like request', async ({ page, server }) => {
  const ui = new PipelinePage(page, server);
  await ui.signIn();
  await ui.go('Sources');
  await page.getByLabel('New source name').fill('Checkout service');
  await page.getByRole('button', { name: 'Create source' }).click();
  const detail = page.getByRole('region', { name: 'Send events to Checkout service' });
  await expect(detail.getByTestId('first-event-waiting')).toBeVisible();
  await expect(detail.getByRole('heading', { level: 3 })).toHaveText('Send your first event to “Checkout service”');
  await expect(detail.getByTestId('snippet-curl')).toContainText(`${server.url}/v1/track`);
  const source = (await ui.api<{ sources: { name: string; writeKey: string }[] }>('GET', '/studio/api/sources')).sources.find((s) => s.name === 'Checkout service')!;
  await expect(detail.getByTestId('snippet-curl')).toContainText(source.writeKey);
  await ui.screenshot('sources-waiting');
  // What the curl snippet does.
  await ui.send(source.writeKey, 'track', { userId: 'user-1', event: 'Order Completed', properties: { revenue: 42 } });
  await expect(detail.getByTestId('first-event')).toContainText('Order Completed');
  await expect(detail.getByTestId('first-event-waiting')).toHaveCount(0);
  // Once it has an event, the source is no longer waiting for its first one.
  await expect(detail.getByRole('heading', { level: 3 })).toHaveText('Send events to “Checkout service”');
  await ui.screenshot('sources-first-event');

  // Rename, disable (the event API refuses its key), enable again.
  const card = page.getByTestId('source-card').filter({ hasText: 'Checkout service' });
  await card.getByRole('button', { name: 'Rename' }).click();
  await page.getByLabel('New name').fill('Checkout');
  await page.getByRole('dialog').getByRole('button', { name: 'Rename', exact: true }).click();
  const renamed = page.getByTestId('source-card').filter({ hasText: 'Checkout' }).filter({ hasText: source.writeKey });
  await expect(renamed.getByRole('button', { name: 'Checkout', exact: true })).toBeVisible();
  await renamed.getByRole('button', { name: 'Disable' }).click();
  await expect(renamed).toContainText('disabled');
  const refused = await fetch(`${server.url}/v1/track`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${source.writeKey}:`).toString('base64')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ userId: 'u', event: 'E' }),
  });
  expect(refused.status).toBe(400);
  await renamed.getByRole('button', { name: 'Enable' }).click();
  await expect(renamed).toContainText('enabled');
});

test('filter the events table by type, time and a JSON path; select some and export them', async ({ page, server }) => {
  const ui = new PipelinePage(page, server);
  const source = await ui.defaultSource();
  const batch = Array.from({ length: 30 }, (_, i) => ({
    type: i % 3 === 0 ? 'identify' : 'track',
    userId: `user-${i}`,
    event: 'Order Completed',
    properties: { revenue: i * 10 },
    context: { library: { name: i % 2 ? 'analytics-node' : 'analytics.js' } },
  }));
  await ui.send(source.writeKey, 'batch', { batch });
  await ui.signIn();
  await ui.go('Events');
  await expect(ui.chip('track')).toContainText('20');
  await expect(ui.chip('identify')).toContainText('10');
  await expect(ui.rows).toHaveCount(30);
  await ui.screenshot('events');

  await ui.chip('identify').click();
  await expect(ui.rows).toHaveCount(10);
  await expect(ui.rows.first()).toContainText('identify');
  await ui.chip('identify').click();
  await ui.chip('track').click();
  await expect(ui.rows).toHaveCount(20);

  // Time: a window in the future matches nothing, one around now matches all.
  await ui.filter('Received from', '2099-01-01T00:00:00');
  await expect(page.getByText('No event matches these filters')).toBeVisible();
  await ui.filter('Received from', '2020-01-01T00:00:00');
  await ui.filter('Received to', '2099-01-01T00:00:00');
  await expect(ui.rows).toHaveCount(20);

  await ui.filter('JSON path', 'properties.revenue > 100 and context.library.name = "analytics-node"');
  // track events (i % 3 != 0) with i > 10, odd: 11, 13, 17, 19, 23, 25, 29
  await expect(ui.rows).toHaveCount(7);
  await expect(page).toHaveURL(/where=/);
  await ui.filter('JSON path', 'revenue');
  await expect(page.getByTestId('where-error')).toContainText('“revenue”: needs an operator and a value');
  await ui.filter('JSON path', 'properties.revenue > 100 and context.library.name = "analytics-node"');
  await expect(ui.rows).toHaveCount(7);

  // Select the first, shift-click the third: three selected; export them.
  await ui.rows.nth(0).getByRole('checkbox').click();
  await ui.rows.nth(2).getByRole('checkbox').click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('selection-count')).toHaveText('3 selected');
  await expect(page.getByTestId('live-state')).toContainText('Paused');
  const ids = await Promise.all([0, 1, 2].map((i) => ui.rows.nth(i).getByRole('checkbox').getAttribute('aria-label')));
  // The export says it takes the selection, and does.
  await expect(page.getByRole('button', { name: 'Export NDJSON' })).toHaveAttribute('title', 'Exports 3 selected');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export NDJSON' }).click();
  const file = await (await downloading).path();
  const exported = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { userId: string; properties: { revenue: number } });
  expect(exported).toHaveLength(3);
  expect(exported.map((e) => e.userId)).toEqual(['user-29', 'user-25', 'user-23']);
  expect(ids.map((l) => l!.replace('Select event ', ''))).toHaveLength(3);

  // Select all matching: the export holds all 7.
  await page.getByRole('button', { name: 'Select all 7 matching' }).click();
  await expect(page.getByTestId('selection-count')).toHaveText('7 selected');
  const all = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export JSON' }).click();
  expect((JSON.parse(readFileSync(await (await all).path(), 'utf8')) as unknown[]).length).toBe(7);

  // The JSON of one event, enriched and as received.
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await ui.rows.first().getByRole('cell').nth(2).click();
  await expect(page.getByTestId('event-json')).toContainText('"rudderId"');
  await page.getByRole('tab', { name: 'As received' }).click();
  await expect(page.getByTestId('event-json')).toContainText('"batch"');
  await ui.screenshot('events-filtered-detail');

  // Delete the selection: 7 gone, the rest stay.
  await page.getByRole('button', { name: 'Select all 7 matching' }).click();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await page.getByRole('button', { name: 'Delete events' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Deleted 7 events.' })).toBeVisible();
  expect((await ui.api<{ total: number }>('GET', '/studio/api/events/counts')).total).toBe(23);
});

test('import a HAR and an NDJSON file with one bad line (the report names it, nothing imported)', async ({ page, server }) => {
  const ui = new PipelinePage(page, server);
  await ui.signIn();
  await ui.go('Events');
  await expect(page.getByText('No events captured yet')).toBeVisible();
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByTestId('import-dialog');
  const ndjson = ['{"type":"track","event":"A","userId":"u1"}', '{"type":"track","userId":"u2"}', '{"type":"identify","userId":"u3"}'].join('\n');
  await dialog.getByLabel('File to import').setInputFiles({ name: 'events.ndjson', mimeType: 'application/x-ndjson', buffer: Buffer.from(ndjson) });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  const report = dialog.getByTestId('import-report');
  await expect(report).toContainText('Nothing imported: 1 of 3 requests rejected');
  await expect(report).toContainText('line 2');
  await ui.screenshot('events-import-rejected');
  expect((await ui.api<{ total: number }>('GET', '/studio/api/events/counts')).total).toBe(0);

  const har = {
    log: {
      version: '1.2',
      entries: [
        { request: { method: 'GET', url: 'https://shop.example.com/' } },
        { request: { method: 'POST', url: 'https://dp.example.com/v1/track', postData: { mimeType: 'application/json', text: JSON.stringify({ event: 'Viewed', anonymousId: 'a1' }) } } },
        { request: { method: 'POST', url: 'https://dp.example.com/v1/batch', postData: { mimeType: 'application/json', text: JSON.stringify({ batch: [{ type: 'page', name: 'Home', anonymousId: 'a1' }, { type: 'identify', userId: 'u9' }] }) } } },
      ],
    },
  };
  await dialog.getByLabel('File to import').setInputFiles({ name: 'session.har', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(har)) });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(report).toContainText('Imported 3 events from 2 requests (har)');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(ui.rows).toHaveCount(3);
  await expect(ui.chip('page')).toContainText('1');
});

test('a source that already has events does not ask for its first one', async ({ page, server }) => {
  const ui = new PipelinePage(page, server);
  const source = await ui.defaultSource();
  await ui.send(source.writeKey, 'batch', { batch: Array.from({ length: 55 }, (_, i) => ({ type: 'track', userId: `u${i}`, event: 'Signed Up' })) });
  await ui.signIn();
  await ui.go('Sources');
  const detail = page.getByRole('region', { name: `Send events to ${source.name}` });
  await expect(detail.getByTestId('first-event')).toContainText('Signed Up');
  await expect(detail.getByRole('heading', { level: 3 })).toHaveText(`Send events to “${source.name}”`);
  await expect(page.getByText('Send your first event')).toHaveCount(0);
  await expect(detail.getByTestId('first-event-waiting')).toHaveCount(0);
  await shootBoth(page, 'sources-with-events');
});
