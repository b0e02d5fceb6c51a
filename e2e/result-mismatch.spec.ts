// The bench puts each result with the input the core's `inputIndexes` names; an answer whose
// indexes do not fit its results is a bug the bench reports, never papered over by a guess.
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';
import { expect, test } from './studio-fixture';

test('an answer without input indexes is reported as an error in the bench, not traced by guessing', async ({ page, server }) => {
  const headers = { authorization: server.auth, 'content-type': 'application/json' };
  const code = 'export function transformEvent(event) { return { ...event, seen: true }; }';
  const created = (await (await fetch(`${server.url}/transformations`, { method: 'POST', headers, body: JSON.stringify({ name: 'Mismatch', code }) })).json()) as { id: string };
  await fetch(`${server.url}/studio/api/transformations/${created.id}/test-events`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ events: [{ event: { type: 'track', event: 'Order', messageId: 'mm-1' } }, { event: { type: 'track', event: 'Order', messageId: 'mm-2' } }] }),
  });
  // The core's answer with its indexes cut short (a bug of the core, as the bench would see it).
  await page.route('**/studio/api/test', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { inputIndexes?: number[] };
    await route.fulfill({ response, json: { ...body, inputIndexes: body.inputIndexes?.slice(0, 1) } });
  });
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await page.goto(`${server.url}/#/transformations/${created.id}`);
  await expect(page.getByTestId('saved-tests')).toHaveText('2 saved');
  await page.getByRole('button', { name: 'Run test' }).click();
  await expect(page.getByTestId('run-error')).toContainText('The test ran, but its results cannot be shown.');
  await expect(page.getByTestId('run-error')).toContainText(/does not say which input each result came from \(2 results, 1 input indexes\)\. This is a bug of the studio/);
  await expect(page.getByTestId('event-result')).toHaveCount(0);
  await shootBoth(page, 'result-mismatch');
});
