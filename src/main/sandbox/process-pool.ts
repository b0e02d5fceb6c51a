import { fork, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { StudioError } from '../errors';
import type { ErrorCode } from '../../shared/errors';
import { messages, sandboxError } from './errors';
import { RETIRE_KILL_MS, STALL_GRACE_MS, STALL_START_MS, superviseChild } from './process-watch';
import type { PooledInstance } from './pool';
import { REPLAY_BATCHES_IN_FLIGHT, type CoreMessage, type GroupedAnswer, type LibraryTestRequest, type ProcessReply, type ReplayBatchesReply, type ReplayBatchesRequest, type RunRequest } from './process/protocol';
import type { StagedPayload } from './payload';
import type { NetworkCall } from './types';

import { BACKGROUND_ENV } from './process/priority';
import sandboxEntry from './process/sandbox-process?modulePath';
import nodeFlags from '../hosts/node-flags.json' with { type: 'json' };

type Reply = { json?: string; grouped?: GroupedAnswer; replay?: ReplayBatchesReply; network?: NetworkCall[] };
type Pending = {
  name: string;
  resolve: (reply: Reply) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
  /** Time the request has once the process is ready, and what happens past it. */
  deadlineMs: number;
  kill: () => void;
  /** A replay request's progress; each one restarts its deadline. */
  onProgress?: (done: number) => void;
  /** The pieces of an answer in parts, in order. */
  onPart?: (json: string) => void;
  /** A run's CPU limit (ms): its isolate must answer or wait on host requests by then (plus a grace), else the process is killed. */
  cpuMs?: number;
  /** Extra time before the run's first watch (its isolate is made first, or it waits for its key's previous run). */
  startMs?: number;
  stall?: NodeJS.Timeout;
};

/**
 * Longest start of a sandbox process (loading its modules): a request sent before the process is
 * ready gets this on top of its deadline, which starts over once the process says it is ready.
 */
const STARTUP_MS = 30_000;

export interface ProcessPoolOptions {
  /** Sandbox processes. */
  size: number;
  /** A process that has not answered a request this long after its own wall limit is killed. */
  graceMs?: number;
  /** A process with nothing warm and nothing running this long is stopped (0: never). */
  retireMs?: number;
  /**
   * A process whose resident memory, beyond what the heaps of the isolates warm in it hold, passes
   * this (MB) takes no new work and stops once its runs are done; the next request starts
   * another. Default 160.
   */
  recycleRssMb?: number;
  /**
   * A transform run sent to a process with nothing in flight, SYNC_QUIET_MS after runs last
   * overlapped, runs on that process's thread (RunRequest.sync; default true). Until it is
   * answered the process reads nothing, so a run that comes meanwhile waits BLOCKED_WAIT_MS for
   * it, then goes to another process: a free one of the pool, else a spare one started for the
   * purpose (retired like the others once it has nothing warm).
   */
  syncRuns?: boolean;
}

export interface SandboxProcessInfo {
  pid: number;
  /** Runs and library tests in flight. */
  running: number;
  /** Being recycled: finishing its runs, then it exits. */
  retiring?: boolean;
  /** The replay process (lower CPU priority). */
  background?: boolean;
  /** Running a batch on its own thread (see syncRuns): it takes no other run until that ends. */
  blocked?: boolean;
  /** The spare process: started for runs that came while every other process was blocked. */
  spare?: boolean;
  /** Runs sent to it to run on its thread, and of those, runs whose batch came in pieces (since it started). */
  runsOnThread: number;
  runsInPieces: number;
  /** As the process reported with its last answer: its resident memory and its isolates' heaps (MB). */
  rssMb: number;
  heapMb: number;
  /** Isolates it made since it started (each run in a fresh context; a warm isolate is reused). */
  isolatesMade: number;
}


/**
 * Runs go on the sandbox process's thread only after this long without two runs in flight at
 * once: concurrent work (the pipeline beside the test bench, several destinations) runs on the
 * isolates' threads of one process, in parallel, as before.
 */
export const SYNC_QUIET_MS = 1000;
/** A run for a blocked process waits this long for it before going to another one. */
const BLOCKED_WAIT_MS = 50;

/** Longest wait for a recycled replay process to exit before its successor starts. */
const RECYCLE_WAIT_MS = 2000;
/** How long the replay process may sit between two requests of a run before its memory is checked. */
const REPLAY_RECYCLE_CHECK_MS = 200;

/** Node flags of a sandbox process: isolated-vm needs the startup snapshot off; from source, TypeScript. */
function execArgvFor(entry: string, background: boolean): string[] {
  // A flag given twice: V8 takes the last.
  const flags = [...nodeFlags.sandbox, ...(background ? nodeFlags.sandboxReplay : [])];
  if (entry.endsWith('.ts')) flags.push('--experimental-transform-types', '--disable-warning=ExperimentalWarning', '--import', pathToFileURL(join(dirname(entry), 'source-hooks.mjs')).href);
  return flags;
}

/** One supervised sandbox process and the requests it has in flight. */
export class Slot {
  readonly child: ChildProcess;
  readonly pending = new Map<number, Pending>();
  exited = false;
  /** Settles when the process has exited. */
  readonly gone: Promise<void>;
  /** Warm isolates the core's pool holds handles on in this process. */
  warm = 0;
  /** Resident memory (MB) the process reported with its last answer, and its isolates' heaps. */
  rssMb = 0;
  heapMb = 0;
  /** Isolates the process has made (as it reported with its last answer): the other runs went to warm ones. */
  isolatesMade = 0;
  /** Recycled: it finishes the runs it has, takes no new ones, and stops. */
  retiring = false;
  /** Said it is ready (its modules are loaded): deadlines count from then. */
  ready = false;
  /** The request it runs on its own thread (RunRequest.sync): until answered, it reads nothing else. */
  private syncId: number | undefined;
  /** Runs sent to run on its thread, and of those, runs whose batch came in pieces. */
  runsOnThread = 0;
  runsInPieces = 0;
  private retireTimer: NodeJS.Timeout | undefined;

  constructor(
    onExit: (slot: Slot, how: string) => void,
    private readonly retireMs: number,
    /** Runs replay batches at a lower CPU priority (sandbox-process.ts), so interactive runs go first. */
    readonly background = false,
    /** Told when the process is killed: `stalled` when a run's isolate did not yield by its limit. */
    private readonly onKill: (stalled: boolean) => void = () => {},
  ) {
    this.child = fork(sandboxEntry, [], {
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
        ...(background ? { [BACKGROUND_ENV]: '1' } : {}),
      },
    });
    superviseChild(this.child);
    this.child.on('message', (reply: ProcessReply) => this.answer(reply));
    this.child.on('error', () => {}); // exit follows
    this.gone = new Promise((resolve) =>
      this.child.on('exit', (code, signal) => {
        this.exited = true;
        this.unblock();
        onExit(this, signal ? `killed by ${signal}` : `exit code ${code}`);
        resolve();
      }),
    );
    this.idle();
  }

  /** (Re)starts a request's deadline from now. */
  private arm(pending: Pending, ms: number): void {
    clearTimeout(pending.timer);
    pending.timer = setTimeout(pending.kill, ms);
    pending.timer.unref();
  }

  private answer(reply: ProcessReply): void {
    if (reply.type === 'ready') {
      // Deadlines count from here: starting the process is not a run's time (on a busy machine
      // it took long enough to kill the first run of a fresh process as stuck).
      this.ready = true;
      for (const [id, pending] of this.pending) {
        this.arm(pending, pending.deadlineMs);
        this.watch(id, pending, pending.startMs);
      }
      return;
    }
    if (reply.type === 'resumed') {
      const pending = this.pending.get(reply.id);
      if (pending) this.watch(reply.id, pending);
      return;
    }
    if (reply.type === 'part') return this.pending.get(reply.id)?.onPart?.(reply.json);
    if (reply.type === 'entered') {
      if (this.syncId === reply.id) this.unblock();
      clearTimeout(this.pending.get(reply.id)?.stall); // waiting on host requests: not running
      return;
    }
    this.rssMb = reply.rssMb;
    this.heapMb = reply.heapMb;
    this.isolatesMade = reply.made ?? this.isolatesMade;
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    if (reply.type === 'progress') {
      if (!pending.onProgress) return;
      this.arm(pending, pending.deadlineMs);
      return pending.onProgress(reply.done);
    }
    this.settle(reply.id);
    if (reply.type === 'done') pending.resolve(reply);
    else pending.reject(new StudioError(reply.error.code as ErrorCode, reply.error.message, reply.error.details));
  }

  /** Runs a request on its own thread: it takes nothing else until that is answered. */
  get blocked(): boolean {
    return this.syncId !== undefined;
  }

  /** Waiting for the run on the process's thread to end (see unblockedWithin). */
  private unblockWaiters: (() => void)[] = [];

  /** Settles once the process is no longer blocked (or gone), or after `ms`. */
  unblockedWithin(ms: number): Promise<void> {
    if (!this.blocked || this.exited) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.unblockWaiters = this.unblockWaiters.filter((waiter) => waiter !== wake);
        resolve();
      }, ms);
      timer.unref();
      this.unblockWaiters.push(wake);
    });
  }

  private unblock(): void {
    this.syncId = undefined;
    for (const wake of this.unblockWaiters.splice(0)) wake();
  }

  /** (Re)starts the watch on a run's isolate: it must answer or wait on host requests within its CPU limit plus the grace. */
  private watch(id: number, pending: Pending, extraMs = 0): void {
    clearTimeout(pending.stall);
    if (pending.cpuMs === undefined || !this.ready) return;
    // Wall time, as isolated-vm's own limit of each isolate call: a run past it was going to fail
    // with the time limit anyway.
    pending.stall = setTimeout(() => this.stalled(id), pending.cpuMs + STALL_GRACE_MS + extraMs);
    pending.stall.unref();
  }

  /** The run's isolate did not yield: it fails with the time limit, and the process goes (its other runs fail as crashed). */
  private stalled(id: number): void {
    const pending = this.pending.get(id);
    if (!pending || this.exited) return;
    this.settle(id);
    pending.reject(sandboxError(messages.timeout(pending.cpuMs!)));
    this.kill(true);
  }

  /** Ends the process at once (its runs in flight fail as crashed). */
  kill(stalled = false): void {
    if (this.exited || this.killed) return;
    this.killed = true;
    this.onKill(stalled);
    this.child.kill('SIGKILL');
  }

  /** Killed by the core: it takes no more work (its exit is on the way). */
  killed = false;

  private settle(id: number): void {
    if (this.syncId === id) this.unblock();
    clearTimeout(this.pending.get(id)?.stall);
    clearTimeout(this.pending.get(id)?.timer);
    this.pending.delete(id);
    if (this.pending.size === 0) this.idle();
  }

  /** Takes no new work from now on and stops once the runs in flight are answered. */
  retire(): void {
    this.retiring = true;
    if (this.pending.size === 0) this.stop();
  }

  /** Tells the process to exit (it does on disconnect); one that has not exited after RETIRE_KILL_MS is killed. */
  private stop(): void {
    if (this.exited) return;
    if (this.child.connected) this.child.disconnect();
    setTimeout(() => this.kill(), RETIRE_KILL_MS).unref();
  }

  /**
   * A process with nothing warm and nothing running for `retireMs` is stopped, so all of its
   * memory goes back to the OS (memory freed by disposed isolates mostly stays with the process);
   * the next request starts another.
   */
  checkRetire(): void {
    clearTimeout(this.retireTimer);
    if (this.retireMs <= 0 || this.exited || this.warm > 0 || this.pending.size > 0) return;
    this.retireTimer = setTimeout(() => {
      if (this.warm === 0 && this.pending.size === 0 && !this.exited) this.stop();
    }, this.retireMs);
    this.retireTimer.unref();
  }

  /** An idle process does not keep the core alive; one with work in flight does. */
  private idle(): void {
    if (this.retiring) return this.stop();
    this.checkRetire();
    this.child.unref();
    (this.child.channel as { unref?: () => void } | undefined)?.unref?.();
  }

  /** Tells the process to dispose one idle isolate of a key. */
  drop(key: string): void {
    this.warm--;
    if (!this.exited && this.child.connected) this.child.send({ type: 'drop', key });
    this.checkRetire();
  }

  /** A message without an answer (cancel). */
  tell(message: CoreMessage): void {
    if (!this.exited && this.child.connected) this.child.send(message);
  }

  send(
    message: CoreMessage & { id: number },
    name: string,
    deadlineMs: number,
    kill: () => void,
    listeners: Pick<Pending, 'onProgress' | 'onPart' | 'cpuMs' | 'startMs'> = {},
  ): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const pending: Pending = { name, resolve, reject, deadlineMs, kill, ...listeners };
      this.arm(pending, this.ready ? deadlineMs : deadlineMs + STARTUP_MS);
      this.watch(message.id, pending, pending.startMs);
      this.pending.set(message.id, pending);
      if (message.type === 'run' && message.sync) {
        this.syncId = message.id;
        this.runsOnThread++;
        if (message.staged) this.runsInPieces++;
      }
      clearTimeout(this.retireTimer);
      this.child.ref();
      (this.child.channel as { ref?: () => void } | undefined)?.ref?.();
      this.child.send(message, (error) => {
        if (!error || !this.pending.has(message.id)) return;
        this.settle(message.id);
        reject(sandboxError(`the sandbox process could not take the run of ${name}: ${error.message}`));
      });
    });
  }
}

