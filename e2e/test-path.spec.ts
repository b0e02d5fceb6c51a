import { expect, test } from './studio-fixture';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';

const CODE = `export function transformEvent(event, metadata) {
  event.properties = { ...event.properties, seen: true };
  return event;
}
`;
const EVENTS = Array.from({ length: 200 }, (_, i) => ({
  type: 'track',
  event: `Event ${i + 1}`,
  messageId: `path-${i + 1}`,
  userId: `u${i % 7}`,
  properties: { n: i, tags: ['a', 'b'], nested: { deep: { value: `v${i}` } } },
}));

const msOf = (text: string) => Number(/([\d.]+) ms/.exec(text)?.[1]);

test('a 200-event run shows where its time went: in the sandbox and the whole round trip', async ({ page, server }) => {
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await studio.createTransformation('Test path', 'Blank');
  await studio.replaceCode(CODE);
  await studio.replaceCode(JSON.stringify(EVENTS), page.getByTestId('events-editor').locator('.cm-content'));
  await page.getByRole('button', { name: 'Run test' }).click();
  await expect(studio.count('in')).toHaveText('200');
  await expect(studio.count('changed')).toHaveText('200');
  const sandboxMs = msOf(await page.getByTestId('duration').innerText());
  const roundTrip = page.getByTestId('round-trip');
  await expect(roundTrip).toHaveText(/· [\d.]+ ms round trip/);
  const roundTripMs = msOf(await roundTrip.innerText());
  expect(sandboxMs).toBeGreaterThan(0);
  expect(roundTripMs).toBeGreaterThanOrEqual(sandboxMs);
  await shootBoth(page, 'test-path');

  // The same request through the API answers in the hosted shape, every event in order.
  const response = await page.request.post(`${server.url}/studio/api/test`, {
    headers: { Authorization: server.auth },
    data: { code: CODE, events: EVENTS },
  });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/application\/json/);
  const body = await response.json();
  expect(body.transformedEvents.map((e: { messageId: string }) => e.messageId)).toEqual(EVENTS.map((e) => e.messageId));
  expect(body.transformedEvents[199].properties).toEqual({ ...EVENTS[199]!.properties, seen: true });
  expect(typeof body.durationMs).toBe('number');
});
