import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStore, type Store } from '../store';
import { deliverBatch } from './batch-delivery';
import { listDeliveries, STANDINGS, standingCounts } from './deliveries-query';
import { normaliseConfig } from './destination-config';
import { createSink } from './sinks';

// Retries as webhook senders do them (issue 37, point 3), on a clock the test drives: the real
// store, the live pipeline's batch (deliverBatch, as the destination's worker runs it), its sink
// (one attempt per round) and a real HTTP receiver. "Max attempts 5" is five attempts in total.

let dir: string;
let store: Store;
let receiver: Server;
let url: string;
/** The receiver's answers, in order (the last one repeats); what it was asked. */
let answers: number[] = [];
let asked = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'retry-sequence-'));
  store = createStore(join(dir, 'studio.db'));
  store.sources.create({ id: 'src-1', name: 'App', writeKey: 'wk-1', enabled: true });
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const status = answers[Math.min(asked, answers.length - 1)]!;
      asked++;
      res.writeHead(status).end(status >= 300 ? 'receiver down' : 'ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
});
afterAll(async () => {
  await new Promise<void>((r) => receiver.close(() => r()));
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const T0 = Date.parse('2026-03-02T09:35:00.000Z');

/** A webhook destination with its schedule, one captured event, and a way to run one round at the clock's time. */
function scenario(id: string, schedule: Record<string, number>) {
  const destination = store.destinations.create({
    id, name: id, kind: 'webhook', enabled: true, transformationId: null, sourceIds: ['src-1'],
    config: normaliseConfig('webhook', { url, ...schedule }),
  });
  const receivedAt = new Date(T0).toISOString();
  const { firstSeq: seq } = store.events.capture({ sourceId: 'src-1', callType: 'track', requestIp: '127.0.0.1', receivedAt, body: '{}' }, [
    { type: 'track', eventName: 'Order Completed', userId: 'u1', anonymousId: null, messageId: `${id}-1`, json: JSON.stringify({ type: 'track', event: 'Order Completed', userId: 'u1', messageId: `${id}-1` }) },
  ]);
  const sink = createSink(destination, dir, true);
  const clock = { now: T0 };
  const round = (retried?: number[]) =>
    deliverBatch(
      { store, workspaceId: 'ws', sandbox: undefined, destination, sink, rows: store.events.getMany([seq]), next: seq, retried, transientFailures: 0, now: () => new Date(clock.now) },
      new AbortController().signal,
    );
  const rows = () => listDeliveries(store.deliveries, { destinationId: id, limit: 50 }).deliveries;
  const due = (at: number) => store.deliveryHealth.nextRetries(id, 10, new Date(at).toISOString());
  /** The destination card's counts (GET /studio/api/destinations: delivery.standings). */
  const card = () => standingCounts(store.deliveryHealth.standingGroups(id));
  /** How many rows the deliveries filter finds per standing (the Dashboard's and the Status filter's numbers): the card's. */
  const filtered = () => Object.fromEntries(STANDINGS.map((standing) => [standing, listDeliveries(store.deliveries, { destinationId: id, standing, limit: 50 }).deliveries.length]));
  return { seq, clock, round, rows, due, card, filtered };
}

describe('retries over time, on a driven clock', () => {
  it('max attempts 5, first retry 5 s, longest wait 20 s, a receiver that stays down: 5 attempts in total, each next time ahead, then given up', async () => {
    answers = [500];
    asked = 0;
    const s = scenario('hook-down', { maxAttempts: 5, retryMinBackoffMs: 5_000, retryMaxBackoffMs: 20_000 });
    const waits: number[] = [];
    await s.round();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const rows = s.rows();
      expect(rows).toHaveLength(1); // one row per event, whatever its number of attempts
      const [row] = rows;
      expect(row!.status).toBe('failed');
      expect(row!.attempts).toBe(attempt);
      expect(row!.attemptLog.map((a) => a.statusCode)).toEqual(Array(attempt).fill(500));
      expect(asked).toBe(attempt);
      if (attempt === 5) {
        expect(row!.retry).toEqual({ state: 'gave-up', attempts: 5, maxAttempts: 5, nextAttemptAt: null });
        expect(row!.standing).toBe('gave-up'); // the row's one standing, derived with its retry
        expect(s.card()).toEqual({ delivered: 0, retrying: 0, 'gave-up': 1, failed: 0, dropped: 0, filtered: 0 }); // the card counts it as its row shows it
        expect(s.filtered()).toEqual({ delivered: 0, retrying: 0, 'gave-up': 1, failed: 0, dropped: 0, filtered: 0 }); // the filter finds what the card counts
        expect(row!.error).toBe('HTTP 500: receiver down');
        break;
      }
      expect(row!.retry).toEqual({ state: 'retrying', attempts: attempt, maxAttempts: 5, nextAttemptAt: expect.any(String) });
      expect(row!.standing).toBe('retrying'); // not "failed" above "retrying (attempt n of 5 …)"
      expect(s.card()).toEqual({ delivered: 0, retrying: 1, 'gave-up': 0, failed: 0, dropped: 0, filtered: 0 }); // not "1 failed" on the card
      expect(s.filtered()).toEqual({ delivered: 0, retrying: 1, 'gave-up': 0, failed: 0, dropped: 0, filtered: 0 }); // the filter finds what the card counts
      const next = Date.parse(row!.retry!.nextAttemptAt!);
      expect(next).toBeGreaterThan(s.clock.now); // a time ahead, never one that has passed
      expect(store.deliveryHealth.health('hook-down')).toMatchObject({ retrying: 1, nextAttemptAt: row!.retry!.nextAttemptAt });
      expect(s.due(next - 1)).toEqual([]); // not before its time
      waits.push(next - s.clock.now);
      s.clock.now = next;
      expect(s.due(s.clock.now)).toEqual([s.seq]);
      await s.round([s.seq]);
    }
    // 5 s doubling, capped at 20 s, each ±20%.
    [5_000, 10_000, 20_000, 20_000].forEach((base, i) => {
      expect(waits[i]).toBeGreaterThanOrEqual(base * 0.8);
      expect(waits[i]).toBeLessThanOrEqual(base * 1.2);
    });
    // Given up: nothing queued, however late it gets.
    expect(store.deliveryHealth.health('hook-down')).toMatchObject({ retrying: 0, nextAttemptAt: null });
    expect(s.due(s.clock.now + 86_400_000)).toEqual([]);

    // "Retry now" is one attempt more by hand, not a new allowance of five.
    expect(store.deliveryHealth.retryFailed('hook-down')).toBe(1);
    const [queued] = s.rows();
    expect(queued!.retry).toMatchObject({ state: 'retrying', attempts: 5 });
    expect(queued!.standing).toBe('retrying');
    expect(s.card()).toMatchObject({ retrying: 1, 'gave-up': 0, failed: 0 });
    s.clock.now = Date.now() + 1000; // "Retry now" is due at the wall clock's now
    expect(s.due(s.clock.now)).toEqual([s.seq]);
    await s.round([s.seq]);
    const [after] = s.rows();
    expect(after!.attempts).toBe(6);
    expect(after!.retry).toEqual({ state: 'gave-up', attempts: 6, maxAttempts: 5, nextAttemptAt: null });
    expect(asked).toBe(6);
  });

  it('a receiver back for the third attempt: delivered on one row with its three attempts, nothing left to retry', async () => {
    answers = [503, 502, 200];
    asked = 0;
    const s = scenario('hook-back', { maxAttempts: 5, retryMinBackoffMs: 5_000, retryMaxBackoffMs: 20_000 });
    await s.round();
    for (const attempt of [1, 2]) {
      const [row] = s.rows();
      expect(row!.retry).toMatchObject({ state: 'retrying', attempts: attempt, maxAttempts: 5 });
      s.clock.now = Date.parse(row!.retry!.nextAttemptAt!);
      await s.round([s.seq]);
    }
    const rows = s.rows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'delivered', standing: 'delivered', attempts: 3, retry: null, nextAttemptAt: null });
    expect(rows[0]!.attemptLog.map((a) => a.statusCode)).toEqual([503, 502, 200]);
    expect(store.deliveryHealth.health('hook-back')).toMatchObject({ retrying: 0, nextAttemptAt: null });
    expect(s.card()).toEqual({ delivered: 1, retrying: 0, 'gave-up': 0, failed: 0, dropped: 0, filtered: 0 });
    expect(s.filtered()).toEqual({ delivered: 1, retrying: 0, 'gave-up': 0, failed: 0, dropped: 0, filtered: 0 }); // the filter finds what the card counts
  });

  it('max attempts 1: the first failure is the last', async () => {
    answers = [500];
    asked = 0;
    const s = scenario('hook-once', { maxAttempts: 1 });
    await s.round();
    const [row] = s.rows();
    expect(row).toMatchObject({ status: 'failed', standing: 'gave-up', attempts: 1, retry: { state: 'gave-up', attempts: 1, maxAttempts: 1, nextAttemptAt: null } });
    expect(s.card()).toEqual({ delivered: 0, retrying: 0, 'gave-up': 1, failed: 0, dropped: 0, filtered: 0 });
    expect(s.filtered()).toEqual({ delivered: 0, retrying: 0, 'gave-up': 1, failed: 0, dropped: 0, filtered: 0 }); // the filter finds what the card counts
    expect(s.due(T0 + 86_400_000)).toEqual([]);
    expect(asked).toBe(1);
  });
});
