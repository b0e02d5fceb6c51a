import { describe, expect, it } from 'vitest';
import { fieldChanges, jsonEqual } from './field-diff';

describe('field diff', () => {
  it('compares JSON values ignoring key order', () => {
    expect(jsonEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
  });

  it('lists added, removed and changed paths', () => {
    const before = { type: 'track', properties: { email: 'x', plan: 'a', list: [1] }, gone: true };
    const after = { type: 'track', properties: { plan: 'b', list: [1, 2], extra: 1 }, context: { a: 1 } };
    expect(fieldChanges(before, after)).toEqual([
      { path: 'properties.email', kind: 'removed' },
      { path: 'properties.plan', kind: 'changed' },
      { path: 'properties.list', kind: 'changed' },
      { path: 'properties.extra', kind: 'added' },
      { path: 'gone', kind: 'removed' },
      { path: 'context', kind: 'added' },
    ]);
    expect(fieldChanges(1, 2)).toEqual([{ path: '', kind: 'changed' }]);
    expect(fieldChanges({ a: 1, b: 2 }, {}, 1)).toHaveLength(1);
  });
});
