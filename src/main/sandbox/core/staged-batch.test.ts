import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../index';
import { payloadOf, STAGE_MIN_EVENTS, stagedPayloadOf } from '../protocol/payload';
import { createRunner } from '../child/runner';
import type { RunRequest } from '../protocol/messages';

// A large batch run on the sandbox process's thread enters its isolate in pieces: the process
// parses the first into the isolate while the core serialises the rest. The run must see one
// batch, whatever the isolate's state, and a piece that cannot be made or did not arrive must fail
// the run clearly, never run it on part of the batch.

const events = (n: number, extra: (i: number) => Record<string, unknown> = () => ({})) =>
  Array.from({ length: n }, (_, i) => ({ messageId: `m${i}`, type: 'track', event: `E${i}`, properties: { i }, ...extra(i) }));
const CODE = 'export function transformEvent(e, metadata) { return { ...e, seenAs: metadata(e).messageId }; }';

describe('the staged form of a batch', () => {
  it('pieces and the last part hold the events of the whole payload, in order, with the metadata of all', () => {
    const batch = events(201);
    const metadata = batch.map((e) => ({ messageId: e.messageId, sourceId: 's' }));
    const staged = stagedPayloadOf(batch, metadata);
    expect(staged.pieces.length).toBeGreaterThan(0);
    const last = JSON.parse(staged.last(7)) as { e: unknown[]; m: unknown[]; s: number };
    expect(last.s).toBe(7);
    expect([...staged.pieces.flatMap((piece) => JSON.parse(piece()) as unknown[]), ...last.e]).toEqual(batch);
    expect(last.m).toEqual(metadata);
    expect(staged.whole()).toBe(payloadOf({ code: '', events: batch, metadata }));
  });
});

describe('a batch in pieces through the sandbox', () => {
  const staged = createSandbox({ timeoutMs: 2000, stageBatches: true });
  const whole = createSandbox({ timeoutMs: 2000, stageBatches: false });
  afterAll(() => {
    staged.close();
    whole.close();
  });

  const inPieces = (sandbox: typeof staged) => sandbox.processes().reduce((n, p) => n + p.runsInPieces, 0);

  it('cold and warm, the results are those of the batch sent whole', async () => {
    for (let round = 0; round < 3; round++) {
      const input = { code: CODE, events: events(STAGE_MIN_EVENTS * 2) };
      const a = await whole.transform(input);
      const b = await staged.transform(input);
      expect(b.results).toEqual(a.results);
      expect(b.results.map((r) => r.output?.seenAs)).toEqual(input.events.map((e) => e.messageId));
    }
    // The cold run came whole; the warm ones in pieces.
    expect(inPieces(staged)).toBe(2);
    expect(inPieces(whole)).toBe(0);
  });

  it('an event that cannot be JSON in either piece: a clear refusal; the warm isolate is kept and the next run is whole and right', async () => {
    // The module counts the events it saw (each batch in a fresh context: 200 at its end); the
    // process's count of isolates made says the warm one was kept.
    const counting = 'let seen = 0; export function transformEvent(e) { seen++; return { ...e, seen }; }';
    const made = () => staged.processes().reduce((sum, p) => sum + p.isolatesMade, 0);
    const first = await staged.transform({ code: counting, events: events(200) });
    expect(first.results.at(-1)!.output?.seen).toBe(200);
    const isolates = made();
    for (const bad of [10, 190]) {
      const input = { code: counting, events: events(200, (i) => (i === bad ? { big: 10n } : {})) as Record<string, unknown>[] };
      await expect(staged.transform(input)).rejects.toMatchObject({ code: 'bad_request', message: expect.stringMatching(/^events cannot be converted to JSON: .*BigInt/) });
      const next = await staged.transform({ code: counting, events: events(200) });
      expect(next.results.map((r) => r.output?.messageId)).toEqual(events(200).map((e) => e.messageId));
      expect(next.results.at(-1)!.output?.seen).toBe(200);
      expect(made()).toBe(isolates);
    }
  });

  it('a piece past the memory limit fails the run with the memory limit\'s message; the next run works', async () => {
    const small = createSandbox({ timeoutMs: 4000, memoryLimitMb: 16, stageBatches: true });
    try {
      await small.transform({ code: CODE, events: events(200) });
      const huge = events(200, () => ({ blob: 'x'.repeat(200_000) }));
      await expect(small.transform({ code: CODE, events: huge })).rejects.toThrow(/Memory limit exceeded|the sandbox process crashed/);
      const after = await small.transform({ code: CODE, events: events(200) });
      expect(after.results.map((r) => r.output?.seenAs)).toEqual(events(200).map((e) => e.messageId));
    } finally {
      small.close();
    }
  }, 60_000);
});

describe('the sandbox process puts the pieces together', () => {
  const runner = createRunner();
  afterAll(() => runner.close());
  const request = (id: number, payload: string, staged?: number): RunRequest => ({
    type: 'run',
    id,
    key: 'staged',
    name: 'staged',
    code: CODE,
    libraries: [],
    memoryLimitMb: 64,
    timeoutMs: 2000,
    runtime: { maxOutputChars: 1 << 24, maxPendingCalls: 10 },
    payload,
    limits: { timeoutMs: 2000, memoryLimitMb: 64, wallTimeoutMs: 5000, requestTimeoutMs: 1000, maxHostCalls: 10 },
    allowPrivateNetwork: false,
    credentials: {},
    mode: { kind: 'process-thread', parts: false, staged: staged ?? 0 },
  });
  const ids = (json: string | undefined) => (JSON.parse(json!) as { r: [number, number, { seenAs: string }][] }).r.map((entry) => entry[2].seenAs);

  it('pieces that came before any isolate was warm, then into a warm one', async () => {
    for (const id of [1, 2]) {
      const batch = events(150);
      const parts = stagedPayloadOf(batch, undefined);
      parts.pieces.forEach((piece) => runner.stage({ type: 'stage', id, key: 'staged', text: piece(), timeoutMs: 2000 }));
      const answer = await runner.run(request(id, parts.last(id), parts.pieces.length));
      expect(ids(answer.json)).toEqual(batch.map((e) => e.messageId));
    }
  });

  it('a run missing a piece fails saying so; pieces of a run that never comes are let go', async () => {
    const batch = events(150);
    const parts = stagedPayloadOf(batch, undefined);
    await expect(runner.run(request(3, parts.last(3), 1))).rejects.toThrow('the sandbox process received 0 of the 1 pieces of the batch');
    runner.stage({ type: 'stage', id: 4, key: 'staged', text: parts.pieces[0]!(), timeoutMs: 2000 });
    runner.unstage(4);
    // Pieces staged under another id are not taken for this run.
    await expect(runner.run(request(5, parts.last(4), 1))).rejects.toThrow('received 0 of the 1 pieces');
    const answer = await runner.run(request(6, payloadOf({ code: '', events: batch })));
    expect(ids(answer.json)).toEqual(batch.map((e) => e.messageId));
  });

  it('the isolate answers a fatal error (never a run on part of the batch) for a payload naming pieces it did not get', async () => {
    const batch = events(150);
    const parts = stagedPayloadOf(batch, undefined);
    runner.stage({ type: 'stage', id: 7, key: 'staged', text: parts.pieces[0]!(), timeoutMs: 2000 });
    // The process's count matches, but the last part names another id: the isolate holds no pieces of it.
    const answer = await runner.run(request(7, parts.last(99), 1));
    expect(JSON.parse(answer.json!)).toEqual({ f: 'internal sandbox error: the batch arrived incomplete' });
  });
});
