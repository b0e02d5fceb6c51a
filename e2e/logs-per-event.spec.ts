import { expect, test } from './studio-fixture';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';

const CODE = `export async function transformEvent(event, metadata) {
  log('looking at', event.event);
  if (event.event === 'Second') log('second has', event.properties.items, 'items');
  await null;
  log('done with', event.event);
  return event;
}
`;
const BATCH = `export function transformBatch(events, metadata) {
  log('batch of', events.length);
  return events;
}
`;
const EVENTS = [
  { type: 'track', event: 'First', messageId: 'l-1', properties: {} },
  { type: 'track', event: 'Second', messageId: 'l-2', properties: { items: 3 } },
  { type: 'track', event: 'Third', messageId: 'l-3', properties: {} },
];

test('logs are grouped under the event that wrote them, with batch-level lines apart', async ({ page, server }) => {
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await studio.createTransformation('Logging', 'Blank');
  await studio.replaceCode(CODE);
  await studio.replaceCode(JSON.stringify(EVENTS, null, 2), page.getByTestId('events-editor').locator('.cm-content'));
  await page.getByRole('button', { name: 'Run test' }).click();
  await expect(studio.count('in')).toHaveText('3');

  const second = await studio.resultRow(2);
  await expect(second.getByTestId('event-log-count')).toHaveText('2 logs');
  await expect(second.getByTestId('event-logs')).toContainText('Log: looking at Second\nLog: second has 3 items');
  await expect(second.getByTestId('event-logs')).not.toContainText('First');
  const first = await studio.resultRow(1);
  await expect(first.getByTestId('event-log-count')).toHaveText('1 log');

  const logs = page.getByTestId('logs');
  await expect(logs.locator('summary')).toContainText('Logs (7) · 3 events logged');
  const groups = logs.getByTestId('event-log-group');
  await expect(groups).toHaveCount(3);
  await expect(groups.nth(1)).toContainText('#2 track “Second” (2)');
  await expect(logs.getByTestId('batch-logs')).toContainText('Not tied to one event');
  await expect(logs.getByTestId('batch-logs')).toContainText('Log: done with First');
  await logs.scrollIntoViewIfNeeded();
  await shootBoth(page, 'logs-per-event');

  // transformBatch: every line is batch-level.
  await studio.replaceCode(BATCH);
  await page.getByRole('button', { name: 'Run test' }).first().click();
  await expect(page.getByTestId('logs').getByTestId('batch-logs')).toContainText('Batch (1)');
  await expect(page.getByTestId('logs').getByTestId('event-log-group')).toHaveCount(0);
  await expect(page.getByTestId('event-log-count')).toHaveCount(0);
});
