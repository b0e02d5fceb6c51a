import { afterAll, describe, expect, it } from 'vitest';
import { eventUtils, fixture, sampleEvents, sandboxHarness } from '../../testing/sandbox-helpers';

// The example transformations of resources/fixtures in the sandbox (the rules they rely on:
// semantics.test.ts).

const h = sandboxHarness({ credentials: () => ({ apiKey: 'stored-secret' }) });
afterAll(() => h.sandbox.close());

describe('fixtures', () => {
  const events = sampleEvents();
  const run = (name: string) => h.run(fixture(`transformations/${name}.js`), events, { libraries: [eventUtils()] });

  it('mask-pii masks e-mails, drops the IP and reads metadata()', async () => {
    const out = await run('mask-pii');
    expect(out.results).toHaveLength(events.length);
    expect(out.results.every((r) => r.output && !(r.output.context as Record<string, unknown>).ip)).toBe(true);
    const emails = out.results.map((r) => (r.output!.context as { traits?: { email?: string } }).traits?.email).filter(Boolean);
    expect(emails.length).toBeGreaterThan(0);
    expect(emails.every((e) => /^.\*\*\*@/.test(e!))).toBe(true);
    expect(out.results[0]!.output!.context).toMatchObject({ transformedBy: 'local' });
  });

  it('drop-internal drops null and undefined returns', async () => {
    const out = await run('drop-internal');
    const dropped = events.filter((e) => (e.type === 'track' && ['Internal Test', 'Button Clicked'].includes(e.event as string)) || e.type === 'alias');
    expect(dropped.length).toBeGreaterThan(0);
    expect(out.results).toHaveLength(events.length - dropped.length);
  });

  it('split-order splits orders and logs', async () => {
    const out = await run('split-order');
    const orders = events.filter((e) => e.type === 'track' && e.event === 'Order Completed');
    const products = orders.reduce((n, e) => n + ((e.properties as { products?: unknown[] }).products?.length ?? 0), 0);
    expect(out.results).toHaveLength(events.length - orders.length + products);
    expect(out.logs).toHaveLength(orders.length);
    expect(out.logs[0]).toMatch(/^Log: splitting order \S+ into \d+$/);
  });

  it('dedupe-batch keeps the first of each pair', async () => {
    const out = await run('dedupe-batch');
    expect(out.results.length).toBeGreaterThan(0);
    expect(out.results.length).toBeLessThan(events.length);
    expect(out.results.every((r) => r.statusCode === 200)).toBe(true);
  });

  it('faulty yields per-event errors beside successes', async () => {
    const out = await run('faulty');
    const failing = events.filter((e) => !e.properties).length;
    expect(failing).toBeGreaterThan(0);
    expect(out.results.filter((r) => r.error)).toHaveLength(failing);
    expect(out.results.find((r) => r.error)!.error).toMatch(/^Error: no properties on \w+ [\w-]+\n {4}at transformEvent \(base transformation:3:\d+\)$/);
  });
});
