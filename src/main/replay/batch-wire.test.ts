import { describe, expect, it } from 'vitest';
import { batchJob, metadataOf, prepareBatch, sideResultOf } from './batches';
import { linesOf, type SideLines } from './worker';
import { sideLinesOf } from './worker/job';

// A replay batch crosses to the background sandbox process and back as texts (worker/job.ts):
// what the isolate gets and what the core stores must be what the per-value form gave.

const row = (position: number, event: string | null, source: string | null, messageId: string | null) => ({ position, event_seq: position + 1, event, source_id: source, message_id: messageId });

describe('a replay batch as texts', () => {
  it('gives the isolate the events as stored and the metadata JSON.stringify makes of each event, in order', () => {
    const events = ['{"messageId":"a","type":"track"}', '{"type":"identify","messageId":"b"}', '{"messageId":"c"}', '{"messageId":"d","n":1}'];
    const batch = prepareBatch([row(0, events[0]!, 's1', 'a'), row(1, events[1]!, 's2', 'b'), row(2, null, 's1', 'x'), row(3, events[2]!, null, 'c'), row(4, events[3]!, 's1', null)]);
    const targets = [{ transformationId: 't1', versionId: 'v1' }, { transformationId: null, versionId: null }];
    const job = batchJob(batch, targets, 'w');
    expect(job.count).toBe(4);
    expect(JSON.parse(`[${job.events}]`)).toEqual(events.map((e) => JSON.parse(e)));
    const sources = ['s1', 's2', undefined, undefined];
    targets.forEach((target, side) => {
      expect(job.metadata[side]).toBe(JSON.stringify(sources.map((source) => metadataOf(source, target, 'w'))));
    });
    // The missing event's row is kept (stored as missing), without its text.
    expect(batch.missing).toEqual(new Set([2]));
    expect(batch.rows.map((r) => r.position)).toEqual([0, 1, 2, 3, 4]);
  });

  it('brings back each event its own output text and its own errors', () => {
    const lines = ['[{"a":1}]', '[]', '[{"b":"x\\ny"},{"c":2}]', '[]'];
    const grouped = { lines, text: lines.join('\n'), counts: [1, 0, 2, 0], errors: [[], ['first', 'second'], [], ['only']], logs: ['Log: hi'], orphans: { json: '[]', count: 0 } };
    const crossed: SideLines = sideLinesOf(grouped);
    expect(crossed.errors).toEqual([
      [1, ['first', 'second']],
      [3, ['only']],
    ]);
    expect(linesOf(crossed)).toEqual(lines);
    const batch = prepareBatch(lines.map((_, i) => row(i, '{}', 's', `m${i}`)));
    const side = sideResultOf(batch, { ok: crossed, durationMs: 1 });
    expect(side.outcomes).toEqual([
      { json: lines[0], count: 1, error: null },
      { json: lines[1], count: 0, error: 'first\nsecond' },
      { json: lines[2], count: 2, error: null },
      { json: lines[3], count: 0, error: 'only' },
    ]);
    expect(side.logs).toEqual(['Log: hi']);
  });

  it('refuses an answer with fewer lines than events', () => {
    expect(() => linesOf({ text: '[]', counts: [0, 0], errors: [], logs: [], orphans: { json: '[]', count: 0 } })).toThrow(/fewer output lines/);
  });
});
