import { afterAll, describe, expect, it } from 'vitest';
import { CodeCache } from '../isolate/code-cache';
import { createSandbox } from '../index';
import { SandboxInstance } from '../isolate/instance';
import { payloadOf } from '../protocol/payload';
import { AnswerParts, parseRunAnswer } from '../protocol/answer';
import { runOnInstance } from '../isolate/run';
import type { TransformResult } from '../types';
import { ANSWER_PARTS, MIN_PART_ENTRIES } from '../isolate/runtime-source';

// A transform run's answer comes in parts: the isolate hands out all but the last piece of its
// entries while it serialises the rest, and the core reads each piece as it arrives. What user
// code sees and what the run returns must not change.

const events = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ messageId: `m${i}`, type: 'track', event: `E${i}`, properties: { i, label: `event number ${i}` } }));
const LIMITS = { timeoutMs: 4000, memoryLimitMb: 64, wallTimeoutMs: 10_000, requestTimeoutMs: 1000, maxHostCalls: 10 };
const ENV = { allowPrivateNetwork: false, credential: () => undefined };

function instance(code: string, maxOutputChars = 32 * 1024 * 1024) {
  return SandboxInstance.create(
    { name: 'parts', code, libraries: new Map(), memoryLimitMb: 64, timeoutMs: 4000, runtime: { maxOutputChars, maxPendingCalls: 100 } },
    new CodeCache(),
  );
}

describe('the runtime answers in parts', () => {
  it('hands out all but the last piece of 200 entries, in order, then the answer counting them', async () => {
    const inst = await instance('export function transformEvent(e) { return { ...e, seen: true }; }');
    const parts: string[] = [];
    const json = await runOnInstance(inst, payloadOf({ code: '', events: events(200) }), LIMITS, ENV, { onPart: (piece) => parts.push(piece) });
    inst.dispose();
    expect(parts).toHaveLength(ANSWER_PARTS - 1);
    const answer = JSON.parse(json) as { p: number; r: unknown[][] };
    expect(answer.p).toBe(ANSWER_PARTS - 1);
    const entries = [...parts.flatMap((piece) => JSON.parse(piece) as unknown[][]), ...answer.r];
    expect(entries.map((entry) => entry[0])).toEqual(events(200).map((_, i) => i));
    expect(entries.every((entry) => entry[1] === 0 && (entry[2] as { seen: boolean }).seen)).toBe(true);
  });

  it('answers whole when the entries are fewer than a part, or nobody listens for parts', async () => {
    const inst = await instance('export function transformEvent(e) { return e; }');
    const parts: string[] = [];
    const small = await runOnInstance(inst, payloadOf({ code: '', events: events(MIN_PART_ENTRIES) }), LIMITS, ENV, { onPart: (piece) => parts.push(piece) });
    expect(parts).toHaveLength(0);
    expect(JSON.parse(small)).toMatchObject({ p: 0 });
    const unheard = await runOnInstance(inst, payloadOf({ code: '', events: events(200) }), LIMITS, ENV);
    inst.dispose();
    expect(JSON.parse(unheard)).toMatchObject({ p: 0 });
    expect((JSON.parse(unheard) as { r: unknown[] }).r).toHaveLength(200);
  });

  it('counts the parts toward the output limit: past it, the answer is output-too-large', async () => {
    const inst = await instance('export function transformEvent(e) { return e; }', 12_000);
    const parts: string[] = [];
    const json = await runOnInstance(inst, payloadOf({ code: '', events: events(200) }), LIMITS, ENV, { onPart: (piece) => parts.push(piece) });
    inst.dispose();
    expect(JSON.parse(json)).toEqual({ f: 'output-too-large' });
    expect(parts.reduce((n, piece) => n + piece.length, 0)).toBeLessThanOrEqual(12_000);
  });
});

describe('reading an answer in parts', () => {
  const piece = (from: number, to: number) => JSON.stringify(events(to).slice(from).map((e, k) => [from + k, 0, e]));

  it('puts the pieces before the answer\'s own entries', () => {
    const parts = new AnswerParts();
    parts.add(piece(0, 2));
    parts.add(piece(2, 4));
    const { entries } = parseRunAnswer(JSON.stringify({ p: 2, r: [[4, 1, 'boom']], l: [] }), 1e6, parts);
    expect(entries.map((entry) => (entry as unknown[])[0])).toEqual([0, 1, 2, 3, 4]);
  });

  it('refuses an answer whose count of parts does not match, or a piece that is not a JSON array', () => {
    const one = new AnswerParts();
    one.add(piece(0, 2));
    expect(() => parseRunAnswer(JSON.stringify({ p: 2, r: [] }), 1e6, one)).toThrow('cannot be read');
    expect(() => parseRunAnswer(JSON.stringify({ p: 1, r: [] }), 1e6)).toThrow('cannot be read');
    const broken = new AnswerParts();
    broken.add('{"not":"an array"}');
    expect(() => parseRunAnswer(JSON.stringify({ p: 1, r: [] }), 1e6, broken)).toThrow('cannot be read');
    const cut = new AnswerParts();
    cut.add('[[0,0,{');
    expect(() => parseRunAnswer(JSON.stringify({ p: 1, r: [] }), 1e6, cut)).toThrow('cannot be read');
  });
});

