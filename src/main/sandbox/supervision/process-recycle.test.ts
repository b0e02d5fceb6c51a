import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../index';

// A sandbox process keeps native memory its isolates and batches used (the allocator does not give
// it back), so one that has grown past the recycle limit is replaced: it answers the runs it has,
// takes no new ones and exits; the next run starts another process. Nothing fails meanwhile.

const CODE = 'export function transformEvent(e) { return { ...e, seen: true }; }';
const events = (n: number) => Array.from({ length: n }, (_, i) => ({ messageId: `m${i}`, type: 'track', event: 'E', properties: { i, pad: 'x'.repeat(200) } }));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('sandbox process recycling', () => {
  // Every process has more than 1 MB resident: with this limit each run's process is recycled.
  const recycling = createSandbox({ processes: 1, recycleRssMb: 1, memoryLimitMb: 32 });
  // The default limit (256 MB) is far above what a few small runs take.
  const steady = createSandbox({ processes: 1, memoryLimitMb: 32 });
  afterAll(() => {
    recycling.close();
    steady.close();
  });

  it('a process past the limit finishes its runs, exits, and the next run gets a new process', async () => {
    const pids: number[] = [];
    for (let round = 0; round < 3; round++) {
      // Two runs at once on the process about to be recycled: both are answered.
      const [a, b] = await Promise.all([recycling.transform({ code: CODE, events: events(20) }), recycling.transform({ code: `${CODE}\n// b`, events: events(20) })]);
      expect(a.results).toHaveLength(20);
      expect(b.results.every((r) => r.output?.seen === true)).toBe(true);
      const out = await recycling.transform({ code: CODE, events: events(1) });
      expect(out.results[0]!.output).toMatchObject({ messageId: 'm0', seen: true });
      pids.push(...recycling.processes().map((p) => p.pid));
    }
    expect(new Set(pids).size).toBeGreaterThanOrEqual(2);
    await expect.poll(() => pids.slice(0, -1).filter(alive), { timeout: 10_000 }).toEqual([]);
  }, 60_000);

  it('under the limit the warm process is kept', async () => {
    await steady.transform({ code: CODE, events: events(5) });
    const [first] = steady.processes();
    for (let i = 0; i < 5; i++) await steady.transform({ code: CODE, events: events(5) });
    expect(steady.processes().map((p) => p.pid)).toEqual([first!.pid]);
  }, 60_000);
});

describe('answers per input event (replay)', () => {
  const sandbox = createSandbox({ processes: 1, memoryLimitMb: 32 });
  afterAll(() => sandbox.close());

  it('maps outputs and errors to their input by messageId; outputs come as JSON texts', async () => {
    const code = `export function transformEvent(e) {
      if (e.event === 'drop') return null;
      if (e.event === 'split') return [{ ...e, part: 1 }, { ...e, part: 2 }];
      if (e.event === 'fail') throw new Error('nope ' + e.messageId);
      return { ...e, ok: true };
    }`;
    const input = [
      { messageId: 'a', type: 'track', event: 'keep' },
      { messageId: 'b', type: 'track', event: 'drop' },
      { messageId: 'c', type: 'track', event: 'split' },
      { messageId: 'd', type: 'track', event: 'fail' },
    ];
    const out = await sandbox.transformGrouped({ code, events: { json: input.map((e) => JSON.stringify(e)) }, metadata: input.map((e) => ({ messageId: e.messageId })) });
    expect(out.counts).toEqual([1, 0, 2, 0]);
    expect(out.outputs.map((t) => JSON.parse(t.toString()))).toEqual([[{ ...input[0], ok: true }], [], [{ ...input[2], part: 1 }, { ...input[2], part: 2 }], []]);
    expect(out.errors[3]![0]).toMatch(/nope d/);
    expect(out.errors.slice(0, 3)).toEqual([[], [], []]);
    // The same run through transform() and the pipeline's grouping agrees.
    const plain = await sandbox.transform({ code, events: input, metadata: input.map((e) => ({ messageId: e.messageId })) });
    expect(plain.results.filter((r) => r.output).map((r) => r.output)).toEqual(out.outputs.flatMap((t) => JSON.parse(t.toString())));
  }, 60_000);
});
