import { expect, test } from './studio-fixture';
import { StudioPage } from './pages/studio-page';
import { captureAndCompare } from './replay-data';
import { shootBoth } from './shots';

// A compare where A drops events B keeps: they have a tile of their own ("Kept by B only"), not
// "Changed"; each tile filters the results to its events.

const A = `export function transformEvent(event) {
  if (event.properties.kind === 'noise') return null;
  if (event.properties.kind === 'pair') return [event, { ...event, event: 'Copy' }];
  return event;
}`;
const B = `export function transformEvent(event) {
  if (event.properties.kind === 'old') return null;
  return event;
}`;

test('a compare where B keeps what A dropped shows it in its own tile', async ({ page, server }) => {
  const kinds: [string, number][] = [['same', 6], ['noise', 4], ['old', 3], ['pair', 2]];
  const batch = kinds.flatMap(([kind, n]) => Array.from({ length: n }, (_, i) => ({ type: 'track', event: 'Mixed', userId: 'u', messageId: `${kind}-${i}`, properties: { kind } })));
  const run = await captureAndCompare(server, { batch, event: 'Mixed', name: 'Noise filter', published: A, draft: B });

  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await page.goto(`${server.url}/#/replay/${run.id}`);
  await expect(page.getByTestId('run-status')).toHaveText('done');
  const expected = { unchanged: 6, changed: 0, dropped: 3, newlyKept: 4, split: 2, newlyFailing: 0, fixed: 0, stillFailing: 0 };
  for (const [kind, n] of Object.entries(expected)) await expect(page.getByTestId(`count-${kind}`).locator('strong')).toHaveText(String(n));
  await expect(page.getByTestId('count-newlyKept')).toContainText('Kept by B only');
  await expect(page.getByTestId('count-dropped')).toContainText('Dropped by B only');
  await expect(page.getByTestId('count-split')).toContainText('Split differently');
  await shootBoth(page, 'replay-categories');

  await page.getByTestId('count-newlyKept').click();
  await expect(page.getByTestId('results-total')).toContainText('4 events · kept by b only');
});
