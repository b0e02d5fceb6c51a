import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../index';
import { isolatesMade } from '../../testing/sandbox-helpers';
import { groupByEvent, readGroupedAnswer, readGroupedLines } from '../protocol/grouped';

// Replay's answers are grouped per input event inside the isolate (runtime/answer.js). They must
// be exactly what the general path gives: the isolate's document of entries read by readRunAnswer
// and grouped by groupByEvent, each output with the input index it carries.

const sandbox = createSandbox({ processes: 1, memoryLimitMb: 64 });
afterAll(() => sandbox.close());

const input = ['keep', 'drop', 'split', 'fail', 'number', 'tojson', 'bigint', 'keep'].map((event, i) => ({
  messageId: `m${i}`,
  type: 'track',
  event,
  properties: { i, text: 'line\nfeed \u2028 "quoted"' },
}));

const CASES: Record<string, string> = {
  'transformEvent: kept, dropped, split, thrown, not an object, toJSON, BigInt, logs': `export function transformEvent(e) {
    log('seen', e.messageId);
    if (e.event === 'drop') return null;
    if (e.event === 'split') return [{ ...e, part: 1 }, { ...e, part: 2 }];
    if (e.event === 'fail') throw new Error('nope ' + e.messageId);
    if (e.event === 'number') return 42;
    if (e.event === 'tojson') return { ...e, toJSON() { return 'not an object'; } };
    if (e.event === 'bigint') return { ...e, big: 10n };
    return { ...e, ok: true };
  }`,
  'async transformEvent': `export async function transformEvent(e) {
    await null;
    if (e.event === 'fail') throw new Error('later ' + e.messageId);
    return e.event === 'drop' ? undefined : { id: e.messageId };
  }`,
  'transformBatch: reordered, an orphan, one left out': `export function transformBatch(events) {
    log('batch of', events.length);
    const out = events.filter((e) => e.event !== 'drop').reverse().map((e) => ({ ...e, seen: true }));
    out.push({ messageId: 'not-an-input', orphan: true });
    return out;
  }`,
  'transformBatch that throws fails every event': `export function transformBatch(events) { throw new Error('whole batch'); }`,
  'transformBatch that answers a non-array': `export function transformBatch(events) { return 5; }`,
  "user code that replaces the realm's JSON.stringify": `
    JSON.stringify = () => '{"forged":1}\\n[{}]';
    export function transformEvent(e) { return e.event === 'drop' ? null : { id: e.messageId, ok: 1 }; }`,
};

