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
    // (MALLOC_ARENA_MAX=2 was measured too: new isolates 3x slower, so not set.) 64 KB, not
    // 128: a batch in pieces and an answer in parts move 50-150 KB blocks, which under 128 KB
    // stayed in the heap: 30 runs of 200 2 KB events then a pause left the process 12 MB higher
    // (plateau 100 MB against 88 whole); at 64 KB, 82-86 MB (docs/decisions/011, round 7).
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '65536',
      ...(background ? { [BACKGROUND_ENV]: '1', [WORKERS_ENV]: JSON.stringify(workers) } : {}),
    },
  });
}

/** One sandbox process's settings (slot.ts). */
export interface SlotOptions {
  /** Stopped after this long with nothing warm and nothing running (0: never). */
  retireMs: number;
  /** Runs workers' jobs (replay batches) at a lower CPU priority (sandbox-process.ts), so interactive runs go first. */
  background: boolean;
  /** Told when the process is killed: `stalled` when a run's isolate did not yield by its limit, `overBudget` past its memory budget. */
  onKill: (stalled: boolean, overBudget: boolean) => void;
  /** The registered workers (name → module) a background process runs jobs of (child/workers.ts). */
  workers: Record<string, string>;
  /** Memory (MB) it may keep at rest beyond its isolates' heaps (recycleRssMb, 160 at least; twice that for the replay process, recycled at twice within a run): its memory budget's floor (memory-watch.ts). */
  restMb: number;
}
