import { PipelinePage } from './pages/pipeline-page';
import { shootBoth } from './shots';
import { expect, test } from './studio-fixture';
import { startWebhook } from './webhook';

// Replay to a destination from a replay run: the run's selected rows go to a webhook destination
// through its transformation, with progress and a summary; the results then show in that
// destination's own deliveries, marked as a replay.

test('send selected rows of a replay run to a destination; the results show in its deliveries', async ({ page, server }) => {
  const hook = await startWebhook<{ messageId: string; sent?: boolean }>();
  const received = hook.received;
  try {
    const ui = new PipelinePage(page, server);
    const source = await ui.defaultSource();
    const events = Array.from({ length: 6 }, (_, i) => ({ type: 'track', event: 'Signed Up', userId: `u${i}`, messageId: `signup-${i}`, properties: { i } }));
    await ui.send(source.writeKey, 'batch', { batch: events });
    // Made after the events were captured and paused: only the send delivers them.
    const dest = await ui.api<{ id: string }>('POST', '/studio/api/destinations', { name: 'Signups hook', kind: 'webhook', enabled: false, config: { url: hook.url } });
    const t = await ui.api<{ id: string }>('POST', '/transformations?publish=true', { name: 'Mark sent', code: 'export function transformEvent(event) { event.sent = true; return event; }', events: [{ type: 'track', event: 'x' }], destinationIds: [dest.id] });
    const ids = (await ui.api<{ events: { id: string }[] }>('GET', '/studio/api/events?event=Signed%20Up&limit=10')).events.map((e) => e.id);
    const run = await ui.api<{ id: string }>('POST', '/studio/api/replay/runs', { source: { kind: 'events', ids }, target: { kind: 'published', transformationId: t.id } });

    await ui.signIn();
    await page.goto(`${server.url}/#/replay/${run.id}`);
    await expect(page.getByTestId('run-status')).toHaveText('done');
    await page.getByRole('checkbox', { name: 'Select event #2' }).check();
    await page.getByRole('checkbox', { name: 'Select event #4' }).check();
    await page.getByRole('button', { name: 'Send 2 selected to a destination…' }).click();
    const dialog = page.getByTestId('send-dialog');
    await expect(dialog.getByLabel('Send to')).toHaveValue(dest.id);
    await expect(dialog).toContainText('through Mark sent');
    await shootBoth(page, 'send-from-replay-run-form');
    await dialog.getByRole('button', { name: 'Send 2 selected events' }).click();
    await expect(dialog.getByTestId('send-summary')).toHaveText('Done: 2 of 2 accepted.', { timeout: 15_000 });
    await expect(dialog.getByTestId('send-counts')).toContainText('2 of 2 (100%)');
    await shootBoth(page, 'send-from-replay-run-done');
    expect(received.map((e) => e.messageId).sort()).toEqual(['signup-1', 'signup-3']);
    expect(received.every((e) => e.sent === true)).toBe(true);

    // The destination's deliveries list what the send delivered, marked as a replay.
    await dialog.getByRole('link', { name: 'Signups hook' }).click();
    const rows = page.getByTestId('delivery-row');
    await expect(rows).toHaveCount(2);
    for (const row of await rows.all()) {
      await expect(row).toContainText('Signed Up');
      await expect(row.getByTestId('delivery-status-code')).toHaveText('200');
      await expect(row.getByTestId('delivery-via-send')).toHaveText('replay');
    }
    await shootBoth(page, 'send-results-in-deliveries');
  } finally {
    await hook.close();
  }
});
