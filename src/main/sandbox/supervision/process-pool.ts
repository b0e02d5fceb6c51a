import { messages, sandboxError } from '../errors';
import { WORK_RUNS_IN_FLIGHT, type LibraryTestRequest, type RunRequest, type WorkRequest } from '../protocol/messages';
import type { RunMode } from '../protocol/run-mode';
import { SlotTimers } from './slot-timers';
import { backgroundSlot } from './background';
import { choose, type Choice, type PoolView, type SlotRef, type WarmView } from './placement';
import { lastConcurrentAt, shouldRecycle } from './policies';
import { keptInstances, RemoteInstance } from './remote-instance';
import { infoOf, type Placed, type ProcessPoolOptions, type RunInput, type SandboxProcessInfo } from './info';
import type { Listeners } from './pending';
import { exitError, runAgainOnce, type RunAnswer } from './run-again';
import { Slot } from './slot';
import { sendPayload } from './staging';
import { STALL_START_MS } from './process-watch';
import { jobMemory, requestMemory } from './memory-watch';

export type { ProcessPoolOptions, SandboxProcessInfo };

/** A run for a blocked process waits this long for it before going to another one (blockedWaitMs's default). */
const BLOCKED_WAIT_MS = 50;
/** A background process's idle time before its memory is checked; recycleRssMb's default. */
const [REPLAY_RECYCLE_CHECK_MS, RECYCLE_RSS_MB] = [200, 160];

/**
 * A small supervised pool of sandbox processes. Runs of one key go to the same process (its
 * warm isolates); a process that dies fails the runs it had in flight with "the sandbox process
 * crashed while running <name>" and is replaced on the next request. Processes start on demand.
 * Replay batches run in processes of their own (as many as the keyed ones, a run's batches in
 * flight spread over them) at a lower CPU priority: a replay uses the CPU the test bench and
 * ingestion leave, never their share.
 */
export class ProcessPool {
  private readonly keyed: Array<Slot | undefined>;
  private spare: Slot | undefined;
  /** The background processes workers' jobs spread over (as many as the keyed ones). */
  private readonly background: Array<Slot | undefined>;
  private readonly retiring = new Set<Slot>();
  private nextId = 1;
  private closed = false;
  /** When two runs were last in flight at once (policies.ts's quiet rule). */
  private lastConcurrent = -Infinity;
  /** Per background process: its memory is checked a moment after its last job (recycleReplayProcess). */
  private readonly recycleChecks = new SlotTimers<Slot>();

  constructor(private readonly options: ProcessPoolOptions) {
    this.keyed = new Array(Math.max(1, options.size)).fill(undefined);
    this.background = new Array(Math.max(1, options.size)).fill(undefined);
  }

  /** Live processes, those being recycled included (until they exit). */
  processes(): SandboxProcessInfo[] {
    return [...this.keyed, this.spare, ...this.background, ...this.retiring]
      .filter((s): s is Slot => !!s && !s.exited && s.child.pid !== undefined)
      .map((s) => infoOf(s, s === this.spare));
  }

  private newSlot(background = false): Slot {
    const { retireMs = 0, workers = {}, recycleRssMb = RECYCLE_RSS_MB } = this.options;
    return new Slot((dead, how) => this.onExit(dead, how), { retireMs, background, onKill: this.onKill, workers, restMb: Math.max(recycleRssMb, RECYCLE_RSS_MB) * (background ? 2 : 1) });
  }

  /** Processes since start: recycled (grown past the recycling limit), killed (stuck, not exiting when retired, past their budget), of those `stalled`, `overBudget`. */
  readonly counts = { recycled: 0, killed: 0, stalled: 0, overBudget: 0 };
  private readonly onKill = (stalled: boolean, overBudget: boolean) => {
    this.counts.killed++;
    this.counts.stalled += Number(stalled);
    this.counts.overBudget += Number(overBudget);
  };

  private at(ref: SlotRef): Slot | undefined {
    return ref === 'spare' ? this.spare : this.keyed[ref];
  }

  /** The process at `ref`, started when there is no usable one. */
  private started(ref: SlotRef): Slot {
    const existing = this.at(ref);
    if (existing?.usable) return existing;
    const slot = this.newSlot();
    if (ref === 'spare') this.spare = slot;
    else this.keyed[ref] = slot;
    return slot;
  }

  private refOf(slot: Slot): SlotRef | 'background' | undefined {
    if (slot === this.spare) return 'spare';
    if (slot.background) return 'background';
    const index = this.keyed.indexOf(slot);
    return index >= 0 ? index : undefined;
  }

  /** Takes the slot out of service (it exited or is being recycled). */
  private vacate(slot: Slot): void {
    const ref = this.refOf(slot);
    if (ref === 'spare') this.spare = undefined;
    else if (ref === 'background') {
      const index = this.background.indexOf(slot);
      if (index >= 0) this.background[index] = undefined;
    } else if (ref !== undefined) this.keyed[ref] = undefined;
  }

