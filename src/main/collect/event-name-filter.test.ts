import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEvents, send } from '../testing/event-helpers';
import { startTestStudio, type TestStudio } from '../testing/harness';

// The event-name filter: an exact name, or a pattern with * (prefix, substring), case-insensitive,
// with SQL's own wildcards taken literally.

let t: TestStudio;
beforeAll(async () => {
  t = await startTestStudio();
  const names = ['Order Completed', 'Order Refunded', 'Checkout', 'order_placed', 'orderXplaced'];
  const batch = names.map((event, i) => ({ type: 'track', event, userId: 'u', messageId: `n-${i}` }));
  expect((await send(t, '/v1/batch', { batch })).status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const names = async (event: string) => (await allEvents(t, `event=${encodeURIComponent(event)}`)).map((e) => e.eventName).sort();

describe('event name filter', () => {
  it('matches exactly without *, by prefix or substring with *', async () => {
    expect(await names('Checkout')).toEqual(['Checkout']);
    expect(await names('Order')).toEqual([]);
    expect(await names('Order*')).toEqual(['Order Completed', 'Order Refunded', 'orderXplaced', 'order_placed']);
    expect(await names('*refund*')).toEqual(['Order Refunded']);
    expect(await names('*_*')).toEqual(['order_placed']);
    expect(await names('order%')).toEqual([]);
  });
});
