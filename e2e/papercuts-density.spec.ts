import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';
import { expect, test } from './studio-fixture';

// Issue #42 point 4, density: at 1024x700 the test bench's toolbar took 5 rows and left the code
// editor ~415 px. Its event actions are one Events menu; Debug and Profile show their options
// beside them (no toggle to find them); the toolbar keeps to 2 rows and the code editor is wide.
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

test('at 1024x700 the bench toolbar is at most 2 rows, its options in view, and the code editor is wide', async ({ page, server }) => {
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
  expect(await rowsOf(toolbar), 'rows of the bench toolbar at 1024x700').toBeLessThanOrEqual(2);
  expect((await page.getByTestId('code-editor').boundingBox())!.width, 'code editor width at 1024x700').toBeGreaterThanOrEqual(EDITOR_MIN_WIDTH);
  await shootBoth(page, 'density-bench');
  // Choosing captured events to profile adds its count: still 2 rows.
  await toolbar.getByLabel('Events to profile').selectOption('captured');
  await expect(toolbar.getByLabel('How many captured events')).toBeVisible();
  expect(await rowsOf(toolbar), 'rows with the captured count').toBeLessThanOrEqual(2);
  await shootBoth(page, 'density-bench-captured');
});
