import { describe, expect, it } from 'vitest';
import type { SchemaPath } from '../../shared/api/schema';
import { toJsonSchema } from './json-schema';

const at = '2026-11-26T00:00:00.000Z';
const path = (p: string, types: Record<string, number>): SchemaPath => ({ path: p, count: 1, share: 1, types, samples: [], pii: false, conflict: false, isNew: false, firstSeen: at, lastSeen: at });

describe('toJsonSchema', () => {
  it('keeps property names such as __proto__ and constructor as properties, never on Object.prototype (the fuzz found a 500)', () => {
    const schema = toJsonSchema({
      type: 'track',
      name: 'Odd',
      count: 1,
      droppedPaths: 0,
      firstSeen: at,
      lastSeen: at,
      paths: [path('properties.__proto__.type', { string: 1 }), path('properties.constructor', { number: 1 }), path('properties.total', { number: 1 })],
    }) as { properties: { properties: { properties: Record<string, { type?: unknown; properties?: Record<string, { type: unknown }> }> } } };
    expect(({} as Record<string, unknown>).properties).toBeUndefined();
    expect(({} as Record<string, unknown>).type).toBeUndefined();
    const inner = schema.properties.properties.properties;
    expect(Object.keys(inner).sort()).toEqual(['__proto__', 'constructor', 'total']);
    expect(inner['__proto__']!.properties!['type']!.type).toBe('string');
    expect(inner['constructor']!.type).toBe('number');
    expect(JSON.parse(JSON.stringify(schema)).properties.properties.properties.total).toEqual({ type: 'number' });
  });
});
