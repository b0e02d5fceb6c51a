import { StudioError } from '../errors';

/** Debug sessions, profiles and coverage runs at once, together (each is a process with an isolate of the sandbox's memory limit). */
export const MAX_DEBUG_PROCESSES = 4;

/**
 * One budget for debug sessions, profiles and coverage runs together: each takes a place while its process runs
 * and gives it back when it ends; past the budget a start is refused with a 409. Before (issue
 * #39) sessions had a budget of 4 and profiles none: 4 sessions and 6 profiles ran at once (11
 * processes, 887 MB).
 */
export function createSessionBudget(max = MAX_DEBUG_PROCESSES) {
  let used = 0;
  return {
    /** Takes a place (or throws the 409); the returned function gives it back (once). */
    take(): () => void {
      if (used >= max) throw new StudioError('conflict', `at most ${max} debug sessions and profiles run at once: stop one first`);
      used++;
      let given = false;
      return () => {
        if (given) return;
        given = true;
        used--;
      };
    },
    used: () => used,
  };
}

export type SessionBudget = ReturnType<typeof createSessionBudget>;
