import type { FastifyBaseLogger } from 'fastify';
import { createJobLoop, type JobLoop, type StepResult } from '../jobs/loop';
import type { Sandbox } from '../sandbox';
import type { Store } from '../store';
import type { Destination, PublishedCode } from '../store/destinations-repo';
import type { StoredEvent } from '../store/events-repo';
import { deliverBatch, type BatchOutcome, type Step } from './batch-delivery';
import { normaliseConfig } from './destination-config';
import { createSink, type Sink } from './sinks';
import { CRASH_LIMIT, quarantineReason } from './quarantine';

export interface WorkerDeps {
  store: Store;
  dataDir: string;
  workspaceId: string;
  getSandbox: () => Sandbox | undefined;
  log: () => FastifyBaseLogger;
  batchSize: number;
  /** How long an idle worker sleeps when nobody wakes it (a safety net, not the main path). */
  idleMs: number;
  /** How long a worker waits before retrying when it cannot proceed (no sandbox, transient error); the first back-off after an unexpected error. */
  retryMs: number;
}

export type WorkerState = 'starting' | 'running' | 'idle' | 'paused' | 'waiting' | 'stopped';

export interface WorkerStatus {
  state: WorkerState;
  /** Why the worker waits or what went wrong last (cleared by the next good batch). */
  lastError: string | null;
  lastBatchAt: string | null;
}

/** How far ahead of its cursor a worker scans in one batch query. */
const SCAN_WINDOW = 20_000;
/** Longest back-off after unexpected errors in a row. */
const MAX_BACKOFF_MS = 30_000;

/**
 * The background worker of one destination (a job loop, jobs/loop.ts): reads its queue
 * (captured events after its cursor, from its sources) and hands each batch to deliverBatch
 * (batch-delivery.ts), which records per-event results and advances the cursor in one
 * transaction. A crash anywhere before that commit means the batch is processed again
 * (at-least-once).
 */
export class DestinationWorker {
  private status: WorkerStatus = { state: 'starting', lastError: null, lastBatchAt: null };
  private readonly loop: JobLoop;
  private sink: { key: string; sink: Sink } | undefined;
  /** Failed runs in a row that were not the code's fault (retried a few times before they count). */
  private transientFailures = 0;
  /** Times it was woken (new events of its sources, an edit): what the pipeline's routing shows. */
  wakes = 0;

  constructor(
    readonly destinationId: string,
    readonly deps: WorkerDeps,
  ) {
    this.loop = createJobLoop({
      step: async (signal) => this.toLoop(await this.step(signal)),
      idleMs: () => this.idleFor(),
      backoff: { firstMs: deps.retryMs, maxMs: Math.max(deps.retryMs, MAX_BACKOFF_MS) },
      onError: (error) => {
        this.status = { ...this.status, state: 'waiting', lastError: `unexpected error: ${(error as Error).message}` };
        this.deps.log().error({ err: error, destinationId: this.destinationId }, 'delivery batch failed');
      },
    });
  }

  start(): void {
    this.loop.start();
  }

  getStatus(): WorkerStatus {
    return { ...this.status };
  }

  /** Something changed (new events, destination edited): look at the queue again. */
  wake(): void {
    this.wakes++;
    this.loop.wake();
  }

  /** Stops after the current batch; an in-flight delivery is aborted and not recorded. */
  async stop(): Promise<void> {
    await this.loop.stop();
    this.status.state = 'stopped';
  }

  private setStatus(status: Partial<WorkerStatus>): void {
    this.status = { ...this.status, ...status };
  }

  private toLoop(step: Step): StepResult {
    if (step === 'gone') {
      this.status.state = 'stopped';
      return 'done';
    }
    return step === 'wait' ? { sleepMs: this.deps.retryMs } : step;
  }

  /** Sleeps no longer than until the next retry is due. */
  private idleFor(): number {
    const due = this.deps.store.deliveryHealth.nextDueAt(this.destinationId);
    return due === null ? this.deps.idleMs : Math.max(0, Math.min(this.deps.idleMs, Date.parse(due) - Date.now() + 5));
  }

  private sinkFor(destination: Destination): Sink {
    const key = `${destination.kind}:${JSON.stringify(destination.config)}`;
    if (this.sink?.key !== key) {
      const config = normaliseConfig(destination.kind, destination.config);
      this.sink = { key, sink: createSink({ ...destination, config }, this.deps.dataDir, true) };
    }
    return this.sink.sink;
  }

