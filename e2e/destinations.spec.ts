import { createServer, type Server } from 'node:http';
import type { Locator } from '@playwright/test';
import { holdRequests } from './held';
import { PipelinePage } from './pages/pipeline-page';
import { shootBoth, VIEWPORTS } from './shots';
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
    await expect(card.getByTestId('gave-up-count')).toHaveText('3 gave up'); // max attempts 1: each row's standing
    await expect(card.getByTestId('failed-count')).toHaveText('0 failed');
    await expect(card.getByTestId('last-error')).toContainText('503');
    await ui.screenshot('destinations-failing');

    // The deliveries of the destination, failed ones with their error.
    await card.getByTestId('gave-up-count').click();
    await expect(page.getByTestId('delivery-row')).toHaveCount(3);
    await expect(page.getByTestId('delivery-row').first()).toContainText('receiver is down');
    await ui.screenshot('deliveries-failed');

    // Fix the URL, retry the failed ones: all three arrive.
    await card.getByRole('button', { name: 'Edit' }).click();
    await form.getByLabel('URL').fill(`${hook.base}/up`);
    await form.getByRole('button', { name: 'Save destination' }).click();
    await expect(form).toHaveCount(0);
    await card.getByRole('button', { name: 'Retry now' }).click();
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
  await expect(page.getByTestId('live-on')).toContainText('running v1');
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

/** Options of a select whose text is wider than the select can show (text width against its inner width minus the arrow). */
// The browser side, typed here (e2e is type-checked without the DOM library).
interface InBrowser {
  getComputedStyle(el: unknown): { fontWeight: string; fontSize: string; fontFamily: string; paddingLeft: string; paddingRight: string };
  document: { createElement(tag: 'canvas'): { getContext(kind: '2d'): { font: string; measureText(text: string): { width: number } } } };
}
const cutOptions = (select: Locator): Promise<string[]> =>
  select.evaluate((el: { clientWidth: number; options: ArrayLike<{ text: string }> }) => {
    const browser = globalThis as unknown as InBrowser;
    const style = browser.getComputedStyle(el);
    const context = browser.document.createElement('canvas').getContext('2d');
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
    return Array.from(el.options).filter((o) => context.measureText(o.text).width > room).map((o) => o.text);
  });

test('a destination names the live version of its transformation by number, like the rest of the studio', async ({ page, server }) => {
  const ui = new PipelinePage(page, server);
  const t = await ui.api<{ id: string }>('POST', '/transformations?publish=true', { name: 'Enrich orders', code: 'export function transformEvent(event) { return event; }', language: 'javascript' });
  await ui.api('POST', `/transformations/${t.id}?publish=true`, { code: 'export function transformEvent(event) { event.v = 2; return event; }' });
  await ui.api('POST', '/studio/api/destinations', { name: 'Warehouse', kind: 'capture', transformationId: t.id });
  const versions = (await ui.api<{ versions: { versionId: string; number: number; isPublished: boolean }[] }>('GET', `/studio/api/transformations/${t.id}/versions`)).versions;
  const live = versions.find((v) => v.isPublished)!;
  expect(live.number).toBe(2);
  await ui.signIn();
  await ui.go('Destinations');
  const card = page.getByTestId('destination-card').filter({ hasText: 'Warehouse' });
  await expect(card).toContainText('live v2');
  await expect(card.getByTestId('live-version')).toHaveText('live v2');
  await expect(card).not.toContainText(live.versionId.slice(-8));
  await shootBoth(page, 'destinations-live-version');
});

test('the new-destination dialog shows each choice in full, with what it means below', async ({ page, server }) => {
  const ui = new PipelinePage(page, server);
  await ui.api('POST', '/transformations?publish=true', { name: 'Enrich orders with customer tiers', code: 'export function transformEvent(event) { return event; }', language: 'javascript' });
  await ui.signIn();
  await ui.go('Destinations');
  await page.getByRole('button', { name: 'New destination' }).first().click();
  const form = page.getByTestId('destination-form');
  const kind = form.getByLabel('Kind');
  const transformation = form.getByLabel('Transformation');
  await expect(transformation.locator('option')).toHaveCount(2);
  for (const size of VIEWPORTS) {
    await page.setViewportSize(size);
    for (const select of [kind, transformation, form.getByLabel('Method')]) expect(await cutOptions(select), `${size.width}x${size.height}`).toEqual([]);
  }
  await expect(kind).toHaveAccessibleDescription(/HTTP POST of each event/);
  await expect(transformation).toHaveAccessibleDescription(/pass through unchanged/);
  await shootBoth(page, 'destination-new-dialog');
  await kind.selectOption('data-plane');
  await expect(form.getByTestId('kind-help')).toContainText('RudderStack');
  await transformation.selectOption({ label: 'Enrich orders with customer tiers' });
  await expect(form.getByTestId('transformation-help')).toContainText('published version');
  for (const size of VIEWPORTS) {
    await page.setViewportSize(size);
    for (const select of [kind, transformation]) expect(await cutOptions(select), `${size.width}x${size.height}`).toEqual([]);
  }
  await shootBoth(page, 'destination-new-dialog-data-plane');
});

test('a destination created while the sources list is still loading takes every source, as the form showed', async ({ page, server }) => {
  const ui = new PipelinePage(page, server);
  const source = await ui.defaultSource();
  // Hold the page's first sources answers back until the form is open (a loaded machine did this).
  const release = await holdRequests(page, '**/studio/api/sources');
  await ui.signIn();
  await ui.go('Destinations');
  await page.getByRole('button', { name: 'New destination' }).first().click();
  const form = page.getByTestId('destination-form');
  await form.getByLabel('Name').fill('Opened early');
  await form.getByLabel('Kind').selectOption('capture');
  release();
  await expect(form.getByRole('checkbox', { name: source.name })).toBeChecked();
  await form.getByRole('button', { name: 'Create destination' }).click();
  await expect(form).toHaveCount(0);
  const { destinations } = await ui.api<{ destinations: { name: string; sourceIds: string[] }[] }>('GET', '/studio/api/destinations');
  expect(destinations.find((d) => d.name === 'Opened early')?.sourceIds).toEqual([source.id]);
});
