import { PipelinePage } from './pages/pipeline-page';
import { shootBoth } from './shots';
import { expect, test } from './studio-fixture';
import { startWebhook } from './webhook';

// Replay to a destination from the Events page: a filtered selection goes to a webhook destination
// through its transformation, rate-limited, with progress and a summary; sending again is a no-op.

test('replay of a filtered selection to a webhook from the Events page, with progress and a summary', async ({ page, server }) => {
  // The webhook answers once the dialog has shown the send running: 10 events at 4 a second end
  // 2.25 s after the click, and a page 3 s slower (put in the test) found "done".
  let answer = () => {};
  const hook = await startWebhook<{ messageId: string; replayed?: boolean }>(new Promise<void>((r) => (answer = r)));
  const received = hook.received;
  try {
    const ui = new PipelinePage(page, server);
    const source = await ui.defaultSource();
    const orders = Array.from({ length: 10 }, (_, i) => ({ type: 'track', event: 'Order Completed', userId: `u${i}`, messageId: `order-${i}`, properties: { total: i } }));
    const pages = Array.from({ length: 4 }, (_, i) => ({ type: 'page', name: 'Home', userId: `u${i}`, messageId: `page-${i}` }));
    await ui.send(source.writeKey, 'batch', { batch: [...orders, ...pages] });
    // Made after the events were captured: the live pipeline does not deliver them, the replay does.
    const dest = await ui.api<{ id: string }>('POST', '/studio/api/destinations', { name: 'Orders webhook', kind: 'webhook', config: { url: hook.url } });
    const code = 'export function transformEvent(event) { event.replayed = true; return event; }';
    await ui.api('POST', '/transformations?publish=true', { name: 'Mark replayed', code, events: [{ type: 'track', event: 'x' }], destinationIds: [dest.id] });

    await ui.signIn();
    await ui.go('Events');
    await ui.filter('Event name', 'Order Completed');
    await expect(page.getByText('10 matching').first()).toBeVisible();
    await page.getByRole('button', { name: 'Send matching to a destination…' }).click();
    const dialog = page.getByTestId('send-dialog');
    await expect(dialog.getByLabel('Send to')).toHaveValue(dest.id);
    await expect(dialog).toContainText('through Mark replayed');
    await dialog.getByLabel('Events per second at most').fill('4');
    await shootBoth(page, 'send-to-destination-form');
    await dialog.getByRole('button', { name: /^Send / }).click();
    await expect(dialog.getByTestId('send-status')).toHaveText('running');
    await expect(dialog.getByRole('progressbar', { name: 'Sent' })).toBeVisible();
    await shootBoth(page, 'send-to-destination-progress');
    answer();
    await expect(dialog.getByTestId('send-summary')).toHaveText('Done: 10 of 10 accepted.', { timeout: 15_000 });
    await expect(dialog.getByTestId('send-counts')).toContainText('10 of 10 (100%)');
    await shootBoth(page, 'send-to-destination-done');
    expect(received.map((e) => e.messageId).sort()).toEqual(orders.map((e) => e.messageId).sort());
    expect(received.every((e) => e.replayed === true)).toBe(true);
    // Nothing is left to send: the dialog offers no "again".
    await expect(dialog.getByRole('button', { name: /again|Resume/ })).toHaveCount(0);
  } finally {
    answer();
    await hook.close();
  }
});
