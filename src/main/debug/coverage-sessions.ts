import type { DebugChild } from './debug-child';
import { badRequest, StudioError } from '../errors';
import type { EventsRepo } from '../store/events-repo';
import type { TestEventsRepo } from '../store/test-events-repo';
import type { CoverageRequest, CoverageResponse } from '../../shared/api/coverage';
import { debugCode, type DebugDeps } from './debug-code';
import { createSessionBudget, type SessionBudget } from './session-budget';

/** Captured events a coverage run takes by default (as a profile does). */
const DEFAULT_CAPTURED = 10_000;

/**
 * Coverage: the code over its saved tests (or given or captured events) in a debug process of its
 * own with V8's precise coverage on, never in the sandbox processes (ordinary runs keep their
 * speed). One request, one process, gone with the answer.
 */
export function createCoverage(deps: DebugDeps & { events: EventsRepo; testEvents: TestEventsRepo }, budget: SessionBudget = createSessionBudget()) {
  const running = new Set<DebugChild>();

  const eventsOf = (request: CoverageRequest): { source: CoverageResponse['source']; events: string[] } => {
    if (request.events && request.captured) throw badRequest('give either events or captured, not both');
    if (request.events) {
      if (request.events.length === 0) throw badRequest('events is empty: give at least one event to cover, or leave it out to cover the saved tests');
      return { source: 'events', events: request.events.map((event) => JSON.stringify(event)) };
    }
    if (request.captured) {
      const { limit = DEFAULT_CAPTURED, ...filter } = request.captured;
      const found = deps.events.list(filter, limit).map((stored) => stored.event);
      if (found.length === 0) throw badRequest('no captured events match the filter: capture some, or cover the saved tests');
      return { source: 'captured', events: found.reverse() };
    }
    if (!request.transformationId) throw badRequest('say what to run: transformationId (its saved tests), events or captured');
    const saved = deps.testEvents.list(request.transformationId);
    // Nothing to run is said at once, before a debug process is started for it (an unknown id has no saved tests either).
    if (saved.length === 0) throw badRequest(`transformationId: "${request.transformationId}" has no saved tests: save some, or cover given or captured events`);
    return { source: 'saved-tests', events: saved.map((test) => JSON.stringify(test.event)) };
  };

  return {
    run(request: CoverageRequest): Promise<CoverageResponse> {
      const { source, events } = eventsOf(request);
      const code = debugCode(deps, request, 10 * 60_000);
      const started = performance.now();
      // Setting the isolate up and each batch of 200 have the ordinary time limit; past all of them the run is ended.
      const limitMs = code.timeoutMs * (2 + Math.ceil(events.length / 200)) + 10_000;
      const release = budget.take(); // the same budget as debug sessions and profiles
      return new Promise((resolve, reject) => {
        let settled = false;
        const settle = (outcome: () => void) => {
          if (settled) return;
          settled = true;
          clearTimeout(watchdog);
          running.delete(child);
          child.stop();
          release();
          outcome();
        };
        const child = deps.processes.take(
          (reply) => {
            if (reply.type === 'failed') settle(() => reject(new StudioError('sandbox_error', reply.message)));
            else if (reply.type === 'done' && reply.coverage) {
              const { scripts, failed } = reply.coverage;
              settle(() => resolve({ source, events: events.length, failed, scripts, durationMs: Math.round(performance.now() - started) }));
            }
          },
          (how, expected) => {
            if (!expected) settle(() => reject(new StudioError('sandbox_error', `The debug process stopped unexpectedly (${how}): no coverage. Other runs are not affected.`)));
          },
        );
        const watchdog = setTimeout(() => settle(() => reject(new StudioError('sandbox_error', `Coverage took longer than ${Math.round(limitMs / 1000)} s and was stopped.`))), limitMs);
        watchdog.unref();
        running.add(child);
        child.send({ type: 'coverage', ...code, events });
      });
    },

    /** The debug processes alive (pids). */
    pids: (): number[] => [...running].flatMap((child) => (!child.exited && child.pid ? [child.pid] : [])),

    close(): void {
      for (const child of running) child.stop();
      running.clear();
    },
  };
}

export type CoverageService = ReturnType<typeof createCoverage>;
