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

test("a wrapped value keeps its closing quote on the value's last line", async ({ page, server }) => {
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await studio.createTransformation('Longer', 'Blank');
  await studio.replaceCode('export function transformEvent(event) {\n  for (const k of Object.keys(event.properties)) event.properties[k] += "z";\n  return event;\n}\n');
  // Unbroken strings of every length from 20 to 160 characters: some wrap just before their closing quote.
  const properties = Object.fromEntries(Array.from({ length: 141 }, (_, i) => [`s${i + 20}`, 'x'.repeat(i + 20)]));
  await studio.replaceCode(JSON.stringify([{ type: 'track', event: 'Long values', messageId: 'm1', properties }], null, 2), page.getByTestId('events-editor').locator('.cm-content'));
  await page.getByRole('button', { name: 'Run test' }).click();
  const diff = page.getByTestId('event-result').getByTestId('event-diff');
  await expect(diff.locator('tr[data-kind="changed"]')).toHaveCount(141);
  for (const size of [{ width: 1440, height: 900 }, { width: 1024, height: 700 }]) {
    await page.setViewportSize(size);
    // Runs in the page (DOM types are not in the e2e program: the few used are described here).
    type TextNode = { data: string };
    type Doc = { createRange(): { setStart(n: TextNode, i: number): void; setEnd(n: TextNode, i: number): void; getClientRects(): { top: number }[] }; createTreeWalker(root: unknown, what: number): { nextNode(): TextNode | null } };
    const lines = await diff.evaluate((root) => {
      const doc = (globalThis as unknown as { document: Doc }).document;
      const topOf = (node: TextNode, i: number) => {
        const range = doc.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        return Math.round(range.getClientRects()[0]!.top);
      };
      const alone: string[] = [];
      let wrapped = 0;
      for (const code of Array.from(root.querySelectorAll('td code'))) {
        const chars: [TextNode, number][] = [];
        const walker = doc.createTreeWalker(code, 4 /* NodeFilter.SHOW_TEXT */);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) for (let i = 0; i < n.data.length; i++) chars.push([n, i]);
        if (chars.length < 3) continue;
        const [first, second, before, last] = [chars[0]!, chars[1]!, chars.at(-2)!, chars.at(-1)!].map(([n, i]) => topOf(n, i));
        if (first !== last) wrapped++;
        if (last !== before || first !== second) alone.push(chars.slice(0, 12).map(([n, i]) => n.data[i]).join(''));
      }
      return { alone, wrapped };
    });
    expect(lines.wrapped).toBeGreaterThan(20);
    expect(lines.alone).toEqual([]);
  }
  await shootBoth(page, 'field-diff-quotes');
});
