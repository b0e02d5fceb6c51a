import { describe, expect, it } from 'vitest';
import { StudioError } from '../errors';
import { parseWhere } from './where-filter';

// The parser itself is table-tested in shared/where-expression.test.ts; this is the server's wrapper.
describe('parseWhere', () => {
  it('gives the conditions of a valid expression, nothing for an empty one', () => {
    expect(parseWhere('properties.revenue > 100 and context.library.name = "analytics-node"')).toEqual([
      { path: '$.properties.revenue', op: '>', value: 100 },
      { path: '$.context.library.name', op: '=', value: 'analytics-node' },
    ]);
    expect(parseWhere('  ')).toBeUndefined();
    expect(parseWhere(undefined)).toBeUndefined();
  });
  it('throws a validation error (400) prefixed with the parameter for a malformed one', () => {
    for (const text of ['revenue', 'properties.revenue >>> 100', 'a..b = 1', 'a = "x']) {
      let thrown: unknown;
      try {
        parseWhere(text);
      } catch (e) {
        thrown = e;
      }
      expect(thrown, text).toBeInstanceOf(StudioError);
      expect((thrown as StudioError).code).toBe('validation');
      expect((thrown as StudioError).message).toMatch(/^where: “/);
    }
  });
});
