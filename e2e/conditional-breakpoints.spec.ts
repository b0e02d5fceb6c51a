import { expect, test } from './studio-fixture';
import { DebuggerPage } from './pages/debugger-page';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';

// Issue 41: conditional breakpoints and logpoints (as in VS Code and Chrome), set by right-clicking
// the breakpoint gutter, over all the bench's events in one debug run.

const TOTALS = ['export function transformEvent(event) {', '  const total = event.properties.total;', '  return { ...event, seen: total };', '}'].join('\n');
const ORDERS = [
  { type: 'track', event: 'Order', userId: 'u1', properties: { total: 10 } },
  { type: 'track', event: 'Order', userId: 'u2', properties: { total: '12.50' } },
  { type: 'track', event: 'Order', userId: 'u3', properties: { total: 7 } },
];

test('a condition on event.userId pauses only for u2; a logpoint logs event.properties.total for each event without pausing', async ({ page, server }) => {
  const studio = new StudioPage(page);
  const debug = new DebuggerPage(page);
  await studio.open(server.loginUrl);
  await studio.createTransformation('Totals', 'Blank');
  await studio.replaceCode(TOTALS);
  await studio.replaceCode(JSON.stringify(ORDERS, null, 2), page.getByTestId('events-editor').locator('.cm-content'));
  await page.getByLabel('Event to debug').selectOption({ label: 'all 3 events, in one run' });

  const editor = page.getByTestId('code-editor');
  const rightClickGutter = async (line: number) => {
    const number = editor.locator('.cm-lineNumbers .cm-gutterElement').filter({ hasText: new RegExp(`^${line}$`) });
    const row = (await number.boundingBox())!;
    const gutter = (await editor.locator('.cm-breakpoint-gutter').boundingBox())!;
    await page.mouse.click(gutter.x + gutter.width / 2, row.y + row.height / 2, { button: 'right' });
  };
  await rightClickGutter(2);
  const dialog = page.getByTestId('breakpoint-dialog');
  await dialog.getByLabel('Breakpoint kind').selectOption('conditional');
  await dialog.getByLabel('Condition').fill("event.userId === 'u2'");
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(editor.locator('.cm-breakpoint.on.conditional')).toHaveCount(1);

  await debug.debug();
  await expect(debug.status).toHaveText('Paused at a breakpoint: Totals, line 2');
  // Clicking the scope object's name expands it (not only its arrow).
  await debug.row('Scopes', 'event').getByTestId('value-name').click();
  await expect(debug.row('Scopes', 'event').getByRole('button', { name: 'Collapse event' })).toBeVisible();
  await expect(debug.row('Scopes', 'userId')).toContainText('"u2"');
  await shootBoth(page, 'conditional-breakpoint-paused');
  await debug.control('Continue').click();
  await expect(debug.status).toContainText('Finished');
  await expect(page.getByTestId('debug-result')).toContainText('"userId": "u3"');

  // The same line as a logpoint: every event's total in the run's logs, no pause.
  await rightClickGutter(2);
  await dialog.getByLabel('Breakpoint kind').selectOption('log');
  await dialog.getByLabel('Expression to log').fill('event.properties.total');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(editor.locator('.cm-breakpoint.on.log')).toHaveCount(1);
  await debug.debug();
  await expect(debug.status).toContainText('Finished');
  const logs = debug.panel.locator('.debug-result pre.muted');
  await expect(logs).toHaveText('Log: 10\nLog: 12.50\nLog: 7');
  await shootBoth(page, 'logpoint-logs');
});
