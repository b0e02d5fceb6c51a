import { DebuggerPage } from './pages/debugger-page';
import { PipelinePage } from './pages/pipeline-page';
import { shootBoth } from './shots';
import { expect, test } from './studio-fixture';
import { startWebhook } from './webhook';

// "Debug" from a replay run's row and from a destination's failed delivery (issue 32): the
// transformation that ran opens with that exact input event in its bench, paused in the debugger.

const CODE = [
  'export function transformEvent(event) {',
  '  const who = event.userId;',
  '  debugger;',
  "  if (event.properties.fail) throw new Error('cannot deliver ' + who);",
  '  return event;',
  '}',
].join('\n');

test('Debug on a replay row and on a failed delivery pauses the transformation on that event', async ({ page, server }) => {
  test.setTimeout(180_000);
  const hook = await startWebhook();
  try {
    const ui = new PipelinePage(page, server);
    const debug = new DebuggerPage(page);
    const source = await ui.defaultSource();
    const dest = await ui.api<{ id: string }>('POST', '/studio/api/destinations', { name: 'Debug hook', kind: 'webhook', config: { url: hook.url, maxAttempts: 1 } });
    const t = await ui.api<{ id: string }>('POST', '/transformations?publish=true', { name: 'Debug Me', code: CODE, events: [{ type: 'track', event: 'x', properties: {} }], destinationIds: [dest.id] });
    await ui.send(source.writeKey, 'batch', {
      batch: [
        { type: 'track', event: 'Replay Me', userId: 'u-replay', messageId: 'replay-1', properties: { fail: false } },
        { type: 'track', event: 'Fail Me', userId: 'u-fail', messageId: 'fail-1', properties: { fail: true } },
      ],
    });
    const ids = (await ui.api<{ events: { id: string }[] }>('GET', '/studio/api/events?event=Replay%20Me&limit=10')).events.map((e) => e.id);
    expect(ids).toHaveLength(1);
    // On the transformation's page, paused at its `debugger;` on the event of this user; then continued.
    const expectPausedOn = async (transformationId: string, userId: string, shot: string) => {
      await expect(page).toHaveURL(new RegExp(`#/transformations/${transformationId}/test$`));
      await expect(debug.status).toHaveText('Paused at Debug Me, line 3', { timeout: 30_000 });
      await expect(debug.row('Scopes', 'who')).toContainText(`"${userId}"`);
      await debug.row('Scopes', 'event').getByRole('button', { name: 'Expand event' }).click();
      await expect(debug.row('Scopes', 'userId')).toContainText(`"${userId}"`);
      await shootBoth(page, shot);
      await debug.control('Continue').click();
    };
    const run = await ui.api<{ id: string }>('POST', '/studio/api/replay/runs', { source: { kind: 'events', ids }, target: { kind: 'published', transformationId: t.id } });

    // A replay run's row: Debug opens the transformation that ran, paused on that row's input.
    await ui.signIn();
    await page.goto(`${server.url}/#/replay/${run.id}`);
    await expect(page.getByTestId('run-status')).toHaveText('done', { timeout: 30_000 });
    await page.getByTestId('replay-results').getByRole('button', { name: /Replay Me/ }).click();
    const detail = page.getByTestId('result-detail');
    await expect(detail).toContainText('u-replay');
    await shootBoth(page, 'debug-from-replay-row');
    await detail.getByRole('group', { name: 'Debug this event' }).getByRole('button', { name: 'Debug', exact: true }).click();
    await expectPausedOn(t.id, 'u-replay', 'debug-from-replay-row-paused');
    await expect(page.getByTestId('debug-result')).toContainText('"userId": "u-replay"');
    // The bench was empty: nothing was replaced, nothing to undo.
    await expect(page.getByTestId('events-replaced-notice')).toHaveCount(0);

    // A failed delivery of the destination: Debug opens its connected transformation, paused on the captured event.
    await page.goto(`${server.url}/#/destinations/${dest.id}?status=failed`);
    const row = page.getByTestId('delivery-row');
    await expect(row).toHaveCount(1, { timeout: 30_000 });
    await expect(row).toContainText('cannot deliver u-fail');
    await row.getByRole('button', { name: /Fail Me/ }).click();
    await expect(row.getByTestId('delivery-detail')).toBeVisible();
    await shootBoth(page, 'debug-from-failed-delivery');
    await row.getByRole('button', { name: 'Debug', exact: true }).click();
    await expectPausedOn(t.id, 'u-fail', 'debug-from-failed-delivery-paused');
    await expect(page.getByTestId('debug-result')).toContainText('cannot deliver u-fail');
    // The bench held the replay's event: the delivery's replaced it, and Undo gives it back.
    const replaced = page.getByTestId('events-replaced-notice');
    await expect(replaced).toContainText(/The test events were replaced by delivery of event \d+\./);
    await shootBoth(page, 'events-replaced-notice');
    await replaced.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByTestId('events-editor')).toContainText('u-replay');
    await expect(page.getByTestId('events-editor')).not.toContainText('u-fail');
    await expect(replaced).toHaveCount(0);
  } finally {
    await hook.close();
  }
});
