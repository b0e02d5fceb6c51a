import { randomInt } from 'node:crypto';
import { badRequest, StudioError } from '../errors';
import { runTest, type TestRunDeps } from '../management/test-run';
import { foldEvents } from '../schema/schema-builder';
import { scriptName } from '../../shared/api/debug';
import { FUZZ_DEFAULT_MS, FUZZ_DEFAULT_RUNS, type FuzzRequest, type FuzzResponse } from '../../shared/api/fuzz';
import type { TestRunRequest, TestRunResponse } from '../../shared/api/sandbox-test';
import { eventArbitrary, type EventShape } from './event-arbitrary';
import { fuzzEvents, type RunEvents } from './fuzz-run';

export interface FuzzDeps extends TestRunDeps {
  /** The learned schema's event shapes for a transformation's sources (all sources when none). */
  shapes: (transformationId?: string) => EventShape[];
}

/** Event shapes of given events (the builder the background fold uses), when no traffic is to be read. */
function shapesOfSamples(samples: Record<string, unknown>[]): EventShape[] {
  const receivedAt = new Date().toISOString();
  const rows = samples.map((event) => ({
    sourceId: '',
    type: typeof event.type === 'string' ? event.type : 'track',
    eventName: typeof event.event === 'string' ? event.event : typeof event.name === 'string' ? event.name : null,
    receivedAt,
    event: JSON.stringify(event),
  }));
  return [...foldEvents(rows).values()].map((bucket) => ({
    type: bucket.type,
    name: bucket.name,
    count: bucket.count,
    paths: [...bucket.paths].map(([path, stats]) => ({ path, types: stats.types as Record<string, number>, samples: stats.samples })),
  }));
}

/** Per input event its first error (undefined: it gave events); null when the run failed as a whole. */
function errorsOf(answer: TestRunResponse, count: number): (string | undefined)[] | null {
  const errors: (string | undefined)[] = new Array(count).fill(undefined);
  for (let k = 0; k < answer.transformedEvents.length; k++) {
    const item = answer.transformedEvents[k]!;
    if (!('error' in item) || typeof item.error !== 'string') continue;
    const index = answer.inputIndexes[k]!;
    if (index < 0 && count > 1) return null;
    errors[Math.max(0, index)] ??= item.error;
  }
  return errors;
}

/**
 * Fuzzing (issue 41): events generated from the learned schema (or from given sample events)
 * through the code in the ordinary sandbox, with the ordinary limits; see fuzz-run.ts.
 */
export function createFuzzService(deps: FuzzDeps) {
  return {
    async fuzz(request: FuzzRequest): Promise<FuzzResponse> {
      const { seed = randomInt(2 ** 31), maxRuns = FUZZ_DEFAULT_RUNS, timeLimitMs = FUZZ_DEFAULT_MS, transformationId, eventName, samples, ...code } = request;
      let shapes = samples ? shapesOfSamples(samples) : deps.shapes(transformationId);
      if (eventName !== undefined) shapes = shapes.filter((shape) => shape.name === eventName);
      if (shapes.length === 0) {
        throw badRequest(
          eventName !== undefined
            ? `no captured events named "${eventName}" to learn from: send some, or leave the event name out`
            : 'no captured events to learn from: send events to the event API first (or give samples)',
        );
      }
      // Code that does not compile or load fails here, as a 400 of its own (not as a failure of every event).
      await runTest(deps, { ...code, events: [] } as TestRunRequest);
      const runOnce = async (events: Record<string, unknown>[]): Promise<(string | undefined)[] | null> => {
        try {
          return errorsOf(await runTest(deps, { ...code, events } as TestRunRequest), events.length);
        } catch (error) {
          // A failure of the whole run (a time-out, the memory limit, output too large): the event's own when it ran alone.
          if (!(error instanceof StudioError) || error.code !== 'sandbox_error') throw error;
          return events.length === 1 ? [error.message] : null;
        }
      };
      const run: RunEvents = async (events) => {
        const errors = await runOnce(events);
        if (errors) return errors;
        if (events.length === 1) return ['the run failed as a whole'];
        // Which events failed it: each alone.
        const alone: (string | undefined)[] = [];
        for (const event of events) alone.push((await runOnce([event]))?.[0] ?? 'the run failed as a whole');
        return alone;
      };
      const result = await fuzzEvents(eventArbitrary(shapes), run, { seed, maxRuns, timeLimitMs, moduleName: scriptName(code.transformationName) });
      return { ...result, eventNames: shapes.map((shape) => (shape.name ? `${shape.type} ${shape.name}` : shape.type)) };
    },
  };
}

export type FuzzService = ReturnType<typeof createFuzzService>;