/**
 * The core's handle on a warm isolate left in a sandbox process after a run: the core's pool
 * (global budget, LRU, idle time) keeps these; disposing one tells the process to drop it.
 */
export class RemoteInstance implements PooledInstance {
  lastUsed = Date.now();
  private dropped = false;

  constructor(
    readonly slot: Slot,
    readonly key: string,
    readonly memoryLimitMb: number,
  ) {
    slot.warm++;
  }

  get broken(): boolean {
    return this.slot.exited || this.slot.killed || this.slot.retiring;
  }

  get disposed(): boolean {
    return this.dropped || this.slot.exited || this.slot.killed;
  }

  dispose(): void {
    if (this.disposed) return;
    this.dropped = true;
    this.slot.drop(this.key);
  }
}

/**
 * A small supervised pool of sandbox processes. Runs of one key go to the same process (its
 * warm isolates); a process that dies fails the runs it had in flight with "the sandbox process
 * crashed while running <name>" and is replaced on the next request. Processes start on demand.
 * Replay batches run in a process of their own at a lower CPU priority: a replay uses the CPU
 * the test bench and ingestion leave, never their share.
 */
export class ProcessPool {
  private readonly slots: Array<Slot | undefined>;
  private background: Slot | undefined;
  private nextId = 1;
  private closed = false;

