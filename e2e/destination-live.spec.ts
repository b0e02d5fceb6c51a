import { createServer, type Server } from 'node:http';
import { PipelinePage } from './pages/pipeline-page';
import { shootBoth } from './shots';
import { expect, test } from './studio-fixture';

// The destination's live view: what it received after transformation, as events arrive.

test('the live view shows what a destination received after transformation, as it arrives', async ({ page, server }) => {
  const hook: Server = createServer((req, res) => req.resume().on('end', () => res.writeHead(200).end('thanks')));
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  try {
    const ui = new PipelinePage(page, server);
    const dest = await ui.api<{ id: string }>('POST', '/studio/api/destinations', { name: 'CRM webhook', kind: 'webhook', config: { url: `http://127.0.0.1:${(hook.address() as { port: number }).port}/crm` } });
    const code = 'export function transformEvent(event) { if (event.event === "Debug") return null; return { ...event, properties: { ...event.properties, plan: "pro" } }; }';
    await ui.api('POST', '/transformations?publish=true', { name: 'Add plan', code, events: [{ type: 'track', event: 'x', properties: {} }], destinationIds: [dest.id] });
    await ui.signIn();
    await ui.go('Destinations');
    await page.getByTestId('destination-card').getByRole('link', { name: 'Live', exact: true }).click();
    const live = page.getByTestId('live-view');
    await expect(live.getByTestId('live-empty')).toBeVisible();
    await expect(live).toContainText('after Add plan');
    // Pushed, not polled: the view listens on the core's delivery stream.
    await expect(live.getByTestId('live-state')).toHaveAttribute('data-connected', 'true');

    const source = await ui.defaultSource();
    await ui.send(source.writeKey, 'track', { userId: 'u1', event: 'Trial Started', messageId: 'live-1', properties: { days: 14 } });
    await expect(live.getByTestId('live-item')).toHaveCount(1);
    await ui.send(source.writeKey, 'batch', { batch: [{ type: 'identify', userId: 'u1', messageId: 'live-2', traits: { name: 'Ada' } }, { type: 'track', userId: 'u1', event: 'Debug', messageId: 'live-3' }] });
    await expect(live.getByTestId('live-item')).toHaveCount(3);
    const first = live.getByTestId('live-item').last();
    await expect(first).toContainText('Trial Started');
    await expect(first).toContainText('HTTP 200');
    await first.getByRole('button').click();
    await expect(first.getByTestId('live-output')).toContainText('"plan": "pro"');
    await expect(live.getByTestId('live-item').filter({ hasText: 'Debug' })).toContainText('dropped');

    // Paused: new arrivals are counted, not shown, until resumed.
    await live.getByRole('button', { name: 'Pause' }).click();
    await ui.send(source.writeKey, 'track', { userId: 'u2', event: 'Trial Ended', messageId: 'live-4' });
    await expect(live.getByRole('button', { name: 'Resume (1 new)' })).toBeVisible();
    await expect(live.getByTestId('live-item')).toHaveCount(3);
    await shootBoth(page, 'destination-live-paused');
    await live.getByRole('button', { name: 'Resume (1 new)' }).click();
    await expect(live.getByTestId('live-item')).toHaveCount(4);
    await expect(live.getByTestId('live-item').first()).toContainText('Trial Ended');
    await first.getByRole('button').click();
    await live.getByTestId('live-item').first().getByRole('button').click();
    await shootBoth(page, 'destination-live');
  } finally {
    await new Promise<void>((r) => hook.close(() => r()));
  }
});
