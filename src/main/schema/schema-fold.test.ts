import { describe, expect, it } from 'vitest';
import type { SchemaRepo } from '../store/schema-repo';
import { createSchemaFold } from './schema-fold';

// How much the fold reads at once: its batch bounds the memory the core holds while it catches
// up (parsed events and their fold; 2,000 at once kept the core ~40 MB larger after capturing 100k
// events than 500: docs/decisions/010).
describe('schema fold batches', () => {
  it('catches up in batches of at most 500 events by default', () => {
    const limits: number[] = [];
    const repo = { foldedUpto: () => 0, readAfter: (_seq: number, limit: number) => (limits.push(limit), []) } as unknown as SchemaRepo;
    expect(createSchemaFold(repo).catchUp()).toBe(0);
    expect(limits).toEqual([500]);
  });
});
