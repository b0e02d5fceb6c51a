import { describe, expect, it } from 'vitest';
import type { SchemaFieldsResponse } from '../../../shared/api/schema';
import { indexFields } from './event-fields';
import { chainPath, fieldSummary, nameOptions, pathOptions, schemaSpotAt } from './event-completion';
import { pathAt } from './event-hover';

const field = (path: string, count: number, types: Record<string, number>, samples: string[] = [], pii = false) =>
  ({ path, count, share: count / 10, types, samples, pii, conflict: Object.keys(types).length > 1 });
const fields = indexFields({
  scope: { kind: 'all', sources: [] },
  totalEvents: 10,
  fields: [
    field('properties', 8, { object: 8 }), field('properties.total', 8, { number: 6, string: 2 }, ['12.5']), field('properties.coupon', 2, { string: 2 }, ['"X"']),
    field('properties.products', 3, { array: 3 }), field('properties.products[]', 3, { object: 3 }), field('properties.products[].sku', 3, { string: 3 }),
    field('context.traits.email', 4, { string: 4 }, ['"ann@example.com"'], true),
  ],
  events: [{ type: 'track', name: 'Signed Up', count: 2 }, { type: 'track', name: 'Order Completed', count: 8 }, { type: 'identify', name: '', count: 1 }],
  status: { foldedUpTo: 10, latestId: 10, behind: 0 },
} satisfies SchemaFieldsResponse);
const spot = (before: string) => schemaSpotAt(before, before.length);

describe('schema completion spots', () => {
  it('completes paths after event., nested objects and array elements', () => {
    expect(spot('return event.')).toEqual({ kind: 'path', parent: '', from: 13 });
    expect(spot('x = event.properties.to')).toEqual({ kind: 'path', parent: 'properties', from: 21 });
    expect(spot('event?.context?.traits.')).toMatchObject({ kind: 'path', parent: 'context.traits' });
    expect(spot('event.properties.products[0].')).toMatchObject({ kind: 'path', parent: 'properties.products[]' });
    expect(spot('myevent.')).toBeNull();
    expect(spot('other.event.')).toBeNull();
  });

  it('completes event names in comparisons and in the cases of switch (event.event)', () => {
    expect(spot("if (event.event === 'Ord")).toEqual({ kind: 'event-name', from: 21 });
    expect(spot('if (event.event !== "')).toMatchObject({ kind: 'event-name' });
    expect(spot("switch (event.event) {\n  case 'Order Completed': break;\n  case '")).toMatchObject({ kind: 'event-name' });
    expect(spot("switch (event.type) {\n  case '")).toBeNull();
  });

  it('reads chains into schema paths', () => {
    expect(chainPath('.properties.products[2].sku')).toBe('properties.products[].sku');
    expect(chainPath(' ?. context ?. traits')).toBe('context.traits');
  });
});

describe('schema completion items', () => {
  it('lists children most frequent first with types, share and a sample; masks personal data', () => {
    const options = pathOptions(fields, 'properties');
    expect(options.map((o) => [o.label, o.detail])).toEqual([
      ['total', 'number 6 · string 2 (conflict) · 80% · e.g. 12.5'],
      ['products', 'array · 30%'],
      ['coupon', 'string · 20% · e.g. "X"'],
    ]);
    expect(options[0]!.boost).toBeGreaterThan(options[1]!.boost!);
    expect(fieldSummary(fields.byPath.get('context.traits.email')!)).toBe('string · 40% · e.g. "a••••••••"');
    expect(pathOptions(fields, 'properties.products[]').map((o) => o.label)).toEqual(['sku']);
  });

  it('lists event names most frequent first', () => {
    expect(nameOptions(fields).map((o) => [o.label, o.detail])).toEqual([['Order Completed', 'track · 8 events'], ['Signed Up', 'track · 2 events']]);
  });

  it('finds the path under the cursor for hover', () => {
    const line = '  const t = event.properties.products[0].sku + event.properties.total;';
    expect(pathAt(line, line.indexOf('sku') + 1)).toMatchObject({ path: 'properties.products[].sku' });
    expect(pathAt(line, line.indexOf('total') + 2)).toMatchObject({ path: 'properties.total' });
    expect(pathAt(line, line.indexOf('properties') + 2)).toMatchObject({ path: 'properties' });
    expect(pathAt(line, line.indexOf('const') + 1)).toBeUndefined();
  });
});
