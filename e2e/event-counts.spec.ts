import { createRequire } from 'node:module';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { PipelinePage } from './pages/pipeline-page';
import { expect, test } from './studio-fixture';

// The Events page's counts come from maintained counters (store/event-counts.ts), not from a scan:
// here what the page shows is held against count(*) of the SQLite file itself after ingesting,
// deleting from the page and retention, so a counter that drifted cannot go unnoticed.
const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
const TYPES = ['track', 'identify', 'page', 'screen', 'group', 'alias'];

/** count(*) per type (of one source or all) in the data folder's database, read-only. */
function counted(dataDir: string, sourceId?: string): { total: number; types: Record<string, number> } {
  const db = new Database(join(dataDir, 'studio.db'), { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare('SELECT type, count(*) AS n FROM captured_events WHERE ? IS NULL OR source_id = ? GROUP BY type')
      .all(sourceId ?? null, sourceId ?? null) as { type: string; n: number }[];
    return { total: rows.reduce((sum, r) => sum + r.n, 0), types: Object.fromEntries(rows.map((r) => [r.type, r.n])) };
  } finally {
    db.close();
  }
}

test('the counts on the Events page equal count(*) after ingesting, deleting and retention', async ({ page, server }) => {
  const ui = new PipelinePage(page, server);
  const main = await ui.defaultSource();
  const other = await ui.api<{ id: string; writeKey: string }>('POST', '/studio/api/sources', { name: 'Second source' });
  for (let b = 0; b < 4; b++) {
    const batch = Array.from({ length: 25 + b * 7 }, (_, i) => ({ type: TYPES[(i * (b + 1)) % TYPES.length], userId: `u-${b}-${i}`, event: 'Order Completed', name: 'Home', previousId: 'p', groupId: 'g' }));
    await ui.send(b % 2 ? other.writeKey : main.writeKey, 'batch', { batch });
  }
  await ui.send(main.writeKey, 'track', { userId: 'single', event: 'One more' });
  await ui.send(other.writeKey, 'identify', { userId: 'single' });

  /** The page's total and every type chip, each held against count(*). */
  const expectPageShows = async (sourceId?: string) => {
    const want = counted(server.dataDir, sourceId);
    expect(want.total).toBeGreaterThan(0);
    await expect(page.getByTestId('match-count')).toHaveText(`${want.total.toLocaleString('en-US')} matching`);
    for (const type of TYPES) {
      if (want.types[type]) await expect(ui.chip(type).locator('.chip-count')).toHaveText(String(want.types[type]));
      else await expect(ui.chip(type)).toHaveCount(0);
    }
    return want;
  };

  await ui.signIn();
  await ui.go('Events');
  const ingested = await expectPageShows();
  expect(ingested.total).toBe(25 + 32 + 39 + 46 + 2);
  const sourceFilter = page.getByRole('form', { name: 'Event filters' }).getByLabel('Source');
  await sourceFilter.selectOption({ label: 'Second source' });
  await expectPageShows(other.id);
  await sourceFilter.selectOption({ label: 'All sources' });
  await expectPageShows();

  // Delete the identify events from the page: the counts follow.
  await ui.chip('identify').click();
  await expect(ui.chip('identify')).toHaveAttribute('aria-pressed', 'true');
  const identifies = ingested.types.identify!;
  await page.getByRole('button', { name: `Select all ${identifies} matching` }).click();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await page.getByRole('button', { name: 'Delete events' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Deleted ${identifies} events.` })).toBeVisible();
  await ui.chip('identify').click();
  const afterDelete = await expectPageShows();
  expect(afterDelete.total).toBe(ingested.total - identifies);
  expect(afterDelete.types.identify).toBeUndefined();

  // Retention: keep at most 40 events (Settings), then the page again.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Keep at most (events)').fill('40');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect.poll(() => counted(server.dataDir).total).toBe(40);
  await ui.go('Events');
  const afterRetention = await expectPageShows();
  expect(afterRetention.total).toBe(40);
  await ui.screenshot('event-counts-after-retention');
});
