import { expect, test } from './studio-fixture';
import { DebuggerPage } from './pages/debugger-page';
import { StudioPage } from './pages/studio-page';

// Breakpoints follow their lines while the code is edited (issue 32: they are kept per artifact
// while the app runs; before, a line typed above one left it on the old line number).

const STEPS = ['export function transformEvent(event, metadata) {', '  let step = 1;', '  step = step + 1;', '  return { ...event, step };', '}'].join('\n');

test('a breakpoint follows its line when a line is typed above it, and the debugger stops there', async ({ page, server }) => {
  const studio = new StudioPage(page);
  const debug = new DebuggerPage(page);
  await studio.open(server.loginUrl);
  await studio.createTransformation('Mover', 'Blank');
  await studio.replaceCode(STEPS);
  await studio.useAllSampleEvents();
  const editor = page.getByTestId('code-editor');
  await debug.toggleBreakpoint(editor, 3);
  await expect(editor.locator('.cm-breakpoint.on')).toHaveCount(1);

  // A new line 2: 'step = step + 1;' is now line 4, and its breakpoint with it.
  await editor.locator('.cm-line').first().click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('const added = 0;');
  await expect(editor.locator('.cm-line').nth(3)).toHaveText('  step = step + 1;');
  const marker = editor.locator('.cm-breakpoint.on');
  await expect(marker).toHaveCount(1);
  const lineFour = editor.locator('.cm-lineNumbers .cm-gutterElement').filter({ hasText: /^4$/ });
  await expect(async () => {
    const dot = (await marker.boundingBox())!;
    const row = (await lineFour.boundingBox())!;
    expect(Math.abs(dot.y + dot.height / 2 - (row.y + row.height / 2))).toBeLessThan(row.height / 2);
  }).toPass({ timeout: 10_000 });

  await debug.debug();
  await expect(debug.status).toHaveText('Paused at a breakpoint: Mover, line 4', { timeout: 30_000 });
  await debug.expectPausedAt(studio.code, 'step = step + 1;');
});
