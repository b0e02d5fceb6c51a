import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';
import { expect, test } from './studio-fixture';

// Issue #42 point 4, density: at 1024x700 the test bench's toolbar took 5 rows and left the code
// editor ~415 px. Its event actions are one Events menu; Debug and Profile show their options
// beside them (no toggle to find them); the code editor is wide.
// Rows: 2 at 1440x900. At 1024x700 the panel is ~335 px wide, and since the selects show their
// whole text (a cut "pause: unc…" was a papercut of its own; papercuts-pages.spec measures it),
// Debug and Profile each take a row there: 3 rows, each launcher with its options on one row.
const EDITOR_MIN_WIDTH = 440;

/** The rows a toolbar's controls sit on (controls whose vertical middles differ by more than half a control's height). */
async function rowsOf(toolbar: import('@playwright/test').Locator): Promise<number> {
  return toolbar.evaluate((el) => {
    const middles = [...el.querySelectorAll('button, select, input, h3, label')]
      .map((c) => c.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0)
      .map((r) => ({ mid: r.top + r.height / 2, half: r.height / 2 }))
      .sort((a, b) => a.mid - b.mid);
    let rows = 0;
    let last = -Infinity;
    for (const m of middles) {
      if (m.mid - last > m.half) rows++;
      if (m.mid - last > m.half) last = m.mid;
    }
    return rows;
  });
}

/** Rows each of Debug's and Profile's groups takes (each must keep its options beside it). */
async function rowsOfEachLaunch(toolbar: import('@playwright/test').Locator): Promise<number[]> {
  return toolbar.evaluate((el) =>
    [...el.querySelectorAll('.launch-part')].map((part) => {
      const middles = [...part.querySelectorAll('button, select, input')].map((c) => c.getBoundingClientRect()).filter((r) => r.width > 0);
      return new Set(middles.map((r) => Math.round(r.top + r.height / 2))).size;
    }),
  );
}

test('at 1024x700 the bench toolbar is 3 rows (2 at 1440x900), Debug and Profile each on one row with their options, and the code editor is wide', async ({ page, server }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await studio.createTransformation('Dense', 'Blank');
  await studio.useAllSampleEvents();
  const toolbar = page.locator('.test-bench .bench-toolbar');
  // Debug and Profile say what they will run, without a click: which event, when to pause, which events.
  await expect(toolbar.getByLabel('Event to debug')).toBeVisible();
  await expect(toolbar.getByLabel('Pause on exceptions')).toBeVisible();
  await expect(toolbar.getByLabel('Events to profile')).toBeVisible();
  await expect(toolbar.getByLabel('Events to profile')).toHaveValue('bench');
  expect(await rowsOf(toolbar), 'rows of the bench toolbar at 1024x700').toBeLessThanOrEqual(3);
  expect(await rowsOfEachLaunch(toolbar), 'rows of Debug and of Profile at 1024x700').toEqual([1, 1]);
  expect((await page.getByTestId('code-editor').boundingBox())!.width, 'code editor width at 1024x700').toBeGreaterThanOrEqual(EDITOR_MIN_WIDTH);
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect.poll(() => rowsOf(toolbar), { message: 'rows of the bench toolbar at 1440x900' }).toBeLessThanOrEqual(2);
  await page.setViewportSize({ width: 1024, height: 700 });
  await shootBoth(page, 'density-bench');
  // Choosing captured events to profile adds its count: still beside Profile, no row more.
  await toolbar.getByLabel('Events to profile').selectOption('captured');
  await expect(toolbar.getByLabel('How many captured events')).toBeVisible();
  expect(await rowsOf(toolbar), 'rows with the captured count').toBeLessThanOrEqual(3);
  expect(await rowsOfEachLaunch(toolbar), 'rows of Debug and of Profile with the captured count').toEqual([1, 1]);
  await shootBoth(page, 'density-bench-captured');
});
