import { closeSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';

// Memory counted wherever user code allocates it (issue #39). V8's heap limit of an isolate does
// not see what a builtin allocates outside the heap (ICU objects of Intl, a break iterator's copy
// of its text), nor a single allocation made and filled inside one builtin call ('x'.repeat(1e8)
// .split('') makes an 800 MB array before any limit is checked), nor a builtin that never yields
// while it grows (a `fill` over a 2^53-length object). So the core also watches each sandbox and
// debug process's resident memory from outside, where user code cannot block the watch: while a
// process has runs in flight, /proc/<pid>/statm is read every MEMORY_WATCH_MS (one pread of an fd
// kept open, a few µs), and a process past its budget is killed; its run fails with the memory
// limit's words (slot.ts, debug-child.ts). Linux only: elsewhere there is no /proc and only the
// isolates' own limits hold.

/** How often the resident memory of a watched process is read (ms). */
export const MEMORY_WATCH_MS = 20;
/**
 * What a process may hold beyond its allowances and the memory it keeps at rest: the copies of a
 * batch and its answer between the core and the isolate, and the growth between two reads.
 */
export const MEMORY_MARGIN_MB = 64;

/**
 * What a request in flight may add to its process (MB): `copiesMb`, the copies of its batch (UTF-16,
 * in the process and the isolate), its own; `allowanceMb`, what its run may allocate beyond its
 * isolate's heap as last measured (its memory limit: more heap, or memory outside V8's heaps), of
 * which a process grants only ONE at a time (budgetMb).
 */
export interface RequestMemory {
  /** The memory limit its failure names. */
  limitMb: number;
  allowanceMb: number;
  copiesMb: number;
}

/**
 * A process's budget (MB): the memory it may keep at rest (`restMb`: what the core recycles it
 * past, beyond its isolates' heaps), its isolates' heaps as last measured (`heapMb`: each read
 * after its runs, each bounded by V8's own limit), the copies of each request's batch, ONE
 * allowance (the largest of the requests in flight), and the margin. One allowance, not one per
 * run: memory outside V8's heaps (ICU objects, a break iterator's text, array buffers) is not
 * attributed to an isolate, so with a share per run one run could use the others' (the soak saw
 * 8 break iterators answer while other runs shared the process). Runs in flight that together
 * grow past one allowance make the process go; each runs again alone (run-again.ts), where it has
 * the whole allowance: an innocent run completes, the one that allocated fails with the limit.
 */
export function budgetMb(restMb: number, heapMb: number, requests: Iterable<{ memory?: RequestMemory }>): number {
  let copies = 0;
  let allowance = 0;
  for (const { memory } of requests) {
    copies += memory?.copiesMb ?? 0;
    allowance = Math.max(allowance, memory?.allowanceMb ?? 0);
  }
  return restMb + heapMb + copies + allowance + MEMORY_MARGIN_MB;
}

/** A request's memory (Pending.memory): its limit, and its batch's copies (`payloadChars`). */
export const requestMemory = (limitMb: number, payloadChars = 0): RequestMemory => ({ limitMb, allowanceMb: limitMb, copiesMb: Math.ceil((4 * payloadChars) / 1048576) });

/** A worker's job (replay): its batches go through each side's isolate, both sides may be running at once. */
export function jobMemory(sides: { memoryLimitMb: number }[]): RequestMemory {
  const limits = sides.map((side) => side.memoryLimitMb);
  return { limitMb: Math.max(...limits), allowanceMb: limits.reduce((sum, mb) => sum + mb, 0), copiesMb: 0 };
}

/** Bytes per page of statm's counts: this process's resident pages against its resident bytes. */
let pageBytes: number | undefined;
const pageSize = (): number => {
  if (pageBytes === undefined) {
    const pages = Number(readFileSync('/proc/self/statm', 'latin1').split(' ')[1]);
    pageBytes = 2 ** Math.round(Math.log2(process.memoryUsage.rss() / pages));
  }
  return pageBytes;
};

interface Watched {
  fd: number;
  budgetMb: () => number;
  over: (residentMb: number) => void;
  /** The largest budget read since the peak was last reset (the budget shrinks as requests end). */
  highestMb: number;
}

const active = new Set<Watched>();
let timer: NodeJS.Timeout | undefined;
const buffer = Buffer.alloc(160);

/** Resident memory (MB) of the process whose statm `fd` is open; undefined once it is gone. */
function residentMb(fd: number): number | undefined {
  try {
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    const resident = Number(buffer.toString('latin1', 0, read).split(' ')[1]);
    return Number.isFinite(resident) ? (resident * pageSize()) / 1048576 : undefined;
  } catch {
    return undefined; // exited (ESRCH)
  }
}

function tick(): void {
  if (active.size === 0) {
    clearInterval(timer);
    timer = undefined;
    return;
  }
  for (const watched of active) {
    const mb = residentMb(watched.fd);
    const budget = watched.budgetMb();
    watched.highestMb = Math.max(watched.highestMb, budget);
    if (mb === undefined) active.delete(watched);
    else if (mb > budget) {
      active.delete(watched);
      watched.over(mb);
    }
  }
}

export interface MemoryWatch {
  /** Reads the process's memory from now on (runs in flight). */
  start(): void;
  /** Stops reading it (nothing in flight). */
  stop(): void;
  /** The process is gone. */
  close(): void;
  /**
   * For an answer: true when the process is past its budget, found by an earlier read (its kill is
   * on the way: an answer already sent must not settle, the soak's break iterators answered 200
   * that way) or now by its peak resident memory since its watch started (VmHWM: the reads every
   * MEMORY_WATCH_MS run on the core's thread, which a loaded core runs late), then `over` is called.
   */
  checkPeak(): boolean;
}

const NONE: MemoryWatch = { start() {}, stop() {}, close() {}, checkPeak: () => false };

// The watched process's files stay open while it is watched: statm read every MEMORY_WATCH_MS,
// and the peak's two, which a test run's start writes and its answer reads, a syscall each
// (opening them by path for every run took ~40 µs of the core's thread per run: docs/decisions/011,
// round 8).
/** /proc/<pid>/<name> opened for the watch's life; undefined where it cannot be. */
function openProc(pid: number, name: string, flags: 'r' | 'w'): number | undefined {
  try {
    return openSync(`/proc/${pid}/${name}`, flags);
  } catch {
    return undefined;
  }
}

const statusBuffer = Buffer.alloc(4096);
/** Peak resident memory (MB) since it was last reset, from the process's open /proc/<pid>/status. */
function peakMb(statusFd: number): number | undefined {
  try {
    const read = readSync(statusFd, statusBuffer, 0, statusBuffer.length, 0);
    const kb = /VmHWM:\s+(\d+) kB/.exec(statusBuffer.toString('latin1', 0, read))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined; // exited
  }
}

/** Resets the peak to the current resident memory (clear_refs 5, its open fd); false where it cannot be. */
function resetPeak(clearFd: number | undefined): boolean {
  if (clearFd === undefined) return false;
  try {
    writeSync(clearFd, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * Watches process `pid` against `budget` (MB, asked at each read: it changes with the requests in
 * flight) while started; `over` is called once when a read passes it (then the watch stops).
 */
export function watchMemory(pid: number | undefined, budget: () => number, over: (residentMb: number) => void): MemoryWatch {
  if (pid === undefined || process.platform !== 'linux') return NONE;
  const fd = openProc(pid, 'statm', 'r');
  if (fd === undefined) return NONE;
  const statusFd = openProc(pid, 'status', 'r');
  const clearFd = statusFd === undefined ? undefined : openProc(pid, 'clear_refs', 'w');
  let fired = false;
  const once = (mb: number) => {
    if (fired) return;
    fired = true;
    over(mb);
  };
  const watched: Watched = { fd, budgetMb: budget, over: once, highestMb: 0 };
  let closed = false;
  /** Whether the peak counts from this watch's start (else the peak check is off). */
  let peakFromStart = false;
  return {
    start() {
      if (closed) return;
      if (!active.has(watched) && !fired) {
        peakFromStart = resetPeak(clearFd);
        watched.highestMb = budget();
      }
      active.add(watched);
      if (!timer) {
        timer = setInterval(tick, MEMORY_WATCH_MS);
        timer.unref();
      }
    },
    stop() {
      active.delete(watched);
    },
    checkPeak() {
      if (fired) return true;
      if (closed || !peakFromStart) return false;
      const peak = peakMb(statusFd!);
      if (peak === undefined || peak <= Math.max(watched.highestMb, budget())) return false;
      active.delete(watched);
      once(peak);
      return true;
    },
    close() {
      if (closed) return;
      closed = true;
      active.delete(watched);
      for (const open of [fd, statusFd, clearFd]) if (open !== undefined) closeSync(open);
    },
  };
}
