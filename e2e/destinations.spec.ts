import { createServer, type Server } from 'node:http';
import { PipelinePage } from './pages/pipeline-page';
import { expect, test } from './studio-fixture';

/** A local receiver: /down answers 500, /up records and answers 200. */
async function receiver() {
  const received: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/down') return void res.writeHead(503).end('receiver is down for maintenance');
      received.push((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { messageId: string }).messageId);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { base, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

test('a webhook destination that fails shows the error; fixed and retried, its events are delivered', async ({ page, server }) => {
  const hook = await receiver();
  try {
    const ui = new PipelinePage(page, server);
    await ui.signIn();
    await ui.go('Destinations');
    await expect(page.getByText('No destinations yet')).toBeVisible();
    await ui.screenshot('destinations-empty');
    await page.getByRole('button', { name: 'New destination' }).first().click();
    const form = page.getByTestId('destination-form');
    await form.getByLabel('Name').fill('Orders webhook');
    await form.getByLabel('URL').fill('not a url');
    await form.getByLabel('Max attempts').fill('1');
    await form.getByRole('button', { name: 'Create destination' }).click();
    await expect(form.getByRole('alert')).toContainText('url');
    await form.getByLabel('URL').fill(`${hook.base}/down`);
    await form.getByRole('button', { name: 'Create destination' }).click();
    await expect(form).toHaveCount(0);

    const source = await ui.defaultSource();
    for (let i = 0; i < 3; i++) await ui.send(source.writeKey, 'track', { userId: 'u', event: 'Order Completed', messageId: `order-${i}` });
    const card = page.getByTestId('destination-card').filter({ hasText: 'Orders webhook' });
    await expect(card.getByTestId('failed-count')).toHaveText('3 failed');
    await expect(card.getByTestId('last-error')).toContainText('503');
    await ui.screenshot('destinations-failing');

    // The deliveries of the destination, failed ones with their error.
    await card.getByTestId('failed-count').click();
    await expect(page.getByTestId('delivery-row')).toHaveCount(3);
    await expect(page.getByTestId('delivery-row').first()).toContainText('receiver is down');
    await ui.screenshot('deliveries-failed');

    // Fix the URL, retry the failed ones: all three arrive.
    await card.getByRole('button', { name: 'Edit' }).click();
    await form.getByLabel('URL').fill(`${hook.base}/up`);
    await form.getByRole('button', { name: 'Save destination' }).click();
    await expect(form).toHaveCount(0);
    await card.getByRole('button', { name: 'Retry failed' }).click();
    await expect(card.getByTestId('delivery-counts')).toContainText('3 delivered');
    await expect(card.getByTestId('failed-count')).toHaveText('0 failed');
    await expect(card.getByTestId('last-error')).toHaveCount(0);
    expect(hook.received.sort()).toEqual(['order-0', 'order-1', 'order-2']);
    await page.getByLabel('Delivery status').selectOption('delivered');
    await expect(page.getByTestId('delivery-row')).toHaveCount(3);
    await ui.screenshot('deliveries-delivered');

    // Pause and resume.
    await card.getByRole('button', { name: 'Pause' }).click();
    await expect(card.getByTestId('destination-state')).toHaveText('paused');
    await card.getByRole('button', { name: 'Resume' }).click();
    await expect(card.getByTestId('destination-state')).not.toHaveText('paused');
  } finally {
    await hook.close();
  }
});

test('deleting a transformation connected to a destination names it and needs an explicit choice', async ({ page, server }) => {
  const ui = new PipelinePage(page, server);
  const code = 'export function transformEvent(event) { return event; }';
  const t = await ui.api<{ id: string }>('POST', '/transformations?publish=true', { name: 'Enrich orders', code, language: 'javascript' });
  await ui.api('POST', '/studio/api/destinations', { name: 'Warehouse', kind: 'capture', transformationId: t.id });
  await ui.signIn();
  await ui.go('Overview');
  await expect(page.getByTestId('dashboard')).toContainText('Enrich orders on Warehouse');
  await ui.screenshot('overview');
  await page.goto(`${server.url}/#/transformations/${t.id}`);
  await expect(page.getByTestId('live-on')).toContainText('Live on Warehouse');
  await page.getByRole('button', { name: /Delete/ }).first().click();
  const dialog = page.getByTestId('delete-transformation');
  await expect(dialog.getByTestId('connected-warning')).toContainText('live on destination Warehouse');
  await expect(dialog.getByTestId('connected-warning')).toContainText('untransformed');
  const confirm = dialog.getByRole('button', { name: 'Disconnect and delete' });
  await expect(confirm).toBeDisabled();
  await ui.screenshot('transformation-delete-warning');
  await dialog.getByRole('checkbox').check();
  await confirm.click();
  await expect(page).toHaveURL(/#\/transformations$/);
  const destinations = await ui.api<{ destinations: { name: string; transformationId: string | null }[] }>('GET', '/studio/api/destinations');
  expect(destinations.destinations).toEqual([expect.objectContaining({ name: 'Warehouse', transformationId: null })]);
});