  /** Paused with a reason until something changes (the destination is woken when it is edited). */
  private pause(reason: string): Step {
    this.setStatus({ state: 'paused', lastError: reason });
    return 'idle';
  }

  /**
   * A run crashed its sandbox process: the batch is not recorded (its events stay queued) and is
   * tried again after a pause; at the CRASH_LIMIT-th crash in a row the version is quarantined.
   */
  private crashed(code: PublishedCode, message: string): Step {
    const count = this.deps.store.quarantine.recordCrash(code.versionId, message, CRASH_LIMIT);
    this.deps.log().warn({ destinationId: this.destinationId, versionId: code.versionId, crashes: count.crashes }, 'a transformation run crashed its sandbox process');
    if (count.quarantinedAt) return this.pause(quarantineReason(message, count.crashes));
    return this.wait(`${message} (crash ${count.crashes} of ${CRASH_LIMIT} before this version is quarantined)`);
  }

  private wait(reason: string): Step {
    this.setStatus({ state: 'waiting', lastError: reason });
    return 'wait';
  }

  /** Processes at most one batch. */
  private async step(signal: AbortSignal): Promise<Step> {
    const { store } = this.deps;
    const destination = store.destinations.get(this.destinationId);
    if (!destination) return 'gone';
    if (!destination.enabled) {
      this.setStatus({ state: 'paused', lastError: null });
      return 'idle';
    }
    let cursor = store.deliveries.cursor(destination.id);
    if (cursor === undefined) {
      // A destination made outside the studio API: start with the events that come next.
      cursor = store.events.maxSeq();
      store.deliveries.setCursor(destination.id, cursor);
    }
    // Failed events queued by "retry failed" go first; the cursor stays where it is.
    const retrySeqs = store.deliveryHealth.nextRetries(destination.id, this.deps.batchSize);
    if (retrySeqs.length) {
      const retryRows = store.events.getMany(retrySeqs);
      if (retryRows.length === 0) {
        store.deliveryHealth.retried(destination.id, retrySeqs); // the events are gone (deleted, retention)
        return 'more';
      }
      // Retries are due: the worker is not idle until they are done.
      return this.deliver(signal, destination, retryRows, cursor, retrySeqs);
    }
    const maxSeq = store.events.maxSeq();
    if (maxSeq <= cursor) {
      this.setStatus({ state: 'idle', lastError: this.status.state === 'waiting' ? this.status.lastError : null });
      return 'idle';
    }
    const upto = Math.min(maxSeq, cursor + SCAN_WINDOW);
    const rows = store.events.forDestination(destination.id, cursor, upto, this.deps.batchSize);
    const next = rows.length === this.deps.batchSize ? rows[rows.length - 1]!.seq : upto;
    if (rows.length === 0) {
      store.deliveries.setCursor(destination.id, next);
      return next < maxSeq ? 'more' : 'idle';
    }
    return this.deliver(signal, destination, rows, next);
  }

  /** Runs one batch (batch-delivery.ts) and applies how it ended. */
  private async deliver(signal: AbortSignal, destination: Destination, rows: StoredEvent[], next: number, retried?: number[]): Promise<Step> {
    let sink: Sink | { invalid: string };
    try {
      sink = this.sinkFor(destination);
    } catch (error) {
      sink = { invalid: (error as Error).message };
    }
    this.setStatus({ state: 'running' });
    const { store, workspaceId } = this.deps;
    const outcome = await deliverBatch({ store, workspaceId, sandbox: this.deps.getSandbox(), destination, sink, rows, next, retried, transientFailures: this.transientFailures }, signal);
    return this.apply(outcome);
  }

  private apply(outcome: BatchOutcome): Step {
    switch (outcome.kind) {
      case 'recorded':
        this.transientFailures = 0;
        this.setStatus({ state: 'running', lastError: outcome.lastError, lastBatchAt: outcome.at });
        return 'more';
      case 'wait':
        if (outcome.transient) this.transientFailures++;
        return this.wait(outcome.reason);
      case 'pause':
        return this.pause(outcome.reason);
      case 'crashed':
        return this.crashed(outcome.code, outcome.message);
    }
  }
}
