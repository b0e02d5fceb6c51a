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
      const outputs = { a: positions.map((p) => `[{"p":${p}}]`).join('\n'), b: null, messageIds: JSON.stringify(positions.map((p) => `m${p}`)), durationMs: 0.5 };
      return { logsA: '[]', logsB: null, outputs, results: [], done, summary: JSON.stringify({ n }) };
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
    // Every event's outputs are in its batch's row; none has a row of its own (none failed or dropped).
    expect(repo.results('r3', {}, 0, 10).rows.map((r) => [r.position, r.outputs_a, r.message_id, r.batch_position])).toEqual([
      [0, '[{"p":0}]', 'm0', 0],
      [1, '[{"p":1}]', 'm1', 0],
      [2, '[{"p":2}]', 'm2', 2],
    ]);
    expect((db.prepare('SELECT count(*) AS n FROM replay_batches').get() as { n: number }).n).toBe(2);
    expect((db.prepare('SELECT count(*) AS n FROM replay_batch_outputs').get() as { n: number }).n).toBe(2);
    expect((db.prepare('SELECT count(*) AS n FROM replay_results').get() as { n: number }).n).toBe(0);
  });

  it('reads a compare stored per batch: rows of their own only for the events a filter finds', () => {
    const db = tempDb();
    const repo = replayRepo(db);
    const run = { id: 'r4', kind: 'compare', name: 'c', source: '{}', target_a: '{}', target_b: '{}', summary: '{}', created_at: '2026-01-01T00:00:00.000Z' };
    repo.create(run, ['{"a":1}', '{"a":2}', '{"a":3}', '{"a":4}'].map((event) => ({ seq: null, event })));
    const linesA = ['[{"a":1}]', '[{"a":2}]', '[]', '[{"a":4}]'];
    const linesB = ['[{"a":1}]', '[{"a":2,"b":true}]', '[]', '[]'];
    const written = repo.appendBatch('r4', 0, () => ({
      logsA: '["Log: a"]',
      logsB: '[]',
      outputs: { a: linesA.join('\n'), b: linesB.join('\n'), messageIds: '["m0","m1","m2","m3"]', durationMs: 0.25 },
      // Event 0 is unchanged and kept: no row of its own.
      results: [result(1, linesA[1]!, linesB[1]!, 'changed'), result(2, '[]', '[]', 'unchanged'), result(3, linesA[3]!, '[]', 'dropped')],
      done: 4,
      summary: '{}',
    }));
    expect(written).toBe(true);
    expect(db.prepare('SELECT position FROM replay_results ORDER BY position').pluck().all()).toEqual([1, 2, 3]);
    const all = repo.results('r4', {}, 0, 10);
    expect(all.total).toBe(4);
    expect(all.rows.map((r) => [r.position, r.outputs_a, r.outputs_b, r.change, r.logs_a])).toEqual([
      [0, linesA[0], linesB[0], 'unchanged', '["Log: a"]'],
      [1, linesA[1], linesB[1], 'changed', '["Log: a"]'],
      [2, '[]', '[]', 'unchanged', '["Log: a"]'],
      [3, linesA[3], '[]', 'dropped', '["Log: a"]'],
    ]);
    expect(all.rows[0]).toMatchObject({ message_id: 'm0', duration_ms: 0.25, error_a: null, error_b: null, input: '{"a":1}' });
    // Paging, and each filter: unchanged finds the events without a row too.
    expect(repo.results('r4', {}, 1, 2).rows.map((r) => r.position)).toEqual([1, 2]);
    expect(repo.results('r4', { changes: ['unchanged'] }, 0, 10)).toMatchObject({ total: 2, rows: [{ position: 0 }, { position: 2 }] });
    expect(repo.results('r4', { changes: ['unchanged'] }, 1, 10).rows.map((r) => r.position)).toEqual([2]);
    expect(repo.results('r4', { changes: ['changed', 'dropped'] }, 0, 10).rows.map((r) => r.position)).toEqual([1, 3]);
    expect(repo.results('r4', { dropped: true }, 0, 10).rows.map((r) => r.position)).toEqual([2, 3]);
    expect(repo.resultsAt('r4', [3, 0, 9]).map((r) => [r.position, r.outputs_b])).toEqual([
      [0, linesB[0]],
      [3, '[]'],
    ]);
  });
});
