import { expect, test } from './studio-fixture';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';

const RESHAPE = `export function transformEvent(event, metadata) {
  if (event.event === 'Keep') return event;
  const { products, ...rest } = event.properties;
  return { ...event, properties: rest, context: { ...event.context, cart: { size: products.length } } };
}
`;

const EVENTS = [
  {
    type: 'track',
    event: 'Order Completed',
    messageId: 'm1',
    userId: 'u1',
    context: { page: { url: 'https://shop.example.com/checkout/confirmation?order=8712346&campaign=spring-sale-2026' } },
    properties: { total: 30, products: [{ sku: 'sku-1', price: 10 }, { sku: 'sku-2', price: 20 }] },
  },
  { type: 'track', event: 'Keep', messageId: 'm2', userId: 'u2', properties: {} },
];

test('nested changes read path by path, arrays element by element, unchanged parts collapsed; unchanged filter', async ({ page, server }) => {
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await studio.createTransformation('Reshape', 'Blank');
  await studio.replaceCode(RESHAPE);
  await studio.replaceCode(JSON.stringify(EVENTS, null, 2), page.getByTestId('events-editor').locator('.cm-content'));
  await page.getByRole('button', { name: 'Run test' }).click();
  await expect(studio.count('changed')).toHaveText('1');
  await expect(page.getByTestId('count-unchanged')).toHaveText('1');

  const diff = page.getByTestId('event-result').filter({ hasText: 'Order Completed' }).getByTestId('event-diff');
  await expect(diff).toBeVisible();
  const removed = diff.locator('tr[data-kind="removed"]');
  await expect(removed).toHaveCount(4);
  await expect(removed.first()).toContainText('properties.products[0].sku');
  await expect(removed.first()).toContainText('"sku-1"');
  await expect(diff.locator('tr[data-kind="added"]')).toContainText('context.cart.size');
  // Unchanged fields are collapsed behind one line, the long URL among them.
  const unchanged = diff.getByTestId('diff-unchanged');
  await expect(unchanged).toContainText('unchanged fields');
  await expect(unchanged.getByText('context.page.url')).toBeHidden();
  await unchanged.locator('summary').click();
  await expect(unchanged.getByText('context.page.url')).toBeVisible();
  // Values wrap between words, never inside one.
  await expect(diff.locator('td').first()).toHaveCSS('overflow-wrap', 'break-word');
  await shootBoth(page, 'structural-diff');

  await page.getByRole('button', { name: /^Unchanged/ }).click();
  await expect(page.getByTestId('event-result')).toHaveCount(1);
  await expect(page.getByTestId('event-result')).toContainText('Keep');
});
