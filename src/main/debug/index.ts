import type { EventsRepo } from '../store/events-repo';
import { createDebugProcesses } from './debug-child';
import type { DebugDeps } from './debug-code';
import { createDebugSessions } from './debug-sessions';
import { createProfileSessions } from './profile-sessions';

/** The debugger and profiler: sessions and profiles in debug processes of their own (never the sandbox's). */
export function createDebugger(deps: Omit<DebugDeps, 'processes'> & { events: EventsRepo }) {
  const processes = createDebugProcesses();
  const debug = createDebugSessions({ ...deps, processes });
  const profiles = createProfileSessions({ ...deps, processes });
  return {
    debug,
    profiles,
    /** The debug processes of running sessions and profiles. */
    pids: () => [...debug.pids(), ...profiles.pids()],
    close(): void {
      debug.close();
      profiles.close();
      processes.close();
    },
  };
}
