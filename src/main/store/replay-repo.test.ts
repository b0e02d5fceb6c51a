import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { replayRepo, type ReplayResultWrite } from './replay-repo';

const tempDb = () => openDatabase(join(mkdtempSync(join(tmpdir(), 'replay-repo-')), 'studio.db'));

const result = (position: number, outputsA: string, outputsB: string | null, change: string | null): ReplayResultWrite => ({
  position,
  eventSeq: null,
  messageId: `m${position}`,
  outputsA,
  errorA: null,
  outputsB,
  errorB: null,
  change,
  paths: null,
  durationMs: 0.1,
});

describe('replay repository', () => {
  it('writes B outputs equal to A once and reads them back as B, filters included', () => {
    const db = tempDb();
    const repo = replayRepo(db);
    const run = { id: 'r1', kind: 'compare', name: 'c', source: '{}', target_a: '{}', target_b: '{}', summary: '{}', created_at: '2026-01-01T00:00:00.000Z' };
    const inputs = ['{"a":1}', '{"a":2}', '{"a":3}', '{"a":4}'].map((event) => ({ seq: null, event }));
    repo.create(run, inputs);
    repo.writeBatch(
      'r1',
      0,
      '[]',
      '[]',
      [
        result(0, '[{"a":1}]', '[{"a":1}]', 'unchanged'),
        result(1, '[{"a":2}]', '[{"a":2,"b":true}]', 'changed'),
        result(2, '[]', '[]', 'unchanged'),
        result(3, '[{"a":4}]', '[]', 'dropped'),
      ],
      4,
      '{}',
    );
    const stored = db.prepare('SELECT position, outputs_b FROM replay_results ORDER BY position').all() as { outputs_b: string }[];
    // Equal texts are stored once: B's copy is a marker, not a second copy of the outputs.
    expect(stored.map((r) => r.outputs_b)).toEqual(['=', '[{"a":2,"b":true}]', '=', '[]']);

    const { rows, total } = repo.results('r1', {}, 0, 10);
    expect(total).toBe(4);
    expect(rows.map((r) => [r.outputs_a, r.outputs_b])).toEqual([
      ['[{"a":1}]', '[{"a":1}]'],
      ['[{"a":2}]', '[{"a":2,"b":true}]'],
      ['[]', '[]'],
      ['[{"a":4}]', '[]'],
    ]);
    // Dropped by B: the event B drops, and the one both drop (its B outputs are the marker).
    expect(repo.results('r1', { dropped: true }, 0, 10).rows.map((r) => r.position)).toEqual([2, 3]);
    expect(repo.resultsAt('r1', [0, 2]).map((r) => r.outputs_b)).toEqual(['[{"a":1}]', '[]']);
  });

  it('keeps B absent on replay runs (one side)', () => {
    const repo = replayRepo(tempDb());
    repo.create({ id: 'r2', kind: 'replay', name: 'r', source: '{}', target_a: '{}', target_b: null, summary: '{}', created_at: '2026-01-01T00:00:00.000Z' }, [{ seq: null, event: '{}' }]);
    repo.writeBatch('r2', 0, '[]', null, [result(0, '[]', null, null)], 1, '{}');
    expect(repo.results('r2', {}, 0, 10).rows[0]).toMatchObject({ outputs_a: '[]', outputs_b: null });
    expect(repo.results('r2', { dropped: true }, 0, 10).total).toBe(1);
  });

  it('appends a batch only where the run is (in order, once), with the summary it had', () => {
    const db = tempDb();
    const repo = replayRepo(db);
    const run = { id: 'r3', kind: 'replay', name: 'r', source: '{}', target_a: '{}', target_b: null, summary: '{"n":0}', created_at: '2026-01-01T00:00:00.000Z' };
    repo.create(run, ['{"a":1}', '{"a":2}', '{"a":3}'].map((event) => ({ seq: null, event })));
    const seen: string[] = [];
    const batch = (positions: number[], done: number) => (summary: string) => {
      seen.push(summary);
      const n = (JSON.parse(summary) as { n: number }).n + positions.length;
      return { logsA: '[]', logsB: null, results: positions.map((p) => result(p, '[{}]', null, null)), done, summary: JSON.stringify({ n }) };
    };
    // Out of order (the run is at 0): nothing written, build not called.
    expect(repo.appendBatch('r3', 2, batch([2], 3))).toBe(false);
    expect(repo.appendBatch('r3', 0, batch([0, 1], 2))).toBe(true);
    // The same batch again (a retried request): refused, nothing doubled.
    expect(repo.appendBatch('r3', 0, batch([0, 1], 2))).toBe(false);
    expect(repo.appendBatch('r3', 2, batch([2], 3))).toBe(true);
    expect(repo.appendBatch('gone', 0, batch([0], 1))).toBe(false);
    expect(seen).toEqual(['{"n":0}', '{"n":2}']);
    expect(repo.get('r3')).toMatchObject({ done: 3, summary: '{"n":3}' });
    expect(repo.results('r3', {}, 0, 10).rows.map((r) => r.position)).toEqual([0, 1, 2]);
    expect((db.prepare('SELECT count(*) AS n FROM replay_batches').get() as { n: number }).n).toBe(2);
  });
});
