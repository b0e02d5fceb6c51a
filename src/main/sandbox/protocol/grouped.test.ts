import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupByEvent } from './grouped';
import { readRunAnswer } from './answer';

// groupByEvent puts every result of a run with the input whose index it carries (the pipeline's
// and the test runner's grouping; the isolate's own grouped answer follows the same rules).

const entry = fc.oneof(
  fc.tuple(fc.integer({ min: -2, max: 10 }), fc.constant(0), fc.dictionary(fc.constantFrom('a', 'b'), fc.integer(), { maxKeys: 2 })),
  fc.tuple(fc.oneof(fc.integer({ min: -2, max: 10 }), fc.constant(1.5), fc.constant('x')), fc.constant(0), fc.oneof(fc.integer(), fc.constant(null), fc.constant([1]))),
  fc.tuple(fc.integer({ min: -2, max: 10 }), fc.constant(1), fc.oneof(fc.string({ maxLength: 5 }), fc.integer())),
  fc.constantFrom('not an entry', 7, null),
);
const answer = fc.record({ r: fc.array(entry, { maxLength: 12 }), l: fc.constant([]), li: fc.constant([]), d: fc.constant(0) });

const read = (a: unknown, count: number) => readRunAnswer(JSON.stringify(a), count, 1000).results;

describe('groupByEvent', () => {
  it('gives each input the outputs and errors whose index names it, in order; outputs naming none are orphans', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), answer, (count, a) => {
        const results = read(a, count);
        const { perEvent, orphans } = groupByEvent(results, count);
        const outputsOf = (i: number) => results.filter((r) => r.index === i && r.error === undefined).map((r) => r.output);
        perEvent.forEach((p, i) => expect(p.outputs).toEqual(outputsOf(i)));
        expect(orphans).toEqual(outputsOf(-1));
        const batchErrors = results.filter((r) => r.index === -1 && r.error !== undefined).map((r) => r.error);
        perEvent.forEach((p, i) => {
          const own = results.filter((r) => r.index === i && r.error !== undefined).map((r) => r.error);
          expect(p.errors).toEqual(own.length === 0 && p.outputs.length === 0 ? batchErrors : own);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('inputs sharing a messageId keep their own outputs; a batch error goes to the inputs without a result', () => {
    const json = JSON.stringify({ r: [[0, 0, { a: 1 }], [2, 0, { b: 2 }], [-1, 1, 'batch failed'], [-1, 0, { c: 3 }]] });
    const { results } = readRunAnswer(json, 3, 1000);
    expect(results.map((r) => r.index)).toEqual([0, 2, -1, -1]);
    expect(groupByEvent(results, 3)).toEqual({
      perEvent: [
        { outputs: [{ a: 1 }], errors: [] },
        { outputs: [], errors: ['batch failed'] },
        { outputs: [{ b: 2 }], errors: [] },
      ],
      orphans: [{ c: 3 }],
    });
  });
});
