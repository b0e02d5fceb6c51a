import { PipelinePage } from './pages/pipeline-page';
import { expect, test } from './studio-fixture';

// Saved filters of the Events page are kept in the core (SQLite UI state): another browser
// context finds them; applying one filters the table; deleting removes it.

test('save an events filter, find it in another browser, apply and delete it', async ({ page, server, browser }) => {
  const ui = new PipelinePage(page, server);
  const source = await ui.defaultSource();
  await ui.send(source.writeKey, 'batch', {
    batch: [
      { type: 'track', event: 'Order Completed', userId: 'u1', messageId: 'f-1' },
      { type: 'track', event: 'Order Refunded', userId: 'u1', messageId: 'f-2' },
      { type: 'group', groupId: 'acme-inc', userId: 'u1', messageId: 'f-3' },
      { type: 'alias', previousId: 'anon-7', userId: 'u1', messageId: 'f-4' },
    ],
  });
  await ui.signIn();
  await ui.go('Events');
  // Names for every type.
  await expect(ui.rows.filter({ hasText: 'acme-inc' })).toHaveCount(1);
  await expect(ui.rows.filter({ hasText: 'anon-7 → u1' })).toHaveCount(1);
  await ui.filter('Event name', 'Order*');
  await expect(ui.rows).toHaveCount(2);
  const saved = page.getByTestId('saved-filters');
  await saved.getByRole('button', { name: 'Save filter…' }).click();
  await saved.getByLabel('Name of the saved filter').fill('Orders');
  await saved.getByRole('button', { name: 'Save' }).click();
  await expect(saved.getByLabel('Saved filters')).toHaveValue('Orders');

  const state = await ui.api<{ entries: Record<string, string> }>('GET', '/studio/api/state');
  expect(JSON.parse(state.entries['studio.eventFilters']!)).toEqual({ Orders: expect.objectContaining({ event: 'Order*' }) });

  // Another browser (no local storage shared) finds it in the core and applies it.
  const other = await browser.newContext();
  try {
    const second = await other.newPage();
    const ui2 = new PipelinePage(second, server);
    await ui2.signIn();
    await ui2.go('Events');
    await expect(ui2.rows).toHaveCount(4);
    await second.getByTestId('saved-filters').getByLabel('Saved filters').selectOption('Orders');
    await expect(ui2.rows).toHaveCount(2);
    await second.getByTestId('saved-filters').getByRole('button', { name: 'Delete “Orders”' }).click();
    await expect(second.getByTestId('saved-filters').getByLabel('Saved filters')).toHaveValue('');
  } finally {
    await other.close();
  }
  await expect.poll(async () => (await ui.api<{ entries: Record<string, string> }>('GET', '/studio/api/state')).entries['studio.eventFilters']).toBe('{}');
});