  /** Processes runs are spread over by key; `slots[size]` is the spare (see syncRuns). */
  private readonly size: number;

  constructor(private readonly options: ProcessPoolOptions) {
    this.size = Math.max(1, options.size);
    this.slots = new Array(this.size + 1).fill(undefined);
  }

  /** Live processes, those being recycled included (until they exit). */
  processes(): SandboxProcessInfo[] {
    return [...this.slots, this.background, ...this.retiring]
      .filter((s): s is Slot => !!s && !s.exited && s.child.pid !== undefined)
      .map((s) => ({
        pid: s.child.pid!,
        running: s.pending.size,
        rssMb: s.rssMb,
        heapMb: s.heapMb,
        isolatesMade: s.isolatesMade,
        ...(s.retiring ? { retiring: true } : {}),
        ...(s.background ? { background: true } : {}),
        runsOnThread: s.runsOnThread,
        runsInPieces: s.runsInPieces,
        ...(s.blocked ? { blocked: true } : {}),
        ...(s === this.slots[this.size] ? { spare: true } : {}),
      }));
  }

  /** A live process that takes work (a retired one is disconnected before it exits). */
  private static usable(slot: Slot | undefined): slot is Slot {
    return !!slot && !slot.exited && !slot.killed && !slot.retiring && slot.child.connected;
  }

