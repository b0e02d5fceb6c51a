import { describe, expect, it } from 'vitest';
import { parseWhere } from './where-filter';

describe('parseWhere', () => {
  it('reads numbers, quoted strings, bare words and joins', () => {
    expect(parseWhere('properties.revenue > 100 and context.library.name = "analytics-node"')).toEqual([
      { path: '$.properties.revenue', op: '>', value: 100 },
      { path: '$.context.library.name', op: '=', value: 'analytics-node' },
    ]);
    expect(parseWhere('event = Order Completed && products[0].sku exists')).toEqual([
      { path: '$.event', op: '=', value: 'Order Completed' },
      { path: '$.products[0].sku', op: 'exists' },
    ]);
    expect(parseWhere('properties.note ~ "a and b"')).toEqual([{ path: '$.properties.note', op: '~', value: 'a and b' }]);
    expect(parseWhere('  ')).toBeUndefined();
  });
  it('rejects what it cannot read with a message saying what to write', () => {
    expect(() => parseWhere('revenue')).toThrow(/expected <path> <operator> <value>/);
    expect(() => parseWhere('a..b = 1')).toThrow(/not a field path/);
    expect(() => parseWhere('a = "x')).toThrow(/not a valid JSON value/);
  });
});
