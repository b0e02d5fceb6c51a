import Analytics from '@rudderstack/rudder-sdk-node';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './studio-fixture';
import { PipelinePage } from './pages/pipeline-page';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';

// Issue 33: events sent with the real RudderStack Node SDK are learned as a schema, shown in the
// Schema view (types, shares, conflicts, PII masked) and used by the editor (completion, hover,
// "did you mean" warnings).

const EMAIL = 'ann.smith@example.com';

async function sendWithNodeSdk(url: string, writeKey: string): Promise<number> {
  const errors: unknown[] = [];
  const client = new Analytics(writeKey, { dataPlaneUrl: url, logLevel: 'error', errorHandler: (error) => errors.push(error) });
  let sent = 0;
  for (let i = 0; i < 6; i++) {
    // total: a number in four events, a string in two (a conflict); coupon in half of them.
    // total in all six, orderId in five, products in four, coupon in three: the completion's order.
    const properties = {
      total: i < 4 ? 10 + i : `${20 + i}.99`,
      ...(i < 5 ? { orderId: `o-${i}` } : {}),
      ...(i < 4 ? { products: [{ sku: `sku-${i}`, price: 5 }] } : {}),
      ...(i % 2 ? { coupon: 'SPRING' } : {}),
    };
    client.track({ userId: `user-${i}`, event: 'Order Completed', properties, context: { traits: { email: EMAIL } } } as never);
    sent++;
  }
  for (let i = 0; i < 2; i++, sent++) client.track({ userId: `user-${i}`, event: 'Signed Up', properties: { plan: 'pro' } } as never);
  await client.flush();
  expect(errors).toEqual([]);
  return sent;
}

/** Moves the mouse over the last occurrence of `word` in an editor line. */
async function hoverWord(page: Page, line: Locator, word: string): Promise<void> {
  const at = await line.evaluate((el, w) => {
    const doc = (globalThis as any).document;
    const walker = doc.createTreeWalker(el, 4 /* NodeFilter.SHOW_TEXT */);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const i = (node.textContent as string).lastIndexOf(w);
      if (i < 0) continue;
      const range = doc.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + w.length);
      const box = range.getBoundingClientRect();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    }
    return undefined;
  }, word);
  if (!at) throw new Error(`"${word}" is not in the line`);
  await page.mouse.move(at.x, at.y);
}

test('the schema learned from Node SDK events: Schema view, completion, hover and warnings', async ({ page, server }) => {
  const ui = new PipelinePage(page, server);
  await ui.signIn();
  const source = await ui.defaultSource();
  const sent = await sendWithNodeSdk(server.url, source.writeKey);
  await expect.poll(async () => (await ui.api<{ count: number }>('GET', '/studio/api/events/stats')).count, { timeout: 20_000 }).toBe(sent);

  // The Schema view: a tree per event name with types, shares and samples.
  await ui.go('Events');
  await page.getByRole('navigation', { name: 'Events views' }).getByRole('link', { name: 'Schema' }).click();
  await expect(page.getByTestId('schema-status')).toContainText(`Learned from ${sent} captured events · up to date`, { timeout: 20_000 });
  const events = page.getByTestId('schema-events');
  await expect(events.getByRole('button').first()).toContainText('Order Completed');
  await expect(events.getByRole('button', { name: /Signed Up/ })).toContainText('track · 2');
  const row = (path: string) => page.getByTestId('schema-paths').locator(`[data-path="${path}"]`);
  await expect(row('properties.total').getByTestId('path-types')).toHaveText('number 4 · string 2');
  await expect(row('properties.total')).toContainText('conflict');
  await expect(row('properties.total').getByTestId('path-share')).toHaveText('100%');
  await expect(row('properties.coupon').getByTestId('path-share')).toHaveText('50%');
  await expect(row('properties.coupon')).not.toContainText('conflict');
  await expect(row('properties.products[].sku').getByTestId('path-types')).toHaveText('string');
  await expect(row('properties.orderId').getByTestId('path-samples')).toContainText('"o-0"');
  // Personal data is masked until a click.
  const email = row('context.traits.email');
  await expect(email.getByTestId('path-samples')).not.toContainText(EMAIL);
  await expect(email.getByTestId('path-samples')).toContainText('"a••••••••"');
  await email.getByRole('button', { name: 'Show samples of context.traits.email' }).click();
  await expect(email.getByTestId('path-samples')).toContainText(EMAIL);
  await email.getByRole('button', { name: 'Mask samples of context.traits.email' }).click();
  await shootBoth(page, 'schema-view');

  // One click from a path to the events that have it.
  await row('properties.coupon').getByRole('link', { name: 'events' }).click();
  await expect(page).toHaveURL(/where=properties.coupon(\+|%20)exists/);
  await expect(ui.rows).toHaveCount(3);

  // The editor: scope note, completion, warnings with suggestions, hover.
  const studio = new StudioPage(page);
  await studio.createTransformation('Schema check', 'Blank');
  await expect(page.getByTestId('schema-scope')).toHaveText(`Event fields from ${sent} captured events of all sources (no destination runs this transformation)`);
  await studio.replaceCode([
    'export function transformEvent(event, metadata) {',
    '  const total = event.propertis.total;',
    '  const id = event.properties.orderID;',
    '  const who = event.context.traits.email;',
    '  const sum = event.properties.total;',
    '  ',
    '  return event;',
    '}',
  ].join('\n'));
  await expect(studio.problems).toContainText('No captured event has event.propertis (all sources). Did you mean "properties"?');
  await expect(studio.problems).toContainText('No captured event has event.properties.orderID (all sources). Did you mean "orderId"?');
  await expect(studio.problems.getByRole('listitem')).toHaveCount(2);

  await studio.code.locator('.cm-line').nth(5).click();
  await page.keyboard.press('End');
  await page.keyboard.type('event.properties.');
  const completions = page.locator('.cm-tooltip-autocomplete');
  const options = completions.getByRole('option');
  await expect(options.first()).toContainText('total');
  // Shares over all 8 captured events of the scope (the 2 Signed Up events have no total).
  await expect(options.first()).toContainText('number 4 · string 2 (conflict) · 75% · e.g. 10');
  await expect(completions.getByRole('option', { name: /coupon/ })).toContainText('string · 38% · e.g. "SPRING"');
  await expect(options).toHaveText([/^total/, /^orderId/, /^products/, /^coupon/, /^plan/]);
  await shootBoth(page, 'schema-completion');
  await page.keyboard.press('Escape');
  // Event names complete inside a comparison with event.event, most frequent first.
  await page.keyboard.press('End');
  await page.keyboard.type("\n  if (event.event === '");
  await expect(options).toHaveText([/^Order Completed.*track · 6 events/, /^Signed Up.*track · 2 events/]);
  await page.keyboard.press('Escape');

  // Hover shows types, share and samples; personal data masked until "show".
  await hoverWord(page, studio.code.locator('.cm-line').nth(4), 'total');
  const hover = page.getByTestId('schema-hover');
  await expect(hover).toContainText('event.properties.total');
  await expect(hover).toContainText('in 75% of captured events (6 of 8)');
  await expect(hover).toContainText('samples: 10, 11, 12, 13, "24.99"');
  await page.mouse.move(0, 0);
  await hoverWord(page, studio.code.locator('.cm-line').nth(3), 'email');
  await expect(hover).toContainText('samples: "a••••••••" show');
  await expect(hover).not.toContainText(EMAIL);
  await hover.getByRole('button', { name: 'show' }).click();
  await expect(hover).toContainText(EMAIL);
});