describe('answers grouped by the isolate', () => {
  for (const [name, code] of Object.entries(CASES)) {
    it(name, async () => {
      const metadata = input.map((e) => ({ messageId: e.messageId }));
      const grouped = await sandbox.transformGrouped({ code: `${code}\n// grouped`, events: { json: input.map((e) => JSON.stringify(e)) }, metadata });
      const plain = await sandbox.transform({ code: `${code}\n// plain`, events: input, metadata });
      const { perEvent, orphans } = groupByEvent(plain.results, input.length);
      expect(grouped.outputs.map((text) => JSON.parse(text.toString()))).toEqual(perEvent.map((p) => p.outputs));
      expect(grouped.counts).toEqual(perEvent.map((p) => p.outputs.length));
      expect(grouped.errors).toEqual(perEvent.map((p) => p.errors));
      expect(grouped.logs).toEqual(plain.logs);
      // Outputs naming no input come apart, in the order the general path gives them.
      expect(JSON.parse(grouped.orphans)).toEqual(orphans);
    }, 30_000);
  }

  it('inputs sharing a messageId: each output stays with the input it came from, on both paths', async () => {
    const events = [
      { messageId: 'same', type: 'track', event: 'first' },
      { messageId: 'same', type: 'track', event: 'second' },
      { type: 'track', event: 'none' },
      { type: 'track', event: 'none' },
    ];
    const code = `export function transformEvent(e) { return { ...e, seen: e.event }; }`;
    const metadata = events.map(() => ({}));
    const grouped = await sandbox.transformGrouped({ code, events: { json: events.map((e) => JSON.stringify(e)) }, metadata });
    const plain = await sandbox.transform({ code, events, metadata });
    expect(plain.results.map((r) => r.index)).toEqual([0, 1, 2, 3]);
    const expected = events.map((e) => [{ ...e, seen: e.event }]);
    expect(groupByEvent(plain.results, events.length).perEvent.map((p) => p.outputs)).toEqual(expected);
    expect(grouped.outputs.map((text) => JSON.parse(text.toString()))).toEqual(expected);
  }, 30_000);

  it('an answer over the output limit fails the run, as the general path does', async () => {
    const small = createSandbox({ processes: 1, memoryLimitMb: 64, maxOutputBytes: 2000 });
    try {
      const code = `export function transformEvent(e) { return { ...e, pad: 'x'.repeat(500) }; }`;
      const metadata = input.map((e) => ({ messageId: e.messageId }));
      await expect(small.transformGrouped({ code, events: { json: input.map((e) => JSON.stringify(e)) }, metadata })).rejects.toThrow(/Output too large/i);
      await expect(small.transform({ code, events: input, metadata })).rejects.toThrow(/Output too large/i);
    } finally {
      small.close();
    }
  }, 30_000);

  it('a grouped answer that does not hold together is refused', () => {
    const header = (h: object) => JSON.stringify({ l: [], li: [], d: 0, ...h });
    expect(() => readGroupedAnswer(`${header({ c: [1], e: [[]] })}\n[{"a":1}]`, 1, 100).outputs).not.toThrow();
    expect(() => readGroupedAnswer(`${header({ c: [1], e: [[]] })}\n[{"a":1}]\n[]`, 1, 100)).toThrow(/cannot be read/);
    expect(() => readGroupedAnswer(`${header({ c: [0], e: [[]] })}\n[{"a":1}]`, 1, 100)).toThrow(/cannot be read/);
    expect(() => readGroupedAnswer(`${header({ c: [1], e: [[]] })}\n{"a":1}`, 1, 100)).toThrow(/cannot be read/);
    expect(() => readGroupedAnswer(`${header({ c: [1], e: [[3]] })}\n[{"a":1}]`, 1, 100)).toThrow(/cannot be read/);
    expect(() => readGroupedAnswer(`${header({ c: [-1], e: [[]] })}\n[]`, 1, 100)).toThrow(/cannot be read/);
    expect(() => readGroupedAnswer('{"f":"output-too-large"}', 1, 100)).toThrow(/Output too large/i);
    expect(() => readGroupedAnswer('nope', 1, 100)).toThrow(/cannot be read/);
  });
});

describe("a grouped answer's lines as one text", () => {
  const header = (h: object) => JSON.stringify({ l: [], li: [], d: 0, ...h });
  it('is the span of the answer that holds the events lines, without the orphans line (replay sends it as it is)', () => {
    const lines = ['[{"a":"x\\ny \u00e9"}]', '[]', '[{"b":1},{"c":2}]'];
    const whole = readGroupedLines(`${header({ c: [1, 0, 2], e: [[], [], []] })}\n${lines.join('\n')}`, 3, 1000);
    expect(whole.lines).toEqual(lines);
    expect(whole.text).toBe(lines.join('\n'));
    const withOrphans = readGroupedLines(`${header({ c: [1, 0, 2], e: [[], [], []], o: 1 })}\n${lines.join('\n')}\n[{"new":true}]`, 3, 1000);
    expect(withOrphans.text).toBe(lines.join('\n'));
    expect(withOrphans.orphans).toEqual({ json: '[{"new":true}]', count: 1 });
    expect(readGroupedLines(`${header({ c: [], e: [], o: 1 })}\n[{"new":true}]`, 0, 1000).text).toBe('');
    // The bytes the core gets for a pipeline batch are the same text's.
    expect(Buffer.from(readGroupedAnswer(`${header({ c: [1, 0, 2], e: [[], [], []] })}\n${lines.join('\n')}`, 3, 1000).outputs).toString()).toBe(lines.join('\n'));
  });
});

