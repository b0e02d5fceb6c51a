import { Type, type Static } from 'typebox';
import { Literals } from './schema-helpers';
import { TestRunRequest } from './sandbox-test';

// Shapes of POST /studio/api/fuzz (issue 41): events generated from the learned event schema,
// run through the code in the sandbox; failures grouped by error and line, each shrunk to a
// minimal event. The route, the fuzz service, the renderer and `studio fuzz` use these.

const { events: _events, ...runFields } = TestRunRequest.properties;

/** Default and largest number of generated events. */
export const FUZZ_DEFAULT_RUNS = 2_000;
export const FUZZ_MAX_RUNS = 100_000;
/** Default and largest time a fuzz run may take (ms), shrinking included. */
export const FUZZ_DEFAULT_MS = 10_000;
export const FUZZ_MAX_MS = 120_000;

export const FuzzRequest = Type.Object(
  {
    ...runFields,
    seed: Type.Optional(Type.Integer({ minimum: -2147483648, maximum: 2147483647, description: 'Seed of the generator: the same seed, code and schema give the same events and the same minimal events (default: a random seed, given back)' })),
    maxRuns: Type.Optional(Type.Integer({ minimum: 1, maximum: FUZZ_MAX_RUNS, description: `Events to generate at most (default ${FUZZ_DEFAULT_RUNS})` })),
    timeLimitMs: Type.Optional(Type.Integer({ minimum: 100, maximum: FUZZ_MAX_MS, description: `Time the run may take, shrinking included (default ${FUZZ_DEFAULT_MS} ms)` })),
    transformationId: Type.Optional(Type.String({ maxLength: 100, description: "Learn from the sources connected to this transformation's destinations (all sources when none)" })),
    eventName: Type.Optional(Type.String({ maxLength: 1000, description: 'Only events of this name (track event or page/screen name)' })),
    samples: Type.Optional(
      Type.Array(Type.Record(Type.String(), Type.Unknown()), { maxItems: 1000, description: 'Learn the schema from these events instead of captured traffic' }),
    ),
  },
  { additionalProperties: false },
);
export type FuzzRequest = Omit<Static<typeof FuzzRequest>, 'context'> & { context?: TestRunRequest['context'] };

export const FuzzFailureKind = Literals(['throw', 'not-object', 'too-large', 'timeout', 'memory', 'error'], {
  description: 'throw: the code threw; not-object: it returned something other than an event; too-large: output over the size limit; timeout / memory: a sandbox limit; error: anything else the run failed with',
});
export type FuzzFailureKind = Static<typeof FuzzFailureKind>;

export const FuzzFailure = Type.Object({
  kind: FuzzFailureKind,
  /** The error as the run gave it for the minimal event (message and user frames). */
  error: Type.String(),
  message: Type.String({ description: "The error's first line" }),
  module: Type.Optional(Type.String({ description: 'Where it threw: the transformation\'s name or "library <importName>"' })),
  line: Type.Optional(Type.Integer({ description: '1-based line of the first user frame' })),
  count: Type.Integer({ description: 'Generated events that failed this way' }),
  firstRun: Type.Integer({ description: 'Index of the first generated event that failed this way' }),
  event: Type.Record(Type.String(), Type.Unknown(), { description: 'The smallest event found that fails this way' }),
  shrunk: Type.Boolean({ description: 'false when the time ran out before shrinking finished (the event is the generated one, or a partly shrunk one)' }),
  shrinks: Type.Integer({ description: 'Steps that made the event smaller' }),
});
export type FuzzFailure = Static<typeof FuzzFailure>;

export const FuzzResponse = Type.Object({
  seed: Type.Integer(),
  runs: Type.Integer({ description: 'Generated events run' }),
  durationMs: Type.Number(),
  stoppedBy: Literals(['runs', 'time']),
  eventNames: Type.Array(Type.String(), { description: 'The event shapes generated from ("track Order Completed", "identify")' }),
  failures: Type.Array(FuzzFailure, { description: 'One per error and line, in the order found' }),
});
export type FuzzResponse = Static<typeof FuzzResponse>;
