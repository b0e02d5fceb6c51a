import { describe, expect, it } from 'vitest';
import type { SchemaRepo } from '../store/schema-repo';
import { createSchemaFold } from './schema-fold';

// How much the fold reads at once bounds the memory the core holds while it catches up (parsed
// events and their fold): docs/decisions/010 measured the core ~40 MB larger after capturing 100k
// events with 2,000 at once than with 500, so a catch-up may never hold more than 500 at once.
describe('schema fold batches', () => {
  it('catches up on 1,234 captured events, never reading more than 500 at once, and ends at the last one', () => {
    const captured = Array.from({ length: 1234 }, (_, i) => ({ seq: i + 1, sourceId: 's', type: 'track', eventName: 'e', receivedAt: '2026-01-01T00:00:00.000Z', event: '{"type":"track"}' }));
    let cursor = 0;
    const reads: number[] = [];
    const repo = {
      foldedUpto: () => cursor,
      readAfter: (seq: number, limit: number) => {
        const rows = captured.filter((row) => row.seq > seq).slice(0, limit);
        reads.push(rows.length);
        return rows;
      },
      apply: (_buckets: unknown, upto: number) => (cursor = upto),
    } as unknown as SchemaRepo;
    expect(createSchemaFold(repo).catchUp()).toBe(1234);
    expect(cursor).toBe(1234);
    expect(Math.max(...reads)).toBeLessThanOrEqual(500);
    expect(reads.at(-1)).toBe(0); // it stopped because nothing was left
  });
});
