import type { EventsRepo } from '../store/events-repo';
import type { TestEventsRepo } from '../store/test-events-repo';
import { createCoverage } from './coverage-sessions';
import { createDebugProcesses } from './debug-child';
import type { DebugDeps } from './debug-code';
import { createDebugSessions } from './debug-sessions';
import { createProfileSessions } from './profile-sessions';
import { createSessionBudget } from './session-budget';

/** The debugger and profiler: sessions and profiles in debug processes of their own (never the sandbox's). */
export function createDebugger(deps: Omit<DebugDeps, 'processes'> & { events: EventsRepo; testEvents: TestEventsRepo }) {
  const processes = createDebugProcesses();
  const budget = createSessionBudget();
  const debug = createDebugSessions({ ...deps, processes }, { budget });
  const profiles = createProfileSessions({ ...deps, processes }, budget);
  const coverage = createCoverage({ ...deps, processes }, budget);
  return {
    debug,
    profiles,
    coverage,
    /** The debug processes of running sessions, profiles and coverage runs. */
    pids: () => [...debug.pids(), ...profiles.pids(), ...coverage.pids()],
    close(): void {
      debug.close();
      profiles.close();
      coverage.close();
      processes.close();
    },
  };
}
