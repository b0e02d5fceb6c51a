import { holdRequests } from './held';
import { PipelinePage } from './pages/pipeline-page';
import { shootBoth } from './shots';
import { expect, test } from './studio-fixture';

test('an invalid JSON path is named next to the field; counts, table and bulk actions never pretend it applied', async ({ page, server }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  const ui = new PipelinePage(page, server);
  const source = await ui.defaultSource();
  const batch = Array.from({ length: 52 }, (_, i) => ({ type: i % 4 === 0 ? 'identify' : 'track', userId: `user-${i}`, event: 'Order Completed', properties: { revenue: i * 10 } }));
  await ui.send(source.writeKey, 'batch', { batch });
  await ui.signIn();
  await ui.go('Events');
  const filters = page.getByRole('form', { name: 'Event filters' });
  await expect(filters).toContainText('52 matching');
  await expect(ui.rows.first()).toBeVisible();

  await ui.filter('JSON path', 'foo bar baz');
  await expect(page.getByText(/expected an operator after foo/)).toBeVisible();
  await expect(filters).not.toContainText('52 matching');
  await expect(page.getByRole('button', { name: 'Delete matching' })).toBeDisabled();
  // Said next to the field, in words that say what to fix.
  const field = filters.getByLabel('JSON path');
  await expect(page.getByTestId('where-error')).toContainText('“foo bar baz”: expected an operator after foo, got “bar”');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(/expected an operator after foo/);
  // Nothing on screen reads as the result of that filter, and nothing acts on it.
  await expect(filters).not.toContainText('52 matching');
  await expect(page.getByTestId('match-count')).toHaveText('Filter not applied');
  await expect(ui.chip('track')).toHaveCount(0);
  await expect(ui.rows).toHaveCount(0);
  await expect(page.getByText('The filter is not applied')).toBeVisible();
  for (const name of ['Delete matching', 'Export NDJSON', 'Export JSON', 'Replay matching…']) await expect(page.getByRole('button', { name })).toBeDisabled();
  await expect(page.getByRole('button', { name: /Select all/ })).toHaveCount(0);
  await expect(page.getByTestId('live-state')).toHaveCount(0);
  await shootBoth(page, 'events-invalid-filter');

  // Another malformed one; then a valid one applies as usual.
  await ui.filter('JSON path', 'properties.revenue >>> 100');
  await expect(page.getByTestId('where-error')).toContainText('unknown operator “>>>”');
  await ui.filter('JSON path', 'properties.revenue > 400');
  await expect(page.getByTestId('where-error')).toHaveCount(0);
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('match-count')).toHaveText('11 matching');
  await expect(ui.rows).toHaveCount(11);
  await expect(page.getByRole('button', { name: 'Delete matching' })).toBeEnabled();

  // An edit not applied yet: the error shows once the field is left, and the actions on
  // "matching" wait until the form and the table agree again.
  await field.fill('properties.revenue >');
  await filters.getByLabel('Text').focus();
  await expect(page.getByTestId('where-error')).toContainText('no value after >');
  await expect(page.getByTestId('filters-pending')).toContainText('not applied');
  await expect(page.getByRole('button', { name: 'Delete matching' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Export NDJSON' })).toBeDisabled();
  await expect(ui.rows).toHaveCount(11);
  await shootBoth(page, 'events-filter-pending');
  await field.fill('properties.revenue > 400');
  await expect(page.getByTestId('filters-pending')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete matching' })).toBeEnabled();

  // The same from a link or bookmark (the filter in the address).
  await page.goto(`${server.url}/#/events?where=${encodeURIComponent('properties.revenue >>> 100')}`);
  await expect(page.getByTestId('where-error')).toContainText('unknown operator “>>>”');
  await expect(page.getByTestId('match-count')).toHaveText('Filter not applied');
  await expect(ui.rows).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete matching' })).toBeDisabled();
  await page.getByRole('button', { name: 'Clear the JSON path' }).click();
  await expect(page.getByTestId('match-count')).toHaveText('52 matching');
  expect(pageErrors).toEqual([]);
});

test('an import opened while the sources list is still loading goes into the first source, as the dialog shows', async ({ page, server }) => {
  const ui = new PipelinePage(page, server);
  const source = await ui.defaultSource();
  // Hold the page's sources answers back until the dialog is open (a loaded machine did this).
  const release = await holdRequests(page, '**/studio/api/sources');
  await ui.signIn();
  await ui.go('Events');
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByTestId('import-dialog');
  await dialog.getByLabel('File to import').setInputFiles({ name: 'one.ndjson', mimeType: 'application/x-ndjson', buffer: Buffer.from('{"type":"track","event":"Early","userId":"u1"}') });
  release();
  await expect(dialog.getByLabel('Into source')).toHaveValue(source.id);
  // Before: the select showed the source while the dialog's choice stayed '' (Import disabled).
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByTestId('import-report')).toContainText('Imported 1 events from 1 requests');
  const { events } = await ui.api<{ events: { sourceId: string; eventName: string | null }[] }>('GET', '/studio/api/events');
  expect(events.map((e) => [e.sourceId, e.eventName])).toEqual([[source.id, 'Early']]);
});
