import { describe, expect, it } from 'vitest';
import { foldEvents, isConflict, mergeStats, observePaths, MAX_SAMPLES, MAX_PATHS_PER_EVENT, type CapturedRow } from './schema-builder';

const row = (event: unknown, receivedAt = '2026-11-20T10:00:00.000Z', eventName: string | null = 'Order Completed'): CapturedRow => ({
  sourceId: 's1',
  type: 'track',
  eventName,
  receivedAt,
  event: JSON.stringify(event),
});

describe('observePaths', () => {
  it('walks nested objects into dotted paths with their types and a sample', () => {
    const seen = observePaths({ properties: { total: 12.5, shipping: { city: 'Oslo', express: true } } });
    expect([...seen.keys()]).toEqual(['properties', 'properties.total', 'properties.shipping', 'properties.shipping.city', 'properties.shipping.express']);
    expect([...seen.get('properties.shipping')!.types]).toEqual(['object']);
    expect(seen.get('properties.total')!.sample).toBe('12.5');
    expect(seen.get('properties.shipping.city')!.sample).toBe('"Oslo"');
    expect(seen.get('properties.shipping')!.sample).toBeUndefined();
  });

  it('writes array elements as [] and notes each element type once', () => {
    const seen = observePaths({ properties: { products: [{ sku: 'a', price: 1 }, { sku: 'b', price: '2' }], tags: [] } });
    expect([...seen.get('properties.products')!.types]).toEqual(['array']);
    expect([...seen.get('properties.products[]')!.types]).toEqual(['object']);
    expect([...seen.get('properties.products[].price')!.types]).toEqual(['number', 'string']);
    expect(seen.has('properties.tags')).toBe(true);
    expect(seen.has('properties.tags[]')).toBe(false);
  });

  it('records nulls as the null type without a sample', () => {
    const seen = observePaths({ properties: { coupon: null } });
    expect([...seen.get('properties.coupon')!.types]).toEqual(['null']);
    expect(seen.get('properties.coupon')!.sample).toBeUndefined();
  });

  it('stops at a cap of paths per event', () => {
    const wide = Object.fromEntries(Array.from({ length: MAX_PATHS_PER_EVENT + 50 }, (_, i) => [`k${i}`, i]));
    expect(observePaths({ properties: wide }).size).toBe(MAX_PATHS_PER_EVENT);
  });
});

describe('foldEvents', () => {
  it('counts events per path, types per event, and keeps at most 5 distinct samples', () => {
    const rows = [1, 2, 2, 3, 4, 5, 6, 7].map((total, i) => row({ event: 'Order Completed', properties: { total: i === 7 ? String(total) : total } }));
    rows.push(row({ event: 'Order Completed', properties: {} }));
    const [bucket] = foldEvents(rows).values();
    expect(bucket!.count).toBe(9);
    const total = bucket!.paths.get('properties.total')!;
    expect(total.count).toBe(8);
    expect(total.types).toEqual({ number: 7, string: 1 });
    expect(total.samples).toEqual(['1', '2', '3', '4', '5']);
    expect(total.samples.length).toBe(MAX_SAMPLES);
    expect(isConflict(total.types)).toBe(true);
  });

  it('does not call a path that is sometimes null a conflict', () => {
    const [bucket] = foldEvents([row({ properties: { coupon: null } }), row({ properties: { coupon: 'X' } })]).values();
    expect(bucket!.paths.get('properties.coupon')!.types).toEqual({ null: 1, string: 1 });
    expect(isConflict(bucket!.paths.get('properties.coupon')!.types)).toBe(false);
  });

  it('buckets by source, type, name and UTC day, and tracks first and last seen', () => {
    const buckets = foldEvents([
      row({ a: 1 }, '2026-11-20T23:59:00.000Z'),
      row({ a: 1 }, '2026-11-20T08:00:00.000Z'),
      row({ a: 1 }, '2026-11-21T00:01:00.000Z'),
      row({ b: 1 }, '2026-11-21T00:02:00.000Z', 'Signed Up'),
    ]);
    expect([...buckets.values()].map((b) => [b.name, b.day, b.count])).toEqual([
      ['Order Completed', '2026-11-20', 2],
      ['Order Completed', '2026-11-21', 1],
      ['Signed Up', '2026-11-21', 1],
    ]);
    const first = [...buckets.values()][0]!;
    expect([first.firstSeen, first.lastSeen]).toEqual(['2026-11-20T08:00:00.000Z', '2026-11-20T23:59:00.000Z']);
  });

  it('keeps at most maxPaths paths per bucket', () => {
    const rows = Array.from({ length: 10 }, (_, i) => row({ [`p${i}`]: i }));
    const [bucket] = foldEvents(rows, 4).values();
    expect([...bucket!.paths.keys()]).toEqual(['p0', 'p1', 'p2', 'p3']);
    expect(bucket!.count).toBe(10);
  });

  it('skips an event whose JSON does not parse', () => {
    const buckets = foldEvents([{ ...row({}), event: '{not json' }, row({ a: 1 })]);
    expect([...buckets.values()][0]!.count).toBe(1);
  });
});

describe('mergeStats', () => {
  it('adds counts and types, unions samples up to the cap, widens first/last seen, leaves inputs alone', () => {
    const a = { count: 2, types: { string: 2 }, samples: ['"a"', '"b"', '"c"'], firstSeen: '2026-01-02', lastSeen: '2026-01-03' };
    const b = { count: 3, types: { string: 1, number: 2 }, samples: ['"c"', '"d"', '"e"', '"f"'], firstSeen: '2026-01-01', lastSeen: '2026-01-02' };
    expect(mergeStats(a, b)).toEqual({ count: 5, types: { string: 3, number: 2 }, samples: ['"a"', '"b"', '"c"', '"d"', '"e"'], firstSeen: '2026-01-01', lastSeen: '2026-01-03' });
    expect(a.types).toEqual({ string: 2 });
  });
});
