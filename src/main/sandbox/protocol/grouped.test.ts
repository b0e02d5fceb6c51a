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
  // Invariants, each stated on its own (no second implementation of the grouping as the oracle).
  const runs = fc.tuple(fc.integer({ min: 1, max: 8 }), answer).map(([count, a]) => ({ count, results: read(a, count) }));

  it('loses and invents no output: every output of the run is with the input it names, or an orphan', () => {
    fc.assert(
      fc.property(runs, ({ count, results }) => {
        const { perEvent, orphans } = groupByEvent(results, count);
        const outputs = results.filter((r) => r.error === undefined && r.output !== undefined);
        expect(perEvent.reduce((n, p) => n + p.outputs.length, 0) + orphans.length).toBe(outputs.length);
        perEvent.forEach((p, i) => expect(p.outputs).toEqual(outputs.filter((r) => r.index === i).map((r) => r.output)));
      }),
      { numRuns: 300 },
    );
  });

  it('an input with a result of its own keeps only its own errors; one with none gets every error of the batch', () => {
    fc.assert(
      fc.property(runs, ({ count, results }) => {
        const { perEvent } = groupByEvent(results, count);
        const batchErrors = results.filter((r) => r.index === -1 && r.error !== undefined).map((r) => r.error);
        perEvent.forEach((p, i) => {
          const own = results.filter((r) => r.index === i);
          if (own.length > 0) expect(p.errors).toEqual(own.filter((r) => r.error !== undefined).map((r) => r.error));
          else expect(p.errors).toEqual(batchErrors);
        });
      }),
      { numRuns: 300 },
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
