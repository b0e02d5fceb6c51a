import type { ChildProcess } from 'node:child_process';
import { StudioError } from '../../errors';
import type { ErrorCode } from '../../../shared/errors';
import { messages, sandboxError } from '../errors';
import type { CoreMessage, ProcessReply } from '../protocol/messages';
import { armDeadline, armWatch, Waiters, type Listeners, type Pending, type Reply } from './pending';
import { forkSandbox, type SlotOptions } from './spawn';
import { RETIRE_KILL_MS, STALL_GRACE_MS, superviseChild } from './process-watch';
import { budgetMb, watchMemory, type MemoryWatch } from './memory-watch';
import type { SlotState, SlotView } from './placement';
import { retireWhenIdle } from './policies';

/** Longest start of a process: a request sent before it is ready gets this on top of its deadline (which starts over at ready). */
const STARTUP_MS = 30_000;

/** One supervised sandbox process, its state (placement.ts's SlotState) and the requests it has in flight. */
export class Slot {
  readonly child: ChildProcess;
  readonly pending = new Map<number, Pending>();
  readonly gone: Promise<void>; // settles when the process has exited
  private current: SlotState = 'starting';
  warm = 0; // warm isolates the core's pool holds handles on in this process
  /** As the process reported with its last answer: its resident memory, its isolates' heaps (MB), the isolates it made. */
  rssMb = 0;
  heapMb = 0;
  externalMb = 0;
  isolatesMade = 0;
  /** The request it runs on its own thread while `blocked`. */
  private syncId: number | undefined;
  /** Runs sent to run on its thread, and of those, runs whose batch came in pieces. */
  runsOnThread = 0;
  runsInPieces = 0;
  private retireTimer: NodeJS.Timeout | undefined;
  /** Waiting for the run on the process's thread to end (see unblockedWithin). */
  private readonly unblockWaiters = new Waiters();
  readonly background: boolean;

  constructor(onExit: (slot: Slot, how: string) => void, private readonly options: SlotOptions) {
    this.background = options.background;
    this.child = forkSandbox(this.background, options.workers);
    superviseChild(this.child);
    this.memory = watchMemory(this.child.pid, () => budgetMb(options.restMb, this.heapMb, this.pending.values()), () => this.kill(false, undefined, true));
    this.child.on('message', (reply: ProcessReply) => this.answer(reply));
    this.child.on('error', () => {}); // exit follows
    this.gone = new Promise((resolve) =>
      this.child.on('exit', (code, signal) => {
        this.current = 'exited';
        this.memory.close();
        this.unblock();
        onExit(this, signal ? `killed by ${signal}` : `exit code ${code}`);
        resolve();
      }),
    );
    this.idle();
  }

  get exited(): boolean {
    return this.current === 'exited';
  }

  /** Killed by the core: it takes no more work (its exit is on the way). */
  killed = false;

  get retiring(): boolean {
    return this.current === 'retiring';
  }

  get blocked(): boolean {
    return this.current === 'blocked';
  }

  /** Said it is ready (its modules are loaded): deadlines count from then. */
  get ready(): boolean {
    return this.current !== 'starting';
  }

  /** Takes work: neither retiring nor gone (a retired process is disconnected before it exits). */
  get usable(): boolean {
    return (this.current === 'starting' || this.current === 'ready' || this.current === 'blocked') && this.child.connected && !this.killed;
  }

  /** What placement and the policies see of it. */
  view(): SlotView & { warm: number } {
    return { state: this.usable || this.exited || this.retiring ? this.current : 'retiring', running: this.pending.size, warm: this.warm };
  }

