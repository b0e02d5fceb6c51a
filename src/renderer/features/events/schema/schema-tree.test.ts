import { describe, expect, it } from 'vitest';
import type { SchemaPath } from '../../../../shared/api/schema';
import { eventsWithPath, parentPath, treeRows } from './schema-tree';

const p = (path: string, count: number): SchemaPath => ({
  path, count, share: 1, types: { string: count }, samples: [], pii: false, conflict: false, isNew: false, firstSeen: '', lastSeen: '',
});

describe('schema tree', () => {
  it('finds parents through array segments', () => {
    expect(parentPath('properties.products[].sku')).toBe('properties.products[]');
    expect(parentPath('properties.products[]')).toBe('properties.products');
    expect(parentPath('properties')).toBeUndefined();
  });

  it('lists parents before children, siblings most frequent first, with labels and depths', () => {
    const rows = treeRows([p('properties.b', 1), p('event', 5), p('properties', 4), p('properties.a', 3), p('properties.products[]', 2), p('properties.products', 2), p('properties.products[].sku', 2)]);
    expect(rows.map((r) => `${'  '.repeat(r.depth)}${r.label}`)).toEqual([
      'event', 'properties', '  a', '  products', '    []', '      sku', '  b',
    ]);
  });

  it('keeps matches and their ancestors when searching', () => {
    const rows = treeRows([p('properties', 2), p('properties.total', 2), p('properties.tax', 1), p('context', 2)], 'TOT');
    expect(rows.map((r) => r.path.path)).toEqual(['properties', 'properties.total']);
  });

  it('links a path to the events that have it (array elements by the first one)', () => {
    expect(eventsWithPath('track', 'Order Completed', 'properties.products[].sku')).toEqual({ type: 'track', event: 'Order Completed', where: 'properties.products[0].sku exists' });
    expect(eventsWithPath('identify', '', 'traits.plan')).toEqual({ type: 'identify', where: 'traits.plan exists' });
    expect(eventsWithPath('track', 'x', 'properties.my key')).toBeUndefined();
  });
});