describe('replay batches of one version in flight together', () => {
  it('run one after the other on the one warm isolate, in the order they were sent', async () => {
    const code = `let seen = 0;
    export function transformEvent(e) { seen++; return { ...e, seen }; }`;
    const batch = (from: number) => {
      const events = Array.from({ length: 5 }, (_, i) => ({ messageId: `p${from + i}`, type: 'track', event: 'E' }));
      return { code, events: { json: events.map((e) => JSON.stringify(e)) }, metadata: events.map((e) => ({ messageId: e.messageId })) };
    };
    await sandbox.transformGrouped(batch(0)); // warms the isolate
    const made = isolatesMade(sandbox);
    const answers = await Promise.all([batch(5), batch(10), batch(15)].map((b) => sandbox.transformGrouped(b)));
    const seen = answers.map((a) => a.outputs.map((t) => (JSON.parse(t.toString()) as { seen: number }[])[0]!.seen));
    // One isolate (no other was made), each batch in a fresh context: its module state starts over.
    expect(seen).toEqual([
      [1, 2, 3, 4, 5],
      [1, 2, 3, 4, 5],
      [1, 2, 3, 4, 5],
    ]);
    expect(answers.map((a) => a.outputs.map((t) => (JSON.parse(t.toString()) as { messageId: string }[])[0]!.messageId)[0])).toEqual(['p5', 'p10', 'p15']);
    const next = await sandbox.transformGrouped(batch(20));
    expect(JSON.parse(next.outputs[0]!.toString())[0].seen).toBe(1);
    expect(isolatesMade(sandbox)).toBe(made);
  }, 30_000);
});

describe('a warm isolate fed many batches', () => {
  it('stays small: the external memory of the copied batches is collected between runs', async () => {
    const warm = createSandbox({ processes: 1, memoryLimitMb: 128 });
    try {
      const code = 'export function transformEvent(e) { return { id: e.messageId }; }';
      // About 1 MB of event text per batch: 200 batches copy 200 MB into the isolate.
      const events = Array.from({ length: 100 }, (_, i) => JSON.stringify({ messageId: `w${i}`, type: 'track', pad: 'x'.repeat(10_000) }));
      const metadata = events.map((_, i) => ({ messageId: `w${i}` }));
      let peakHeapMb = 0;
      for (let i = 0; i < 200; i++) {
        await warm.transformGrouped({ code, events: { json: events }, metadata });
        peakHeapMb = Math.max(peakHeapMb, ...warm.processes().map((p) => p.heapMb));
      }
      // V8 on its own lets the copies pile up past 64 MB before a full collection.
      expect(peakHeapMb).toBeGreaterThan(0);
      expect(peakHeapMb).toBeLessThan(40);
    } finally {
      warm.close();
    }
  }, 60_000);
});

describe('a replay batch waiting behind the one before it', () => {
  it('is not taken for a stuck process: its deadline covers the wait', async () => {
    // Each batch takes 1.5 s of a 2 s wall limit; the second waits 1.5 s for the first, so it
    // answers about 3 s after it was sent: past one wall limit plus the grace, within two.
    const slow = createSandbox({ processes: 1, timeoutMs: 2000, wallTimeoutMs: 2000, graceMs: 200 });
    try {
      // The warm-up only makes the isolate: it does not spin.
      const code = "export function transformEvent(e) { const end = Date.now() + (e.messageId === 'warm' ? 0 : 1500); while (Date.now() < end) {} return e; }";
      const batch = (id: string) => ({ code, events: { json: [JSON.stringify({ messageId: id, type: 'track' })] }, metadata: [{ messageId: id }] });
      await slow.transformGrouped(batch('warm'));
      const [first, second] = await Promise.all([slow.transformGrouped(batch('a')), slow.transformGrouped(batch('b'))]);
      expect([first.counts, second.counts]).toEqual([[1], [1]]);
    } finally {
      slow.close();
    }
  }, 30_000);
});