  private slot(index: number): Slot {
    const existing = this.slots[index];
    if (ProcessPool.usable(existing)) return existing;
    const slot = new Slot((dead, how) => this.onExit(dead, how), this.options.retireMs ?? 0, false, this.onKill);
    this.slots[index] = slot;
    return slot;
  }

  /** The replay process (lower CPU priority), started on demand. */
  private backgroundSlot(): Slot {
    if (!ProcessPool.usable(this.background)) this.background = new Slot((dead, how) => this.onExit(dead, how), this.options.retireMs ?? 0, true, this.onKill);
    return this.background;
  }

  /** Takes the slot out of service (it exited or is being recycled). */
  private vacate(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots[index] = undefined;
    if (this.background === slot) this.background = undefined;
  }

  private onExit(slot: Slot, how: string): void {
    this.retiring.delete(slot);
    this.vacate(slot);
    for (const [, pending] of slot.pending) {
      clearTimeout(pending.timer);
      clearTimeout(pending.stall);
      pending.reject(
        this.closed
          ? sandboxError(messages.disposed)
          : sandboxError(messages.processCrashed(pending.name, how), { sandboxCrashed: true }),
      );
    }
    slot.pending.clear();
  }

  private indexFor(key: string | undefined): number {
    if (key === undefined) {
      // Library tests: the least busy process.
      let best = 0;
      for (let i = 1; i < this.size; i++) if ((this.slots[i]?.pending.size ?? 0) < (this.slots[best]?.pending.size ?? 0)) best = i;
      return best;
    }
    let hash = 0;
    for (let i = 0; i < key.length; i++) hash = (hash * 31 + key.charCodeAt(i)) | 0;
    return Math.abs(hash) % this.size;
  }

