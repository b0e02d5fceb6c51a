import { PipelinePage } from './pages/pipeline-page';
import { shootBoth } from './shots';
import { expect, test } from './studio-fixture';

// Issue #42 point 6a: compose and send one event to a source without curl: the type, fields
// completed from the schema, the write key filled in; the answer and the captured event shown.
test('the composer sends one event to a source and shows it captured', async ({ page, server }) => {
  const ui = new PipelinePage(page, server);
  const source = await ui.defaultSource();
  // A captured event teaches the schema its names and fields (for the completion).
  await ui.send(source.writeKey, 'track', { userId: 'u0', event: 'Order Completed', messageId: 'seed-1', properties: { total: 10, currency: 'EUR' } });
  await expect.poll(async () => (await ui.api<{ totalEvents: number }>('GET', '/studio/api/schema/fields')).totalEvents).toBe(1);
  await ui.signIn();
  await ui.go('Sources');
  const form = page.getByRole('form', { name: 'Send an event' });
  await expect(form).toContainText(`with the write key of “${source.name}” (${source.writeKey.slice(0, 6)}…)`);
  // Completion from the schema: the event names and the property paths it learned.
  await expect(form.locator('datalist option[value="Order Completed"]')).toHaveCount(1);
  await expect(form.locator('datalist option[value="properties.total"]')).toHaveCount(1);
  await expect(form.locator('datalist option[value="properties.currency"]')).toHaveCount(1);

  await form.getByLabel('Type').selectOption('track');
  await form.getByLabel('Event name').fill('Order Completed');
  await form.getByLabel('User id').fill('composer-user');
  await form.getByLabel('Field 1 name').fill('properties.total');
  await form.getByLabel('Field 1 value').fill('99.5');
  await form.getByRole('button', { name: 'Add field' }).click();
  await form.getByLabel('Field 2 name').fill('properties.currency');
  await form.getByLabel('Field 2 value').fill('USD');
  await form.getByRole('button', { name: 'Send event' }).click();

  await expect(form.getByTestId('composer-answer')).toHaveText('HTTP 200: OK');
  const captured = form.getByTestId('composer-captured');
  await expect(captured).toContainText('"event": "Order Completed"');
  await expect(captured).toContainText('"userId": "composer-user"');
  await expect(captured).toContainText('"total": 99.5');
  await expect(captured).toContainText('"currency": "USD"');
  await shootBoth(page, 'sources-composer');
  // It is a real captured event, through the event API with that source's key.
  const stored = await ui.api<{ events: { sourceId: string; event: { properties: { total: number } } }[] }>('GET', '/studio/api/events?event=Order%20Completed&userId=composer-user&limit=5');
  expect(stored.events).toHaveLength(1);
  expect(stored.events[0]!.sourceId).toBe(source.id);
  expect(stored.events[0]!.event.properties.total).toBe(99.5);

  // A refused event says why (the event API's own answer).
  await form.getByLabel('Event name').fill('');
  await form.getByLabel('Type').selectOption('alias');
  await form.getByRole('button', { name: 'Send event' }).click();
  await expect(form.getByTestId('composer-answer')).toContainText('HTTP 400');
});

// Issue #42 point 6a, "fields with completion from the schema": the chosen event's own fields
// (not every field of every event), their sample values, and the names of the chosen type.
test('the composer completes from the learned schema: the named event’s fields and their values', async ({ page, server }) => {
  const ui = new PipelinePage(page, server);
  const source = await ui.defaultSource();
  await ui.send(source.writeKey, 'track', { userId: 'u1', event: 'Order Completed', messageId: 'c-1', properties: { total: 10, currency: 'EUR' } });
  await ui.send(source.writeKey, 'track', { userId: 'u1', event: 'Products Searched', messageId: 'c-2', properties: { query: 'shoes' } });
  await ui.send(source.writeKey, 'identify', { userId: 'u1', messageId: 'c-3', traits: { email: 'u1@example.com' } });
  await expect.poll(async () => (await ui.api<{ totalEvents: number }>('GET', '/studio/api/schema/fields')).totalEvents).toBe(3);
  await ui.signIn();
  await ui.go('Sources');
  const form = page.getByRole('form', { name: 'Send an event' });
  const options = (input: import('@playwright/test').Locator) =>
    input.evaluate((el) => Array.from((el as unknown as { list: { options: ArrayLike<{ value: string }> } | null }).list?.options ?? [], (o) => o.value));
  const nameBox = form.getByLabel('Event name');
  const fieldBox = form.getByLabel('Field 1 name');
  await expect.poll(() => options(nameBox)).toEqual(['Order Completed', 'Products Searched']);

  await nameBox.fill('Order Completed');
  await expect.poll(() => options(fieldBox)).toEqual(expect.arrayContaining(['properties.total', 'properties.currency']));
  expect(await options(fieldBox)).not.toContain('properties.query');
  await fieldBox.fill('properties.currency');
  await expect.poll(() => options(form.getByLabel('Field 1 value'))).toEqual(['"EUR"']);

  await nameBox.fill('Products Searched');
  await expect.poll(() => options(fieldBox)).toContain('properties.query');
  expect(await options(fieldBox)).not.toContain('properties.total');

  await form.getByLabel('Type').selectOption('identify');
  await expect.poll(() => options(form.getByLabel('Field 1 name'))).toContain('traits.email');
  expect(await options(form.getByLabel('Field 1 name'))).not.toContain('properties.query');
});
