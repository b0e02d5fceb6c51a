// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { countChanges, summariseDiff, unchangedFields } from './diff-summary';

describe('summariseDiff', () => {
  it('lists added, removed and changed fields with dotted paths', () => {
    const before = { type: 'identify', context: { ip: '1.2.3.4', traits: { email: 'Ada@Example.com' } }, userId: 'u1' };
    const after = { type: 'identify', context: { traits: { email: 'a***@example.com' }, transformedBy: 'local' }, userId: 'u1' };
    expect(summariseDiff(before, after)).toEqual([
      { path: 'context.ip', kind: 'removed', before: '1.2.3.4' },
      { path: 'context.traits.email', kind: 'changed', before: 'Ada@Example.com', after: 'a***@example.com' },
      { path: 'context.transformedBy', kind: 'added', after: 'local' },
    ]);
  });

  it('reports nothing for equal events and counts kinds', () => {
    expect(summariseDiff({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
    const changes = summariseDiff({ a: 1, b: 2 }, { a: 2, c: 3 });
    expect(countChanges(changes)).toEqual({ added: 1, removed: 1, changed: 1 });
  });

  it('describes array items by index; a replaced primitive is one change', () => {
    expect(summariseDiff({ tags: ['a', 'b', 'c'] }, { tags: ['a', 'x', 'c', 'd'] })).toEqual([
      { path: 'tags[1]', kind: 'changed', before: 'b', after: 'x' },
      { path: 'tags[3]', kind: 'added', after: 'd' },
    ]);
    expect(summariseDiff({ items: [{ sku: 1 }, { sku: 2 }] }, { items: [{ sku: 1 }, { sku: 3 }] })).toEqual([
      { path: 'items[1].sku', kind: 'changed', before: 2, after: 3 },
    ]);
    expect(summariseDiff({ tags: ['a', 'b'] }, { tags: ['a'] })).toEqual([{ path: 'tags[1]', kind: 'removed', before: 'b' }]);
  });

  it('treats a field turned into another type as changed', () => {
    expect(summariseDiff({ p: { a: 1 } }, { p: 'flat' })).toEqual([{ path: 'p', kind: 'changed', before: { a: 1 }, after: 'flat' }]);
  });

  it('reads a removed or added array and object element by element, field by field', () => {
    const before = { properties: { products: [{ sku: 'a', price: 1 }, { sku: 'b' }], total: 3 } };
    const after = { properties: { total: 3, cart: { size: 2 } } };
    expect(summariseDiff(before, after)).toEqual([
      { path: 'properties.products[0].sku', kind: 'removed', before: 'a' },
      { path: 'properties.products[0].price', kind: 'removed', before: 1 },
      { path: 'properties.products[1].sku', kind: 'removed', before: 'b' },
      { path: 'properties.cart.size', kind: 'added', after: 2 },
    ]);
    expect(unchangedFields(before, after)).toEqual([{ path: 'properties.total', value: 3 }]);
  });
});
