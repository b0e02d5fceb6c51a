import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CALL_BYTES } from '../collect/limits';
import { eventArbitrary, shapeTree, type EventShape } from './event-arbitrary';

// The generator from a learned schema: the types seen (conflicts included) and the variants real
// traffic brings next, within the event API's size limit.

const ORDER: EventShape = {
  type: 'track',
  name: 'Order Completed',
  count: 64,
  paths: [
    { path: 'properties', types: { object: 64 }, samples: [] },
    { path: 'properties.total', types: { number: 62, string: 2 }, samples: ['62', '"7.50"'] },
    { path: 'properties.products', types: { array: 64 }, samples: [] },
    { path: 'properties.products[]', types: { object: 64 }, samples: [] },
    { path: 'properties.products[].sku', types: { string: 64 }, samples: ['"sku-1"'] },
    { path: 'userId', types: { string: 64 }, samples: ['"u-1"'] },
  ],
};
const IDENTIFY: EventShape = { type: 'identify', name: '', count: 4, paths: [{ path: 'traits.plan', types: { string: 4 }, samples: ['"pro"'] }] };

describe('eventArbitrary', () => {
  const events = fc.sample(eventArbitrary([ORDER, IDENTIFY]), { seed: 3, numRuns: 3000 });
  const orders = events.filter((e) => e.type === 'track');
  const totals = orders.map((e) => (e.properties as any)?.total);

  it('keeps type and event name, and generates both shapes', () => {
    expect(orders.every((e) => e.event === 'Order Completed')).toBe(true);
    expect(events.some((e) => e.type === 'identify')).toBe(true);
    expect(events.filter((e) => e.type === 'identify').every((e) => !('event' in e))).toBe(true);
  });

  it('gives every type seen at a path (the conflict too) and the variants: missing, null, empty, zero, negative, huge, long, non-ASCII', () => {
    expect(totals.filter((t) => typeof t === 'string').length).toBeGreaterThan(20);
    expect(totals.filter((t) => typeof t === 'number').length).toBeGreaterThan(100);
    expect(totals).toContain(62);
    expect(totals).toContain('7.50');
    expect(totals).toContain(null);
    expect(totals).toContain(undefined);
    expect(totals).toContain('');
    expect(totals).toContain(0);
    expect(totals.some((t) => typeof t === 'number' && t < 0)).toBe(true);
    expect(totals.some((t) => typeof t === 'number' && t >= 1e21)).toBe(true);
    expect(totals.some((t) => typeof t === 'string' && t.length >= 1000)).toBe(true);
    expect(totals.some((t) => typeof t === 'string' && /[^ -~]/.test(t))).toBe(true);
  });

  it('gives arrays where objects were seen, and array items from the paths with []', () => {
    expect(orders.some((e) => Array.isArray(e.properties))).toBe(true);
    const skus = orders.flatMap((e) => ((e.properties as any)?.products ?? [])).filter((p: any) => p && typeof p === 'object' && !Array.isArray(p)).map((p: any) => p.sku);
    expect(skus).toContain('sku-1');
  });

  it('stays within the size limit of one event API call', () => {
    expect(events.every((e) => Buffer.byteLength(JSON.stringify(e)) <= MAX_CALL_BYTES)).toBe(true);
  });

  it('reads nested array paths into a tree', () => {
    const tree = shapeTree({ type: 'track', name: 'x', count: 1, paths: [{ path: 'a.b[][].c', types: { number: 1 }, samples: ['1'] }] });
    expect(tree.children.get('a')!.children.get('b')!.items!.items!.children.get('c')!.types).toEqual({ number: 1 });
  });
});
