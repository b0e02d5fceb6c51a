import { PipelinePage } from './pages/pipeline-page';
import { expect, test } from './studio-fixture';

// The events table with 100,000 captured events: opens, filters, scrolls to the end. The
// timings are reported (annotations and stdout); bench/events-ui-api.mjs measures the API.

const TOTAL = 100_000;

test('the events table with 100,000 events opens, filters and scrolls to the end', async ({ page, server }) => {
  test.setTimeout(180_000);
  const ui = new PipelinePage(page, server);
  const source = await ui.defaultSource();
  const types = ['track', 'track', 'page', 'identify'];
  const lines = Array.from({ length: TOTAL }, (_, i) =>
    JSON.stringify({ type: types[i % 4], userId: `user-${i % 997}`, event: `Event ${i % 13}`, name: `Page ${i % 7}`, properties: { revenue: i % 500, n: i } }),
  );
  const seeded = await ui.api<{ imported: number }>('POST', '/studio/api/events/import', { sourceId: source.id, format: 'ndjson', content: lines.join('\n') });
  expect(seeded.imported).toBe(TOTAL);

  const timings: Record<string, number> = {};
  /** Waits, checking every animation frame, until the type counts say `matching` and the row at `index` holds `text`. */
  const shows = (matching: string, index: number, text: string) =>
    page.waitForFunction(
      ([m, i, t]) => {
        const counts = document.querySelector('[aria-label="Types"]')?.textContent ?? '';
        const row = document.querySelector(`[data-testid="event-row"][data-index="${i}"]`)?.textContent ?? '';
        return counts.includes(m as string) && row.includes(t as string);
      },
      [matching, index, text] as const,
      { polling: 'raf', timeout: 20_000 },
    );
  const timed = async (name: string, action: () => Promise<void>, done: () => Promise<void>) => {
    const start = Date.now();
    await action();
    await done();
    timings[name] = Date.now() - start;
    test.info().annotations.push({ type: 'timing', description: `${name}: ${timings[name]} ms` });
  };

  await ui.signIn();
  await timed('open', () => ui.go('Events'), async () => {
    await shows('100,000 matching', 0, 'user-299'); // the newest: i = 99,999, an identify of user-299
  });
  await timed('filter by type', () => ui.chip('identify').click(), async () => {
    await shows('25,000 matching', 0, 'identify');
  });
  await timed('filter by JSON path', () => ui.filter('JSON path', 'properties.revenue >= 490'), async () => {
    await shows('600 matching', 0, 'user-'); // identify is i % 4 = 3: revenue 491, 495, 499, 200 times each
    await expect(page.locator('[data-testid="event-row"][data-index="599"]')).toHaveCount(0); // virtual: not rendered until scrolled
  });
  await ui.filter('JSON path', '');
  await expect(page.getByRole('group', { name: 'Types' })).toContainText('25,000 matching');
  await timed('scroll to the end', () => page.getByTestId('events-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight)), async () => {
    await shows('25,000 matching', 24_999, 'identify');
    await expect(page.locator('[data-testid="event-row"][data-index="24999"]')).toBeVisible();
  });
  // The oldest identify is event i = 3 (user-3).
  await expect(page.locator('[data-testid="event-row"][data-index="24999"]')).toContainText('user-3');
  console.log(`events table at ${TOTAL.toLocaleString()} events: ${Object.entries(timings).map(([k, v]) => `${k} ${v} ms`).join(', ')}`);
  await ui.screenshot('events-100k-end');
});