  /** When two runs were last in flight at once (interactive processes). */
  private lastConcurrent = -Infinity;

  /** Whether a run is in flight in an interactive process now (noted as the last time two overlapped). */
  private busy(): boolean {
    const busy = this.slots.some((slot) => !!slot && !slot.exited && slot.pending.size > 0);
    if (busy) this.lastConcurrent = performance.now();
    return busy;
  }

  /**
   * A blocked process is waited for a moment (a batch on its thread takes a few ms), then the
   * request goes elsewhere (a loop spinning until its time limit must not hold it up).
   */
  private async whenOpen(blocked: Slot): Promise<Slot> {
    await blocked.unblockedWithin(BLOCKED_WAIT_MS);
    if (this.closed) throw sandboxError(messages.disposed);
    return blocked.blocked || !ProcessPool.usable(blocked) ? this.unblocked(blocked) : blocked;
  }

  /**
   * Where a request goes when its process is blocked (running a batch on its own thread): an idle
   * process, else a busy one that is not blocked (its runs share its isolates' threads), else a
   * process of the pool not started yet or the spare, else (all blocked) the blocked one, to wait.
   */
  private unblocked(blocked: Slot): Slot {
    const open = this.slots.filter((slot): slot is Slot => ProcessPool.usable(slot) && !slot.blocked);
    const choice = open.find((slot) => slot.pending.size === 0) ?? open[0];
    if (choice) return choice;
    const free = this.slots.findIndex((slot) => !ProcessPool.usable(slot));
    return free >= 0 ? this.slot(free) : blocked;
  }

  private request(
    slot: Slot,
    message: Omit<RunRequest, 'id'> | Omit<ReplayBatchesRequest, 'id'> | Omit<LibraryTestRequest, 'id'>,
    name: string,
    deadlineMs: number,
    listeners?: Pick<Pending, 'onProgress' | 'onPart' | 'cpuMs' | 'startMs'>,
    id = this.nextId++,
  ) {
    // A process that stops answering (stuck in native code) is killed: its runs fail as crashed.
    return slot.send({ ...message, id } as CoreMessage & { id: number }, name, deadlineMs + (this.options.graceMs ?? 5000), () => slot.kill(), listeners);
  }

