import { PipelinePage } from './pages/pipeline-page';
import { expect, test } from './studio-fixture';

// The events table with 100,000 captured events: opens, filters, scrolls to the end. The
// timings are reported (annotations and stdout); bench/events-ui-api.mjs measures the API.

const TOTAL = 100_000;
/** What the page functions use of the browser (the e2e project compiles without the DOM library). */
type PageGlobals = { document: { querySelector(selector: string): { textContent: string | null } | null } };

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
  /** Resolves, checking every animation frame, once `selector`'s text holds `text`. */
  const holds = (selector: string, text: string) =>
    page.waitForFunction(
      ([sel, t]) => (((globalThis as unknown as PageGlobals).document.querySelector(sel)?.textContent ?? '') as string).includes(t),
      [selector, text] as const,
      { polling: 'raf', timeout: 30_000 },
    );
  const row = (index: number) => `[data-testid="event-row"][data-index="${index}"]`;
  /** Times an action until its rows show (`rows`) and until the type counts say `matching` (`counts`). */
  const timed = async (name: string, action: () => Promise<void>, index: number, text: string, matching: string) => {
    const start = Date.now();
    await action();
    await Promise.all([
      holds(row(index), text).then(() => (timings[`${name}: rows`] = Date.now() - start)),
      holds('[aria-label="Types"]', matching).then(() => (timings[`${name}: counts`] = Date.now() - start)),
    ]);
    // A row shown before the counts came could belong to the previous answer: check again now.
    await expect(page.locator(row(index))).toContainText(text);
    for (const part of ['rows', 'counts']) test.info().annotations.push({ type: 'timing', description: `${name}: ${part} ${timings[`${name}: ${part}`]} ms` });
  };

  await ui.signIn();
  // The newest: i = 99,999, an identify of user-299.
  await timed('open', () => ui.go('Events'), 0, 'user-299', '100,000 matching');
  await timed('filter by type', () => ui.chip('identify').click(), 0, 'identify', '25,000 matching');
  // identify is i % 4 = 3: revenue 491, 495 and 499, 200 times each; the newest is i = 99,999 (revenue 499).
  await timed('filter by JSON path', () => ui.filter('JSON path', 'properties.revenue >= 490'), 0, 'user-299', '600 matching');
  await expect(page.locator(row(599))).toHaveCount(0); // virtual: not rendered until scrolled
  await ui.filter('JSON path', '');
  await expect(page.getByRole('group', { name: 'Types' })).toContainText('25,000 matching');
  await timed('scroll to the end', () => page.getByTestId('events-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight)), 24_999, 'identify', '25,000 matching');
  await expect(page.locator(row(24_999))).toBeVisible();
  // The floor of a UI action on this machine: a click that only re-renders (no server call).
  const start = Date.now();
  await page.locator(row(24_999)).getByRole('checkbox').click();
  await holds('[data-testid="selection-count"]', '1 selected');
  timings['floor: select a row (no server call)'] = Date.now() - start;
  // The oldest identify is event i = 3 (user-3).
  await expect(page.locator('[data-testid="event-row"][data-index="24999"]')).toContainText('user-3');
  console.log(`events table at ${TOTAL.toLocaleString()} events: ${Object.entries(timings).map(([k, v]) => `${k} ${v} ms`).join(', ')}`);
  await ui.screenshot('events-100k-end');
});
