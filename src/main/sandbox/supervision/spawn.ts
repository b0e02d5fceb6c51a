import { fork, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BACKGROUND_ENV } from '../child/priority';
import { WORKERS_ENV } from '../child/workers';
import sandboxEntry from '../child/sandbox-process?modulePath';
import nodeFlags from '../../hosts/node-flags.json' with { type: 'json' };

/** Node flags of a sandbox process: isolated-vm needs the startup snapshot off; from source, TypeScript. */
function execArgvFor(entry: string, background: boolean): string[] {
  // A flag given twice: V8 takes the last.
  const flags = [...nodeFlags.sandbox, ...(background ? nodeFlags.sandboxReplay : [])];
  if (entry.endsWith('.ts')) flags.push('--experimental-transform-types', '--disable-warning=ExperimentalWarning', '--import', pathToFileURL(join(dirname(entry), 'source-hooks.mjs')).href);
  return flags;
}

/**
 * Starts a sandbox process (child/sandbox-process.ts); `background`: the process of workers' jobs
 * (replay), at a lower CPU priority, told the registered workers' modules.
 */
export function forkSandbox(background: boolean, workers: Record<string, string> = {}): ChildProcess {
  return fork(sandboxEntry, [], {
    execArgv: execArgvFor(sandboxEntry, background),
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // The flags are in execArgv. A fixed mmap threshold (glibc) keeps large blocks (typed arrays,
    // big strings of user code) mmapped, so they go back to the OS when an isolate is disposed;
    // by default the threshold grows after such frees and later blocks stay in the heap.
    // (MALLOC_ARENA_MAX=2 was measured too: new isolates 3x slower, so not set.)
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
      ...(background ? { [BACKGROUND_ENV]: '1', [WORKERS_ENV]: JSON.stringify(workers) } : {}),
    },
  });
}