  private answer(reply: ProcessReply): void {
    if (reply.type === 'ready') {
      // Deadlines count from here: starting the process is not a run's time (on a busy machine
      // it took long enough to kill the first run of a fresh process as stuck).
      if (this.current === 'starting') this.current = 'ready';
      for (const [id, pending] of this.pending) {
        armDeadline(pending, pending.deadlineMs);
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
    this.externalMb = reply.externalMb ?? 0;
    this.isolatesMade = reply.made ?? this.isolatesMade;
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    if (reply.type === 'progress') {
      if (!pending.onProgress) return;
      armDeadline(pending, pending.deadlineMs);
      return pending.onProgress(reply.done);
    }
    if (this.memory.checkPeak()) return; // killed past its budget: the exit fails or reruns it
    this.settle(reply.id);
    if (reply.type === 'done') pending.resolve(reply);
    else pending.reject(new StudioError(reply.error.code as ErrorCode, reply.error.message, reply.error.details));
  }

  /** Settles once the process is no longer blocked (or gone), or after `ms`. */
  unblockedWithin(ms: number): Promise<void> {
    return this.blocked ? this.unblockWaiters.within(ms) : Promise.resolve();
  }

  private unblock(): void {
    this.syncId = undefined;
    if (this.current === 'blocked') this.current = 'ready';
    this.unblockWaiters.wake();
  }

  /** (Re)starts the watch on a run's isolate (pending.ts). */
  private watch(id: number, pending: Pending, extraMs = 0): void {
    if (this.ready) armWatch(pending, STALL_GRACE_MS + extraMs, () => this.stalled(id));
  }

  /**
   * The run's isolate did not yield: it fails with the time limit, and the process goes. Its
   * other runs did nothing wrong: they are run again elsewhere (process-pool.ts, `culprit`).
   */
  private stalled(id: number): void {
    const pending = this.pending.get(id);
    if (!pending || this.exited) return;
    this.settle(id);
    pending.reject(sandboxError(messages.timeout(pending.cpuMs!)));
    this.kill(true, id);
  }

  /** The request the process was killed for (a stalled isolate, a request past its deadline), if any. */
  culprit: number | undefined;
  /** Its resident memory, read while requests are in flight (memory-watch.ts); `overBudget`: killed past its budget (run-again.ts's exitError). */
  private readonly memory: MemoryWatch;
  overBudget = false;

  /** Ends the process at once; `culprit`: the request it is killed for (its other runs in flight are not to blame). */
  kill(stalled = false, culprit?: number, overBudget = false): void {
    if (this.exited || this.killed) return;
    this.killed = true;
    this.culprit = culprit;
    this.overBudget = overBudget;
    this.options.onKill(stalled, overBudget);
    this.child.kill('SIGKILL');
  }

  private settle(id: number): void {
    if (this.syncId === id) this.unblock();
    clearTimeout(this.pending.get(id)?.stall);
    clearTimeout(this.pending.get(id)?.timer);
    this.pending.delete(id);
    if (this.pending.size === 0) this.idle();
  }

  /** Takes no new work from now on and stops once the runs in flight are answered. */
  retire(): void {
    if (this.exited) return;
    this.syncId = undefined;
    this.current = 'retiring';
    if (this.pending.size === 0) this.stop();
  }

  /** Tells the process to exit (it does on disconnect); one that has not exited after RETIRE_KILL_MS is killed. */
  private stop(): void {
    if (this.exited) return;
    if (this.child.connected) this.child.disconnect();
    setTimeout(() => this.kill(), RETIRE_KILL_MS).unref();
  }

  /** Stops the process once it has had nothing warm and nothing running for `retireMs` (policies.ts). */
  checkRetire(): void {
    clearTimeout(this.retireTimer);
    if (!retireWhenIdle(this.view(), this.options.retireMs)) return;
    this.retireTimer = setTimeout(() => {
      if (!retireWhenIdle(this.view(), this.options.retireMs)) return;
      this.current = 'retiring';
      this.stop();
    }, this.options.retireMs);
    this.retireTimer.unref();
  }

  /** An idle process does not keep the core alive; one with work in flight does. */
  private idle(): void {
    this.memory.stop();
    if (this.retiring) return this.stop();
    this.checkRetire();
    this.child.unref();
    (this.child.channel as { unref?: () => void } | undefined)?.unref?.();
  }

  /** Tells the process to dispose one idle isolate of a key. */
  drop(key: string): void {
    this.warm--;
    this.tell({ type: 'drop', key });
    this.checkRetire();
  }

  /** A message without an answer (cancel, stage, unstage, drop). */
  tell(message: CoreMessage): void {
    if (!this.exited && this.child.connected) this.child.send(message);
  }

  send(message: CoreMessage & { id: number }, name: string, deadlineMs: number, kill: () => void, listeners: Listeners = {}): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const pending: Pending = { name, resolve, reject, deadlineMs, kill, ...listeners };
      armDeadline(pending, this.ready ? deadlineMs : deadlineMs + STARTUP_MS);
      this.watch(message.id, pending, pending.startMs);
      this.pending.set(message.id, pending);
      this.memory.start();
      if (message.type === 'run' && message.mode.kind === 'process-thread') {
        this.syncId = message.id;
        if (this.current === 'ready') this.current = 'blocked';
        this.runsOnThread++;
        if (message.mode.staged > 0) this.runsInPieces++;
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
