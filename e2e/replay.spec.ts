import { fileURLToPath } from 'node:url';
import { expect, test } from './studio-fixture';
import { StudioPage } from './pages/studio-page';
import { DRAFT, KINDS, LIVE } from './replay-data';

const artifact = (name: string) => fileURLToPath(new URL(`./artifacts/${name}`, import.meta.url));

test('compare published vs draft on captured events, read the summary, open a diff, save the failures as tests, publish', async ({ page, server }) => {
  const writeKey = `Basic ${Buffer.from('cli-write-key:').toString('base64')}`;
  const batch = KINDS.flatMap(([kind, n]) => Array.from({ length: n }, (_, i) => ({ type: 'track', event: 'Kinds', userId: `u${i}`, messageId: `${kind}-${i}`, properties: { kind, i } })));
  const captured = await fetch(`${server.url}/v1/batch`, { method: 'POST', headers: { authorization: writeKey, 'content-type': 'application/json' }, body: JSON.stringify({ batch }) });
  expect(captured.status).toBe(200);
  const api = async (method: string, path: string, body?: unknown): Promise<any> => {
    const response = await fetch(server.url + path, { method, headers: { authorization: server.auth, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    expect(response.status, path).toBe(200);
    return response.json();
  };
  const live = await api('POST', '/transformations?publish=true', { name: 'Kinds', code: LIVE });

  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await page.goto(`${server.url}/#/transformations/${live.id}`);
  await expect(page.getByTestId('artifact-name')).toHaveText('Kinds');

  // The draft in the editor against the live version, on the last 26 captured events.
  await studio.replaceCode(DRAFT);
  await page.getByLabel('Captured events to replay').fill(String(batch.length));
  await page.getByRole('button', { name: 'Compare with live' }).click();
  await expect(page.getByTestId('run-status')).toHaveText('done');

  // The summary, counted exactly.
  const expected = { unchanged: 10, changed: 5, dropped: 4, split: 3, newlyFailing: 2, fixed: 2, stillFailing: 0 };
  for (const [kind, n] of Object.entries(expected)) await expect(page.getByTestId(`count-${kind}`)).toContainText(String(n));
  await expect(page.getByRole('table', { name: /Top changed fields/ })).toContainText('properties.seen');
  await expect(page.getByRole('list', { name: 'Errors' })).toContainText('draft fails on fail');

  // Drill down to the changed events and open one A vs B diff.
  await page.getByTestId('count-changed').click();
  await expect(page.getByTestId('results-total')).toContainText('5 events');
  await page.getByTestId('replay-results').getByRole('button').first().click();
  const diff = page.getByTestId('result-detail').getByTestId('event-diff');
  await expect(diff).toContainText('properties.seen');
  await expect(diff).toContainText('properties.extra');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: artifact('replay-run-1440x900.png') });
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.screenshot({ path: artifact('replay-run-1024x700.png') });

  // The draft's failures become saved test events of the transformation.
  await page.getByRole('button', { name: 'Save failures as test events' }).click();
  await expect(page.getByRole('status')).toContainText('Saved 2 failing events');
  const saved = await api('GET', `/studio/api/transformations/${live.id}/test-events`);
  expect(saved.events.map((e: { event: { messageId: string } }) => e.event.messageId)).toEqual(['fail-0', 'fail-1']);

  // The runs list shows the run with its progress.
  await page.goto(`${server.url}/#/replay`);
  await expect(page.getByTestId('run-row')).toHaveCount(1);
  await expect(page.getByTestId('run-row')).toContainText('done');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: artifact('replay-runs-1440x900.png') });

  // Fix the draft, save and publish: the saved test events pass now.
  await page.goto(`${server.url}/#/transformations/${live.id}`);
  await expect(page.getByTestId('artifact-name')).toHaveText('Kinds');
  await studio.replaceCode(DRAFT.replace("if (k === 'fail') throw new Error('draft fails on ' + k);", ''));
  await studio.save();
  const check = await api('POST', '/transformations/libraries/test', { transformations: [{ versionId: (await api('GET', `/transformations/${live.id}`)).versionId }] });
  expect(check.passed).toBe(true);
  // Publishing goes through the publish dialog (it shows the tests it will run, then publishes).
  await page.getByRole('toolbar', { name: 'Editor actions' }).getByRole('button', { name: 'Publish' }).click();
  await page.getByTestId('publish-dialog').getByRole('button', { name: 'Test and publish' }).click();
  await expect(page.locator('.editor-title')).toContainText('Published');
});
