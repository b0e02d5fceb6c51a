import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

// The replay process runs at a lower CPU priority than the core and the other sandbox processes:
// a replay takes the CPU that the test bench, ingestion and the UI leave, never their share.

/** Set (to "1") in the environment of the sandbox process that runs replay batches. */
export const BACKGROUND_ENV = 'STUDIO_SANDBOX_BACKGROUND';

/** Nice value of the replay process (0 is normal, 19 the lowest priority). */
const BACKGROUND_NICE = 10;

/**
 * Lowers this process's CPU priority. On Linux a priority belongs to each thread: every thread
 * that exists now is lowered (threads started later by a lowered thread inherit it); elsewhere
 * the whole process. Best effort: a system that refuses leaves the priority as it was.
 */
export function lowerPriority(): void {
  let threads: number[] = [0];
  if (process.platform === 'linux') {
    try {
      threads = readdirSync('/proc/self/task').map(Number);
    } catch {
      // no /proc: the main thread only
    }
  }
  for (const thread of threads) {
    try {
      setPriority(thread, BACKGROUND_NICE);
    } catch {
      // refused or gone: keep going
    }
  }
}
