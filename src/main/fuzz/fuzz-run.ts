import fc from 'fast-check';
import type { FuzzFailure, FuzzFailureKind, FuzzResponse } from '../../shared/api/fuzz';
import { firstUserFrame } from '../../shared/stack-lines';

/** Runs events through the code: per event its error, or undefined when it gave events. */
export type RunEvents = (events: Record<string, unknown>[]) => Promise<(string | undefined)[]>;

export interface FuzzOptions {
  seed: number;
  maxRuns: number;
  timeLimitMs: number;
  /** The transformation's module name in stack traces. */
  moduleName: string;
}

/** Generated events run through the code at once (one sandbox run). */
const BATCH = 200;
/** Share of the time limit for generating and running events; shrinking has the rest. */
const GENERATING_SHARE = 0.4;
/** Failure groups kept at most (more would be noise). */
const MAX_GROUPS = 20;

const KINDS: [RegExp, FuzzFailureKind][] = [
  [/is not an object$/, 'not-object'],
  [/^Output too large/, 'too-large'],
  [/^Timed out/, 'timeout'],
  [/^Memory limit exceeded/, 'memory'],
  [/^\w*Error\b|^Uncaught\b/, 'throw'],
];

/** What a failure is grouped by: its kind, its first line (numbers as #), and the line of user code that threw. */
export function describeFailure(error: string, moduleName: string): Pick<FuzzFailure, 'kind' | 'message' | 'module' | 'line'> & { key: string } {
  const message = error.split('\n', 1)[0]!;
  const kind = KINDS.find(([pattern]) => pattern.test(message))?.[1] ?? 'error';
  const frame = firstUserFrame(error, moduleName);
  const key = JSON.stringify([kind, message.replace(/\d+/g, '#'), frame?.module, frame?.line]);
  return { key, kind, message, ...(frame ? { module: frame.module, line: frame.line } : {}) };
}

interface Group extends FuzzFailure {
  key: string;
}

/**
 * Fuzzes code with events of `arbitrary`, seeded: the events are fast-check's for that seed (run
 * in batches), each new failure (kind, message, line) is then replayed alone from its place in
 * the sequence and shrunk by fast-check to the smallest event failing the same way. Bounded by
 * `maxRuns` generated events and `timeLimitMs` (40 % of it at most for generating; a shrink cut
 * short by time says `shrunk: false`).
 */
export async function fuzzEvents(arbitrary: fc.Arbitrary<Record<string, unknown>>, run: RunEvents, options: FuzzOptions): Promise<Omit<FuzzResponse, 'eventNames'>> {
  const started = performance.now();
  const deadline = started + options.timeLimitMs;
  const groups = new Map<string, Group>();
  // One property for generating and shrinking: fast-check draws the same events for the same seed.
  const propertyOf = (predicate: (event: Record<string, unknown>) => Promise<boolean>) => fc.asyncProperty(arbitrary, predicate);

  // Generating: fast-check's own run (its order is what a replay by path reproduces), every
  // event passing at once and run with the others of its batch.
  let runs = 0;
  let pending: Record<string, unknown>[] = [];
  let inFlight: Promise<void> = Promise.resolve();
  const flush = () => (inFlight = runPending());
  const runPending = async () => {
    const events = pending;
    pending = [];
    const errors = await run(events);
    errors.forEach((error, i) => {
      const index = runs + i;
      if (error === undefined) return;
      const described = describeFailure(error, options.moduleName);
      const group = groups.get(described.key);
      if (group) return void (group.count += 1);
      if (groups.size >= MAX_GROUPS) return;
      const { key, ...fields } = described;
      groups.set(key, { key, ...fields, error, count: 1, firstRun: index, event: events[i]!, shrunk: false, shrinks: 0 });
    });
    runs += events.length;
  };
  const generating = await fc.check(
    propertyOf(async (event) => {
      pending.push(event);
      if (pending.length >= BATCH) await flush();
      return true;
    }),
    { seed: options.seed, numRuns: options.maxRuns, interruptAfterTimeLimit: Math.max(1, Math.round(options.timeLimitMs * GENERATING_SHARE)) },
  );
  await inFlight; // a batch the time limit interrupted
  if (pending.length > 0) await flush();
  const stoppedBy = generating.interrupted ? 'time' : 'runs';

  for (const group of groups.values()) {
    let cut = false;
    let lastError: string | undefined;
    const property = propertyOf(async (event) => {
      if (performance.now() >= deadline) return !(cut = true);
      const [error] = await run([event]);
      if (error === undefined || describeFailure(error, options.moduleName).key !== group.key) return true;
      lastError = error;
      return false;
    });
    const details = await fc.check(property, { seed: options.seed, path: String(group.firstRun), numRuns: 1 });
    if (!details.failed || !details.counterexample) continue; // fails only beside other events
    group.event = details.counterexample[0];
    group.error = lastError ?? group.error;
    group.shrinks = details.numShrinks;
    group.shrunk = !cut;
  }

  return {
    seed: options.seed,
    runs,
    durationMs: Math.round(performance.now() - started),
    stoppedBy,
    failures: [...groups.values()].map(({ key: _key, ...failure }) => failure),
  };
}