describe('transform results in parts, or run on the sandbox process\'s thread, are the results of one answer', () => {
  // The reference: one answer, the isolate entered on its own thread.
  const whole = createSandbox({ answerInParts: false, syncRuns: false, timeoutMs: 1000 });
  // The default: parts, handed out synchronously by a run entered on the process's thread.
  const inParts = createSandbox({ answerInParts: true, timeoutMs: 1000 });
  // Parts handed out through the ignored callback by a run on the isolate's thread.
  const asyncParts = createSandbox({ answerInParts: true, syncRuns: false, timeoutMs: 1000 });
  afterAll(() => {
    whole.close();
    inParts.close();
    asyncParts.close();
  });

  const cases: Record<string, string> = {
    'changed, logged': 'export function transformEvent(e, metadata) { log("seen", e.properties.i); return { ...e, id: metadata(e).messageId }; }',
    'dropped, split and thrown': `export function transformEvent(e) {
      const i = e.properties.i;
      if (i % 3 === 0) return null;
      if (i % 7 === 0) throw new Error('bad ' + i);
      if (i % 5 === 0) return [e, { ...e, copy: true }];
      if (i % 11 === 0) return 'not an object';
      return e;
    }`,
    'awaited': 'export async function transformEvent(e) { await Promise.resolve(); if (e.properties.i === 150) throw new Error("late"); return { ...e, late: true }; }',
    'a batch, reversed, with foreign objects': 'export function transformBatch(es) { const out = es.slice().reverse().map((e) => ({ ...e })); out.splice(40, 0, 7); out.push({ made: "here" }); return out; }',
    'an output that cannot be JSON': 'export function transformEvent(e) { return e.properties.i === 120 ? { ...e, big: 10n } : e; }',
    'toJSON, in order': 'let n = 0; export function transformBatch(es) { return es.map((e) => ({ ...e, toJSON() { return { id: this.messageId, order: n++ }; } })); }',
  };

  for (const [name, code] of Object.entries(cases)) {
    it(name, async () => {
      const input = { code, events: events(200) };
      // Each sandbox runs the batch twice: the second run is on a warm isolate, which is what
      // goes on the process's thread (and in pieces) in the default sandbox.
      for (const sandbox of [whole, inParts, asyncParts]) await sandbox.transform(input);
      const onThread = inParts.processes().reduce((n, p) => n + p.runsOnThread, 0);
      const a = await whole.transform(input);
      const told: TransformResult[][] = [];
      const b = await inParts.transform({ ...input, onResults: (results) => told.push(results) });
      // The events taken from the text they came in (a request body): the same run.
      const c = await asyncParts.transform({ ...input, eventsSource: JSON.stringify({ code, events: input.events }) });
      expect(inParts.processes().reduce((n, p) => n + p.runsOnThread, 0)).toBe(onThread + 1);
      expect(whole.processes().concat(asyncParts.processes()).every((p) => p.runsOnThread === 0)).toBe(true);
      expect(b.results.length).toBeGreaterThan(MIN_PART_ENTRIES);
      const expected = { results: a.results, logs: a.logs, logEvents: a.logEvents };
      expect({ results: b.results, logs: b.logs, logEvents: b.logEvents }).toEqual(expected);
      expect({ results: c.results, logs: c.logs, logEvents: c.logEvents }).toEqual(expected);
      // onResults was told the results part by part, in order.
      expect(told.length).toBeGreaterThan(1);
      expect(told.flat()).toEqual(b.results);
    });
  }

  it('a run that fails after handing out parts leaves nothing behind for the next run', async () => {
    // Entry 150's toJSON spins: two pieces are out when the time limit ends the run.
    const spin = 'export function transformBatch(es) { return es.map((e, i) => (i === 150 ? { toJSON() { for (;;) {} } } : e)); }';
    for (const sandbox of [inParts, asyncParts]) {
      await sandbox.transform({ code: spin, events: events(100) }); // warm (on the process's thread next)
      await expect(sandbox.transform({ code: spin, events: events(200) })).rejects.toThrow(/time|Timed out|limit/i);
      const after = await sandbox.transform({ code: spin.replace('i === 150', 'false'), events: events(200) });
      expect(after.results.map((r) => r.output?.messageId)).toEqual(events(200).map((e) => e.messageId));
    }
  });

  it('output limit: the same refusal whole or in parts', async () => {
    const small = { maxOutputBytes: 15_000 };
    const w = createSandbox({ ...small, answerInParts: false });
    const p = createSandbox({ ...small, answerInParts: true });
    try {
      const input = { code: 'export function transformEvent(e) { return e; }', events: events(200) };
      await p.transform({ ...input, events: events(10) }); // warm: the refused run is on the process's thread
      const refusal = await w.transform(input).then(() => 'no refusal', (error: Error) => error.message);
      expect(refusal).toMatch(/output/i);
      await expect(p.transform(input)).rejects.toThrow(refusal);
    } finally {
      w.close();
      p.close();
    }
  });
});
