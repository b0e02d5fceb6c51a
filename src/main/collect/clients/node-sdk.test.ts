import Analytics from '@rudderstack/rudder-sdk-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHeadless, type HeadlessProcess } from '../../testing/spawn-headless';

// The real, unmodified RudderStack Node SDK (3.x) with its default options: batches of up to 20,
// gzip on. Every messageId it sends must be captured exactly once, with its fields intact.

// The SDK talks to the headless host in its own process, as it would in production.
let host: HeadlessProcess;
const WRITE_KEY = 'cli-write-key';
const auth = `Basic ${Buffer.from('cli@example.com:cli-token').toString('base64')}`;
beforeAll(async () => {
  host = await startHeadless({ dataDir: mkdtempSync(join(tmpdir(), 'node-sdk-')) });
});
afterAll(async () => {
  await host?.stop();
});

async function capturedWithPrefix(prefix: string) {
  const events: Array<{ event: Record<string, any> }> = [];
  let cursor = '';
  for (;;) {
    const page = (await (await fetch(`${host.url}/studio/api/events?limit=500&q=${prefix}${cursor ? `&cursor=${cursor}` : ''}`, { headers: { authorization: auth } })).json()) as { events: Array<{ event: Record<string, any> }>; next: string | null };
    events.push(...page.events);
    if (!page.next) return events.filter((e) => String(e.event.messageId).startsWith(prefix));
    cursor = page.next;
  }
}

describe('@rudderstack/rudder-sdk-node with default options', () => {
  it('delivers every call (gzip batches) and each is captured once with its fields', async () => {
    const errors: unknown[] = [];
    const client = new Analytics(WRITE_KEY, { dataPlaneUrl: host.url, logLevel: 'error', errorHandler: (error) => errors.push(error) });
    const sent: string[] = [];
    for (let i = 0; i < 45; i++) {
      const messageId = `node-sdk-${i}`;
      sent.push(messageId);
      if (i % 3 === 0) client.identify({ userId: `user-${i}`, traits: { plan: 'pro', n: i }, messageId } as never);
      else if (i % 3 === 1) client.track({ userId: `user-${i}`, event: 'Order Completed', properties: { revenue: i * 1.5, currency: 'EUR' }, messageId } as never);
      else client.page({ anonymousId: `anon-${i}`, name: 'Pricing', properties: { path: '/pricing' }, messageId } as never);
    }
    // flush() sends what is queued; the batches sent when flushAt was reached are still in flight.
    await client.flush();
    let captured = await capturedWithPrefix('node-sdk-');
    for (let waited = 0; captured.length < sent.length && waited < 15_000; waited += 200) {
      await new Promise((r) => setTimeout(r, 200));
      captured = await capturedWithPrefix('node-sdk-');
    }
    expect(errors).toEqual([]);
    const ids = captured.map((e) => e.event.messageId).sort();
    expect(ids).toEqual([...sent].sort());
    const order = captured.find((e) => e.event.messageId === 'node-sdk-1')!.event;
    expect(order).toMatchObject({ type: 'track', event: 'Order Completed', userId: 'user-1', properties: { revenue: 1.5, currency: 'EUR' } });
    expect(order.context.library.name).toMatch(/analytics-node|rudder/);
    const identify = captured.find((e) => e.event.messageId === 'node-sdk-3')!.event;
    expect(identify).toMatchObject({ type: 'identify', userId: 'user-3', traits: { plan: 'pro', n: 3 } });
    const page = captured.find((e) => e.event.messageId === 'node-sdk-2')!.event;
    expect(page).toMatchObject({ type: 'page', anonymousId: 'anon-2', name: 'Pricing' });
  });
});
