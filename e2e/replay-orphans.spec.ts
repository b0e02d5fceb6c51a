import { expect, test } from './studio-fixture';
import { StudioPage } from './pages/studio-page';
import { captureAndCompare } from './replay-data';
import { shootBoth } from './shots';

// A compare's run page counts the outputs of transformBatch that name no input event (what the
// pipeline delivers after a batch's other outputs), on each side, and says in which batches they differ.

const code = (derived: string) => `export function transformBatch(events) {
  const out = events.map((e) => ({ ...e, seen: true }));
  for (const e of events) if (${derived}) out.push({ type: 'track', event: 'Derived', messageId: e.messageId + '-derived' });
  return out;
}`;

test('a compare shows how many outputs name no input event on each side', async ({ page, server }) => {
  const batch = Array.from({ length: 12 }, (_, i) => ({ type: 'track', event: 'Orphans', userId: 'u', messageId: `o-${i}`, properties: { i } }));
  const run = await captureAndCompare(server, { batch, event: 'Orphans', name: 'Derive', published: code('true'), draft: code('e.properties.i % 3 === 0') });

  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await page.goto(`${server.url}/#/replay/${run.id}`);
  await expect(page.getByTestId('run-status')).toHaveText('done');
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText('12 kept · 0 dropped · 0 split · 0 failed · 12 outputs naming no input event');
  await expect(summary).toContainText('12 kept · 0 dropped · 0 split · 0 failed · 4 outputs naming no input event');
  await shootBoth(page, 'replay-orphans');
  // Opened: the outputs themselves, per batch and side.
  await page.getByText('16 outputs naming no input event').click();
  const list = page.locator('.replay-orphans');
  await expect(list.locator('.orphan-batch')).toHaveCount(1);
  await expect(list.locator('pre').first()).toContainText('"messageId": "o-11-derived"');
  await expect(list.locator('pre').nth(1)).toContainText('"messageId": "o-9-derived"');
  await expect(list.locator('pre').nth(1)).not.toContainText('o-11-derived');
  await shootBoth(page, 'replay-orphans-open');
});

test('a compare whose versions differ only in the outputs naming no input event says so in its summary', async ({ page, server }) => {
  const derive = (mark: string) => `export function transformBatch(events) {
  return [...events.map((e) => ({ ...e, seen: true })), ...events.map((e) => ({ type: 'track', event: 'Derived', messageId: e.messageId + '-d', mark: '${mark}' }))];
}`;
  const batch = Array.from({ length: 8 }, (_, i) => ({ type: 'track', event: 'Orphans differ', userId: 'u', messageId: `od-${i}` }));
  const run = await captureAndCompare(server, { batch, event: 'Orphans differ', name: 'Derive marks', published: derive('A'), draft: derive('B') });

  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await page.goto(`${server.url}/#/replay/${run.id}`);
  await expect(page.getByTestId('run-status')).toHaveText('done');
  // Every event's own outputs are the same: all unchanged, and the summary shows what differs.
  await expect(page.getByTestId('count-unchanged')).toContainText('8');
  await expect(page.getByTestId('orphans-changed')).toContainText('Outputs naming no input event differ in 1 batch');
  await shootBoth(page, 'replay-orphans-differ');
  await page.getByText('16 outputs naming no input event').click();
  const list = page.locator('.replay-orphans');
  await expect(list.locator('summary')).toContainText('B differs from A in 1 batch');
  await expect(list.locator('.orphan-batch .orphan-diff')).toHaveText('A and B differ');
  await expect(list.locator('pre').nth(1)).toContainText('"mark": "B"');
  await shootBoth(page, 'replay-orphans-differ-open');
});
