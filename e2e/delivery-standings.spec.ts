import { createServer } from 'node:http';
import { PipelinePage } from './pages/pipeline-page';
import { shootBoth } from './shots';
import { expect, test } from './studio-fixture';

// #37, round 5: one meaning of "failed". The Dashboard's columns, the destination card and the
// deliveries page's Status filter (and its "shown" count) all count a delivery by its one standing,
// derived by the core: a 503 with max attempts 1 gave up, a 400 failed (not retried).
test('the Dashboard, the card and the deliveries filter count by the same derived standing', async ({ page, server }) => {
  const hook = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const bad = Buffer.concat(chunks).toString('utf8').includes('u-bad');
      res.writeHead(bad ? 400 : 503).end(bad ? 'bad request' : 'down');
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  try {
    const ui = new PipelinePage(page, server);
    const url = `http://127.0.0.1:${(hook.address() as { port: number }).port}/x`;
    const dest = await ui.api<{ id: string }>('POST', '/studio/api/destinations', { name: 'Picky hook', kind: 'webhook', config: { url, maxAttempts: 1 } });
    const source = await ui.defaultSource();
    await ui.send(source.writeKey, 'track', { userId: 'u-down', event: 'Order Completed', messageId: 'm-down' });
    await ui.send(source.writeKey, 'track', { userId: 'u-bad', event: 'Order Completed', messageId: 'm-bad' });
    await expect
      .poll(async () => (await ui.api<{ deliveries: { standing: string }[] }>('GET', `/studio/api/deliveries?destinationId=${dest.id}`)).deliveries.map((d) => d.standing).sort())
      .toEqual(['failed', 'gave-up']);
    // The core filters by standing; a word it does not know is a 400.
    const onlyFailed = await ui.api<{ deliveries: { messageId: string }[] }>('GET', `/studio/api/deliveries?destinationId=${dest.id}&standing=failed`);
    expect(onlyFailed.deliveries.map((d) => d.messageId)).toEqual(['m-bad']);

    await ui.signIn();
    await ui.go('Overview');
    const row = page.getByTestId('dashboard-destination').filter({ hasText: 'Picky hook' });
    await expect(row.getByRole('link', { name: '1 gave up' })).toBeVisible();
    await expect(row.getByRole('link', { name: '1 failed' })).toBeVisible();
    await expect(row.getByRole('link', { name: /retrying/ })).toHaveCount(0); // shown only when there is one, as on the card
    await shootBoth(page, 'dashboard-standings');

    // "1 failed" on the Dashboard opens the one failed (not retried) delivery, as the card counts it.
    // (dispatched: the failing destination's alert toast may sit over the tile's last row)
    await row.getByRole('link', { name: '1 failed' }).dispatchEvent('click');
    const card = page.getByTestId('destination-card').filter({ hasText: 'Picky hook' });
    await expect(card.getByTestId('failed-count')).toHaveText('1 failed');
    await expect(card.getByTestId('gave-up-count')).toHaveText('1 gave up');
    await expect(page.getByLabel('Delivery status')).toHaveValue('failed');
    await expect(page.getByTestId('delivery-row')).toHaveCount(1);
    await expect(page.getByTestId('delivery-row')).toContainText('failed');
    await expect(page.getByText('1 shown')).toBeVisible();
    await shootBoth(page, 'deliveries-failed-standing');

    // The card's "1 gave up" opens the one that gave up; "not delivered" shows both.
    await card.getByTestId('gave-up-count').click();
    await expect(page.getByLabel('Delivery status')).toHaveValue('gave-up');
    await expect(page.getByTestId('delivery-row')).toHaveCount(1);
    await expect(page.getByTestId('delivery-row')).toContainText('gave up');
    await page.getByLabel('Delivery status').selectOption('retrying,gave-up,failed');
    await expect(page.getByTestId('delivery-row')).toHaveCount(2);
    await expect(page.getByText('2 shown')).toBeVisible();
    await page.getByLabel('Delivery status').selectOption('retrying');
    await expect(page.getByTestId('no-deliveries')).toHaveText('No retrying deliveries yet.');
  } finally {
    await new Promise<void>((r) => hook.close(() => r()));
  }
});
