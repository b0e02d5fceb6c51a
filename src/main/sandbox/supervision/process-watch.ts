import { spawn, type ChildProcess } from 'node:child_process';

// Sandbox processes never outlive the core, and an isolate that does not yield ends with its
// process:
// - a run whose isolate has not answered, nor gone to wait on host requests, by its CPU limit
//   plus STALL_GRACE_MS is stalled in code that ignores the limit (a builtin over 2^32-1 slots):
//   the core kills the process (the isolate's thread cannot be stopped otherwise), fails the run
//   with the time limit's message, and the next run starts another process;
// - a retired process that has not exited RETIRE_KILL_MS after it was told to is killed;
// - the core kills every sandbox process on any exit that runs code (exit, an uncaught error,
//   SIGTERM once the host's handler ends the process), and a small shell watcher per process
//   kills it when the core is gone without running code (kill -9, a native crash); the process
//   itself also ends when its IPC channel closes (sandbox-process.ts).

/** How long an isolate may run past its CPU limit before the core counts it as stalled. */
export const STALL_GRACE_MS = 1500;
/** Extra time of a run whose isolate is made first, or that waits for its key's previous run (until the process says it runs). */
export const STALL_START_MS = 2000;
/** A retired process that has not exited this long after it was told to is killed. */
export const RETIRE_KILL_MS = 2000;

const live = new Set<ChildProcess>();
let hooked = false;

function killAll(): void {
  for (const child of live) {
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
  live.clear();
}

/**
 * Tracks a sandbox process: killed when the core exits, and by a watcher shell once the core is
 * gone (checked every second; POSIX only).
 */
export function superviseChild(child: ChildProcess): void {
  if (child.pid === undefined) return;
  live.add(child);
  child.once('exit', () => live.delete(child));
  if (!hooked) {
    hooked = true;
    process.on('exit', killAll);
  }
  if (process.platform === 'win32') return;
  const core = process.pid;
  const pid = child.pid;
  // Runs while both live; kills the sandbox process only when the core is the one that went.
  const script = `while kill -0 ${core} 2>/dev/null && kill -0 ${pid} 2>/dev/null; do sleep 1; done; kill -0 ${core} 2>/dev/null || kill -9 ${pid} 2>/dev/null`;
  try {
    const watcher = spawn('/bin/sh', ['-c', script], { stdio: 'ignore' });
    watcher.on('error', () => {});
    watcher.unref();
  } catch {
    // no shell: the IPC channel and the exit hook remain
  }
}

