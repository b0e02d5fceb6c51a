import Analytics from '@rudderstack/rudder-sdk-node';
import { expect, test } from './studio-fixture';
import { DebuggerPage } from './pages/debugger-page';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';

// Issue 41: Fuzz from captured traffic. Orders sent with the real RudderStack Node SDK, a few with
// `properties.total` as a string, and a planted bug that only a string total trips. Fuzz shows
// the failure with a minimal event; it becomes a saved test that fails until the code is fixed,
// and "Debug this event" runs it under the debugger.

const BUGGY = ['export function transformEvent(event) {', '  event.properties.total = event.properties.total.toFixed(2);', '  return event;', '}'].join('\n');
const FIXED = [
  'export function transformEvent(event) {',
  '  const total = Number(event.properties?.total ?? 0);',
  '  return { ...event, properties: { ...event.properties, total: total.toFixed(2) } };',
  '}',
].join('\n');
const TO_FIXED = 'TypeError: event.properties.total.toFixed is not a function';

test('Fuzz finds the string total, shows a minimal event, and the saved test it becomes fails until the code is fixed', async ({ page, server }) => {
  test.setTimeout(120_000);
  const errors: unknown[] = [];
  const client = new Analytics('cli-write-key', { dataPlaneUrl: server.url, logLevel: 'error', errorHandler: (error) => errors.push(error) });
  for (let i = 0; i < 30; i++) {
    client.track({ userId: `u-${i}`, event: 'Order Completed', properties: { total: i % 10 === 3 ? `${i}.50` : 10 + i, currency: 'EUR', orderId: `o-${i}` } } as never);
  }
  await client.flush();
  expect(errors).toEqual([]);
  const studio = new StudioPage(page);
  const debug = new DebuggerPage(page);
  await studio.open(server.loginUrl);
  await studio.createTransformation('Order totals', 'Blank');
  await studio.replaceCode(BUGGY);
  await studio.save();
  // A new transformation starts with its template's samples as saved tests: none of them here.
  await studio.replaceCode('[]', page.getByTestId('events-editor').locator('.cm-content'));
  await page.getByRole('button', { name: 'Replace tests…' }).click();
  await page.getByRole('dialog', { name: 'Replace the saved tests?' }).getByRole('button', { name: 'Replace' }).click();
  await expect(page.getByTestId('saved-tests')).toHaveText('0 saved');

  await (await studio.check()).getByRole('group', { name: 'Coverage and fuzz' }).getByRole('button', { name: 'Fuzz' }).click();
  const panel = page.getByRole('region', { name: 'Fuzz' });
  await expect(panel.getByTestId('fuzz-summary')).toContainText('generated events', { timeout: 30_000 });
  const failure = panel.getByTestId('fuzz-failure').filter({ hasText: TO_FIXED });
  await expect(failure).toHaveCount(1);
  const minimal = JSON.parse((await failure.getByTestId('fuzz-event').textContent())!);
  expect(Object.keys(minimal.properties)).toEqual(['total']);
  expect(minimal.properties.total).toBe(''); // a string total, shrunk to the smallest
  await shootBoth(page, 'fuzz-results');

  // One click to the line that threw.
  await failure.getByRole('button', { name: 'line 2' }).click();
  await expect(page.getByTestId('code-editor').locator('.cm-activeLine')).toHaveText(BUGGY.split('\n')[1]!);

  // The minimal event as a saved test: it fails on this code, passes once the code is fixed.
  await failure.getByRole('button', { name: 'Add as a saved test (must not throw)' }).click();
  await expect(failure.getByRole('button', { name: 'Saved as a test ✓' })).toBeDisabled();
  await expect(page.getByTestId('saved-tests')).toHaveText('1 saved');
  const savedBar = page.getByRole('group', { name: 'Saved tests' });
  await savedBar.getByRole('button', { name: 'Run saved tests' }).click();
  await expect(savedBar).toContainText('toFixed is not a function');

  // Debug this event: the debugger stops at the line that throws.
  await failure.getByRole('button', { name: 'Debug this event' }).click();
  await expect(debug.status).toContainText('Finished', { timeout: 30_000 });
  await expect(page.getByTestId('debug-result')).toContainText('toFixed is not a function');

  await shootBoth(page, 'fuzz-debugged');
  await studio.replaceCode(FIXED);
  await savedBar.getByRole('button', { name: 'Run saved tests' }).click();
  await expect(savedBar).toContainText('✓ 1 saved test passed');
});