  /**
   * Runs a batch on the warm isolate `warm` stands for, else in the process the key hashes to.
   * Answers the result and a handle on the isolate the run left warm.
   */
  async run(
    request: Omit<RunRequest, 'id' | 'type' | 'payload'> & { payload: string | StagedPayload },
    warm?: RemoteInstance,
    onPart?: (json: string) => void,
    /** Takes back the warm handle when the run does not use it (its process is blocked, or the batch could not be made). */
    keepWarm?: (instance: RemoteInstance) => void,
  ): Promise<{ json: string; grouped?: GroupedAnswer; network: NetworkCall[]; instance: RemoteInstance }> {
    if (this.closed) throw sandboxError(messages.disposed);
    // A warm isolate in the replay process is not used for interactive runs (it is let go).
    const usable = warm && !warm.broken && !warm.slot.background ? warm : undefined;
    if (warm && !usable) warm.dispose();
    const concurrent = this.busy();
    let slot = usable?.slot ?? this.slot(this.indexFor(request.key));
    // Grouped runs of a key keep their order in the process of its warm isolate (see deadline).
    if (slot.blocked && !request.group) slot = await this.whenOpen(slot);
    // The warm handle goes back to the core's pool when it is not used (its isolate is fine).
    const letGo = (unused: RemoteInstance) => (keepWarm && !unused.broken ? keepWarm(unused) : unused.dispose());
    let handle = usable;
    if (handle && handle.slot !== slot) {
      letGo(handle);
      handle = undefined;
    }
    // A cold isolate is made asynchronously in the process: only a run on a warm one is sent to
    // block it (the process's thread is then busy for the batch alone).
    const sync =
      this.options.syncRuns !== false && !request.group && !!handle && slot.ready && slot.pending.size === 0 && !concurrent && performance.now() - this.lastConcurrent >= SYNC_QUIET_MS;
    // A grouped run may first wait in the process for the one run of its key sent before it
    // (runner.run keeps a key's grouped runs in arrival order): its deadline covers both.
    const deadlineMs = request.group ? 2 * request.limits.wallTimeoutMs : request.limits.wallTimeoutMs;
    const id = this.nextId++;
    let payload: string;
    let staged = 0;
    try {
      if (typeof request.payload === 'string') payload = request.payload;
      else if (!sync) payload = request.payload.whole();
      else {
        // A run on the process's thread gets its batch in pieces: the process parses each into
        // the isolate while the next is made here.
        for (const piece of request.payload.pieces) {
          slot.tell({ type: 'stage', id, key: request.key, text: piece(), timeoutMs: request.timeoutMs });
          staged++;
        }
        payload = request.payload.last(id);
      }
    } catch (error) {
      if (staged > 0) slot.tell({ type: 'unstage', id });
      if (handle) letGo(handle);
      throw error;
    }
    const message = { ...request, payload, type: 'run' as const, ...(sync ? { sync: true } : {}), ...(staged > 0 ? { staged } : {}) };
    // The watchdog: a cold isolate is made first, a grouped run may wait for its key's previous run
    // (the process says when the run starts: 'resumed').
    const startMs = handle && !request.group ? 0 : request.timeoutMs + STALL_START_MS;
    const reply = await this.request(slot, message, request.name, deadlineMs, { onPart, cpuMs: request.timeoutMs, startMs }, id).finally(() => this.recycleIfGrown(slot));
    const instance = handle ?? new RemoteInstance(slot, request.key, request.memoryLimitMb);
    return { json: reply.json ?? 'null', grouped: reply.grouped, network: reply.network ?? [], instance };
  }

