import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';
import { expect, test } from './studio-fixture';

// Issue #42 point 5, "errors say 'saved test event 3' for the row the bench shows as #1": the
// bench's result rows carry the number errors give a saved test, the saved-tests run names the
// bench's row, and the bench's own errors number events as its rows do (#2).
const CODE = "export function transformEvent(event, metadata) {\n  if (event.event === 'Event 3') throw new Error('no three');\n  return event;\n}\n";
const ev = (n: number) => ({ type: 'track', event: `Event ${n}`, userId: `u${n}`, messageId: `m-${n}`, properties: {} });

test('result rows and errors number a saved test the same way', async ({ page, server }) => {
  const headers = { authorization: server.auth, 'content-type': 'application/json' };
  const t = (await (await fetch(`${server.url}/transformations`, { method: 'POST', headers, body: JSON.stringify({ name: 'Numbered', code: CODE }) })).json()) as { id: string };
  await fetch(`${server.url}/studio/api/transformations/${t.id}/test-events`, { method: 'PUT', headers, body: JSON.stringify({ events: [{ event: ev(1) }, { event: ev(2) }, { event: ev(3) }] }) });
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await page.goto(`${server.url}/#/transformations/${t.id}`);
  await expect(page.getByTestId('saved-tests')).toHaveText('3 saved');
  // The bench holds saved test 3 first, then saved test 1, then an event that is not a saved test.
  const events = page.getByTestId('events-editor').locator('.cm-content');
  await studio.replaceCode(JSON.stringify([ev(3), ev(1), ev(4)], null, 2), events);
  await page.getByRole('button', { name: 'Run test' }).click();
  await expect(studio.count('in')).toHaveText('3');
  await expect((await studio.resultRow(1)).getByTestId('saved-test-badge')).toHaveText('saved test 3');
  await expect((await studio.resultRow(2)).getByTestId('saved-test-badge')).toHaveText('saved test 1');
  await expect((await studio.resultRow(3)).getByTestId('saved-test-badge')).toHaveCount(0);

  await page.getByRole('group', { name: 'Saved tests' }).getByRole('button', { name: 'Run saved tests' }).click();
  const run = page.getByTestId('tests-run');
  await expect(run).toContainText('saved test event 3');
  await expect(run).toContainText('(saved test event 3 is the bench’s #1)');
  await expect(run).toHaveAttribute('title', /saved test event 3 \(the bench’s #1\): /);
  await shootBoth(page, 'numbering-saved-tests');

  await studio.replaceCode('[{"type": "track"}, "x"]', events);
  await expect(page.getByTestId('events-error')).toHaveText('Event #2 is a string; every test event must be an object.');
});