  private onExit(slot: Slot, how: string): void {
    this.retiring.delete(slot);
    this.vacate(slot);
    for (const [id, pending] of slot.pending) {
      for (const timer of [pending.timer, pending.stall]) clearTimeout(timer);
      pending.reject(exitError(id, pending, { how, closed: this.closed, culprit: slot.culprit, overBudget: slot.overBudget, inFlight: slot.pending.size }));
    }
    slot.pending.clear();
  }

  private view(): PoolView {
    return { keyed: this.keyed.map((s) => s?.view()), spare: this.spare?.view(), lastConcurrent: this.lastConcurrent, syncRuns: this.options.syncRuns !== false };
  }

  /**
   * The process a request goes to (placement.ts): a blocked one is waited for a moment (a batch
   * on its thread takes a few ms), then the request goes elsewhere (a loop spinning until its
   * time limit must not hold it up).
   */
  private place(key: string | undefined, group: boolean, warm: RemoteInstance | undefined): Placed | Promise<Placed> {
    this.lastConcurrent = lastConcurrentAt([...this.keyed.map((s) => s?.view()), this.spare?.view()], this.lastConcurrent, performance.now());
    const warmView: WarmView | undefined = warm && { at: this.refOf(warm.slot) ?? 'background', broken: warm.broken };
    const placed = (choice: Choice): Placed => {
      if ('wait' in choice) throw new Error('placement asked to wait twice');
      return { slot: this.started(choice.go), useWarm: choice.useWarm, sync: choice.sync };
    };
    const choice = choose(this.view(), { key, group }, warmView, performance.now());
    if (!('wait' in choice)) return placed(choice); // no await: the request leaves in this tick
    return (async () => {
      await this.at(choice.wait)?.unblockedWithin(this.options.blockedWaitMs ?? BLOCKED_WAIT_MS);
      if (this.closed) throw sandboxError(messages.disposed);
      return placed(choose(this.view(), { key, group, waited: choice.wait }, warmView, performance.now()));
    })();
  }

  private request(slot: Slot, message: Omit<RunRequest, 'id'> | Omit<WorkRequest, 'id'> | Omit<LibraryTestRequest, 'id'>, name: string, deadlineMs: number, listeners?: Listeners, id = this.nextId++) {
    // A process that stops answering (stuck in native code) is killed: the request fails as crashed.
    return slot.send({ ...message, id } as RunRequest, name, deadlineMs + (this.options.graceMs ?? 5000), () => slot.kill(false, id), listeners);
  }

  /**
   * Runs a batch on the warm isolate `warm` stands for, else where placement says. Answers the
   * result and a handle on the isolate the run left warm. `keepWarm` takes back the warm handle
   * when the run does not use it (another process was chosen, or the batch could not be made).
   * A run whose process is killed for another run (its isolate stalled) runs once more elsewhere;
   * one that shared a process which went past its memory budget, alone in a process of its own (retired once the run is sent).
   */
  run(request: RunInput, warm?: RemoteInstance, onPart?: (json: string) => void, keepWarm?: (instance: RemoteInstance) => void): Promise<RunAnswer> {
    return runAgainOnce((listen, again, alone) => this.runOnce(request, again ? undefined : warm, listen, keepWarm, alone), onPart);
  }

  private readonly alone = (slot = this.newSlot()): Placed => (this.retiring.add(slot), { slot, useWarm: false, sync: false });

  private async runOnce(request: RunInput, warm?: RemoteInstance, onPart?: (json: string) => void, keepWarm?: (instance: RemoteInstance) => void, alone = false): Promise<RunAnswer> {
    if (this.closed) throw sandboxError(messages.disposed);
    const { groupedEvents, parts, payload: given, ...rest } = request;
    const grouped = groupedEvents !== undefined;
    const placing = alone ? this.alone() : this.place(request.key, grouped, warm);
    const { slot, useWarm, sync } = placing instanceof Promise ? await placing : placing;
    const letGo = (unused: RemoteInstance) => (keepWarm && !unused.broken && !unused.slot.background ? keepWarm(unused) : unused.dispose());
    if (warm && !useWarm) letGo(warm);
    const handle = useWarm ? warm : undefined;
    // A grouped run may first wait in the process for the one run of its key sent before it
    // (runner.run keeps a key's grouped runs in arrival order): its deadline covers both.
    const deadlineMs = grouped ? 2 * request.limits.wallTimeoutMs : request.limits.wallTimeoutMs;
    const id = this.nextId++;
    let sent: { payload: string; staged: number };
    try {
      sent = sendPayload(slot, { id, key: request.key, timeoutMs: request.timeoutMs }, given, sync);
    } catch (error) {
      if (handle) letGo(handle);
      throw error;
    }
    const { payload, staged } = sent;
    const mode: RunMode = grouped ? { kind: 'grouped', events: groupedEvents } : sync ? { kind: 'process-thread', parts, staged } : { kind: 'isolate-thread', parts };
    const message = { ...rest, payload, type: 'run' as const, mode };
    // The watchdog: a cold isolate is made first, a grouped run may wait for its key's previous run
    // (the process says when the run starts: 'resumed').
    const startMs = handle && !grouped ? 0 : request.timeoutMs + STALL_START_MS;
    const listeners = { onPart, cpuMs: request.timeoutMs, startMs, rerun: true, memory: requestMemory(request.memoryLimitMb, payload.length * (staged + 1)) };
    const replied = this.request(slot, message, request.name, deadlineMs, listeners, id);
    if (alone) slot.retire();
    const reply = await replied.finally(() => this.recycleIfGrown(slot));
    const instance = handle ?? new RemoteInstance(slot, request.key, request.memoryLimitMb);
    return { json: reply.json ?? 'null', grouped: reply.grouped, network: reply.network ?? [], instance };
  }