  /**
   * Runs batches of a replay run (read, run each side, store) in the process that holds a warm
   * isolate of one of its sides, else where the first side's key hashes to. Answers what the
   * process did and, per side, the handle on the isolate the batches left warm there.
   */
  async replay(
    request: Omit<ReplayBatchesRequest, 'id' | 'type'>,
    handles: (RemoteInstance | undefined)[],
    onProgress: (done: number) => void,
  ): Promise<{ reply: ReplayBatchesReply; instances: RemoteInstance[] }> {
    if (this.closed) throw sandboxError(messages.disposed);
    // A replay process being recycled goes before its successor starts: two at once would hold
    // both memories (it has nothing left to run, so it exits at once).
    const previous = [...this.retiring].find((slot) => slot.background);
    if (previous && !ProcessPool.usable(this.background)) await Promise.race([previous.gone, delay(RECYCLE_WAIT_MS)]);
    if (this.closed) throw sandboxError(messages.disposed);
    const slot = this.backgroundSlot();
    // Warm isolates elsewhere (interactive runs of the same code) stay there.
    handles.forEach((handle) => handle && handle.slot !== slot && handle.dispose());
    const name = [...new Set(request.sides.map((side) => side.name))].join(' and ');
    // Progress comes with stored batches (100 ms apart at least); a batch may wait behind the
    // others in flight, its sides run at once.
    const deadlineMs = REPLAY_BATCHES_IN_FLIGHT * Math.max(...request.sides.map((side) => side.limits.wallTimeoutMs));
    clearTimeout(this.replayRecycleCheck);
    const reply = await this.request(slot, { ...request, type: 'replay' }, name, deadlineMs, { onProgress }).finally(() => this.recycleReplayProcess(slot));
    const instances = request.sides.map((side, i) => {
      const handle = handles[i];
      return handle && handle.slot === slot && !handle.broken ? handle : new RemoteInstance(slot, side.key, side.memoryLimitMb);
    });
    return { reply: reply.replay ?? { done: request.from, finished: false, written: false }, instances };
  }

  /** No new batch of the replay run starts (the process running it answers once those in flight are stored). */
  cancelReplay(runId: string): void {
    for (const slot of [this.background, ...this.retiring]) slot?.tell({ type: 'cancel', runId });
  }

  /**
   * The replay process is recycled between runs, not between the requests of one run (a new
   * process and its isolates cost a few hundred ms): the check waits a moment, and the run's next
   * request, sent at once, cancels it. Within a run, only twice the limit recycles it.
   */
  private recycleReplayProcess(slot: Slot): void {
    this.recycleIfGrown(slot, 2);
    this.replayRecycleCheck = setTimeout(() => this.recycleIfGrown(slot), REPLAY_RECYCLE_CHECK_MS);
    this.replayRecycleCheck.unref();
  }

  private replayRecycleCheck: NodeJS.Timeout | undefined;

  /**
   * Memory a sandbox process does not give back (native allocations of isolates and batches that
   * the allocator keeps) is bounded by replacing the process once it has grown past the limit
   * (times `factor`).
   */
  private recycleIfGrown(slot: Slot, factor = 1): void {
    if (slot.retiring || slot.exited || (factor === 1 && slot.background && slot.pending.size > 0)) return;
    if (slot.rssMb - slot.heapMb <= (this.options.recycleRssMb ?? 160) * factor) return;
    this.vacate(slot);
    this.recycled++;
    this.retiring.add(slot);
    slot.retire();
  }

  /** Processes replaced because they had grown past the memory limit (since start). */
  recycled = 0;
  /** Processes killed (since start): stuck past a deadline, not exiting when retired, or `stalled` (a run's isolate did not yield by its time limit). */
  killed = 0;
  stalled = 0;
  private readonly onKill = (stalled: boolean) => {
    this.killed++;
    if (stalled) this.stalled++;
  };
  private readonly retiring = new Set<Slot>();

  async testLibrary(request: Omit<LibraryTestRequest, 'id' | 'type'>): Promise<void> {
    if (this.closed) throw sandboxError(messages.disposed);
    this.busy();
    const least = this.slot(this.indexFor(undefined));
    await this.request(least.blocked ? await this.whenOpen(least) : least, { ...request, type: 'library' }, `library ${request.library.importName}`, request.timeoutMs * 2);
  }

  /** Starts the first process now (its modules load while nothing waits for it), if none runs yet. */
  prestart(): void {
    if (!this.closed) this.slot(0);
  }

  close(): void {
    this.closed = true;
    for (const slot of [...this.slots, this.background, ...this.retiring]) if (slot && !slot.exited) slot.child.kill('SIGKILL');
  }
}
