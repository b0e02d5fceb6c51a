import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupByEvent, groupRunAnswer } from './grouped';
import { readRunAnswer } from './answer';

// groupRunAnswer (the sandbox process's per-event answer for replay) must map an isolate answer
// exactly as readRunAnswer + groupByEvent do: the same outputs, errors and logs per input event.

const messageIds = fc.array(fc.option(fc.constantFrom('m1', 'm2', 'm3', 'm4'), { nil: null }), { minLength: 1, maxLength: 8 });
const entry = fc.oneof(
  fc.tuple(fc.integer({ min: -2, max: 10 }), fc.constant(0), fc.dictionary(fc.constantFrom('a', 'b'), fc.integer(), { maxKeys: 2 })),
  fc.tuple(fc.oneof(fc.integer({ min: -2, max: 10 }), fc.constant(1.5), fc.constant('x')), fc.constant(0), fc.oneof(fc.integer(), fc.constant(null), fc.constant([1]))),
  fc.tuple(fc.integer({ min: -2, max: 10 }), fc.constant(1), fc.oneof(fc.string({ maxLength: 5 }), fc.integer())),
  fc.constantFrom('not an entry', 7, null),
);
const answer = fc.record({
  r: fc.array(entry, { maxLength: 12 }),
  l: fc.array(fc.oneof(fc.string({ maxLength: 4 }), fc.integer()), { maxLength: 3 }),
  li: fc.array(fc.integer({ min: -1, max: 9 }), { maxLength: 3 }),
  d: fc.nat(2),
});

function reference(json: string, ids: (string | null)[]) {
  const { results, logs } = readRunAnswer(json, { json: ids.map(() => '') }, ids.map((id) => (id === null ? {} : { messageId: id })), 1000);
  return { perEvent: groupByEvent(results, ids).perEvent, logs };
}

describe('groupRunAnswer', () => {
  it('groups any answer as readRunAnswer + groupByEvent do', () => {
    fc.assert(
      fc.property(messageIds, answer, (ids, a) => {
        const json = JSON.stringify(a);
        expect(groupRunAnswer(json, ids, 1000)).toEqual(reference(json, ids));
      }),
      { numRuns: 500 },
    );
  });

  it('gives a batch error to the events without results, outputs to the first event of a messageId', () => {
    const json = JSON.stringify({ r: [[0, 0, { a: 1 }], [2, 0, { b: 2 }], [-1, 1, 'batch failed']], l: ['x'], li: [0] });
    const { perEvent, logs } = groupRunAnswer(json, ['m1', 'm2', 'm1'], 1000);
    expect(perEvent).toEqual([
      { outputs: [{ a: 1 }, { b: 2 }], errors: [] },
      { outputs: [], errors: ['batch failed'] },
      { outputs: [], errors: ['batch failed'] },
    ]);
    expect(logs).toEqual(['x']);
  });

  it('throws the fatal error of an answer, and on an answer that is not one', () => {
    expect(() => groupRunAnswer(JSON.stringify({ f: 'output-too-large' }), ['m1'], 1000)).toThrow(/Output too large/);
    expect(() => groupRunAnswer('[1]', ['m1'], 1000)).toThrow(/cannot be read/);
    expect(() => groupRunAnswer('{', ['m1'], 1000)).toThrow(/cannot be read/);
  });
});