  /**
   * Runs a registered worker's job (replay: one batch run through each side) in a background
   * process (lower CPU priority). `hold` takes the core's handles on the sides' warm isolates in
   * the process chosen. Answers what the worker answered and, per side, the handle on the
   * isolate the job left warm there.
   */
  async work(
    request: Omit<WorkRequest, 'id' | 'type'>,
    hold: (slot: Slot) => (RemoteInstance | undefined)[],
    onProgress: (done: number) => void,
  ): Promise<{ reply: unknown; instances: RemoteInstance[] }> {
    if (this.closed) throw sandboxError(messages.disposed);
    const slot = await backgroundSlot(this.background, this.retiring, () => this.newSlot(true), () => this.closed);
    const handles = hold(slot);
    const name = [...new Set(request.sides.map((side) => side.name))].join(' and ');
    // Progress comes at least once per WORK_RUNS_IN_FLIGHT runs (replay: with stored batches, 100
    // ms apart at least; a batch may wait behind the others in flight, its sides run at once).
    const deadlineMs = WORK_RUNS_IN_FLIGHT * Math.max(...request.sides.map((side) => side.limits.wallTimeoutMs));
    this.recycleChecks.cancel(slot);
    const reply = await this.request(slot, { ...request, type: 'work' }, name, deadlineMs, { onProgress, memory: jobMemory(request.sides) }).finally(() => this.recycleReplayProcess(slot));
    return { reply: reply.work, instances: keptInstances(slot, request.sides, handles) };
  }

  /** The worker's job of this key starts nothing new (the process answers it once what is in flight is done). */
  cancelWork(worker: string, key: string): void {
    for (const slot of [...this.background, ...this.retiring]) slot?.tell({ type: 'cancel', worker, key });
  }

  /**
   * The replay process is recycled between runs, not between the requests of one run (a new process and its isolates cost a few
   * hundred ms): the check waits a moment, and the run's next request, sent at once, cancels it. Within a run, only twice the limit.
   */
  private recycleReplayProcess(slot: Slot): void {
    this.recycleIfGrown(slot, 2);
    this.recycleChecks.set(slot, REPLAY_RECYCLE_CHECK_MS, () => this.recycleIfGrown(slot));
  }

  /** A process grown past the memory limit (policies.ts) is replaced: it takes no new work and stops once its runs are done. */
  private recycleIfGrown(slot: Slot, factor = 1): void {
    const view = { ...slot.view(), rssMb: slot.rssMb, heapMb: slot.heapMb, background: slot.background };
    if (!shouldRecycle(view, this.options.recycleRssMb ?? RECYCLE_RSS_MB, factor)) return;
    this.vacate(slot);
    this.counts.recycled++;
    this.retiring.add(slot);
    slot.retire();
  }

  async testLibrary(request: Omit<LibraryTestRequest, 'id' | 'type'>): Promise<void> {
    if (this.closed) throw sandboxError(messages.disposed);
    const placing = this.place(undefined, false, undefined);
    const { slot } = placing instanceof Promise ? await placing : placing;
    await this.request(slot, { ...request, type: 'library' }, `library ${request.library.importName}`, request.timeoutMs * 2, { memory: requestMemory(request.memoryLimitMb) });
  }

  /** Starts the first process now (its modules load while nothing waits for it), if none runs yet. */
  prestart = (): void => void (this.closed || this.started(0));
  close(): void {
    this.closed = true;
    this.recycleChecks.clear();
    for (const slot of [...this.keyed, this.spare, ...this.background, ...this.retiring]) if (slot && !slot.exited) slot.child.kill('SIGKILL');
  }
}
