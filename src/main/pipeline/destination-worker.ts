import type { FastifyBaseLogger } from 'fastify';
import { StudioError } from '../errors';
import type { Sandbox } from '../sandbox';
import type { Store } from '../store';
import type { Destination, PublishedCode } from '../store/destinations-repo';
import type { StoredEvent } from '../store/events-repo';
import { deliveryResults, flattenOutputs } from './delivery-results';
import { normaliseConfig } from './destination-config';
import { integrationsAllow } from './integrations';
import { AbortedError } from './retry';
import { planRetries } from './retry-plan';
import { scheduleOf } from './retry-schedule';
import { createSink, type Sink } from './sinks';
import { CRASH_LIMIT, quarantineReason } from './quarantine';
import { metadataFor, passThrough, runTransformation, type TransformStepResult } from './transform-step';

export interface WorkerDeps {
  store: Store;
  dataDir: string;
  workspaceId: string;
  getSandbox: () => Sandbox | undefined;
  log: () => FastifyBaseLogger;
  batchSize: number;
  /** How long an idle worker sleeps when nobody wakes it (a safety net, not the main path). */
  idleMs: number;
  /** How long a worker waits before retrying when it cannot proceed (no sandbox, transient error). */
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
const MAX_TRANSIENT_FAILURES = 3;

type Step = 'more' | 'idle' | 'wait' | 'gone';

/**
 * The background worker of one destination: reads its queue (captured events after its
 * cursor, from its sources), applies `integrations`, runs the connected published
 * transformation, hands outputs to the sink, then records per-event results and advances
 * the cursor in one transaction. A crash anywhere before that commit means the batch is
 * processed again (at-least-once).
 */
export class DestinationWorker {
  private status: WorkerStatus = { state: 'starting', lastError: null, lastBatchAt: null };
  private stopped = false;
  private woken = false;
  private wakeUp: (() => void) | undefined;
  private readonly abort = new AbortController();
  private loop: Promise<void> | undefined;
  private sink: { key: string; sink: Sink } | undefined;
  private transientFailures = 0;

  constructor(
    readonly destinationId: string,
    private readonly deps: WorkerDeps,
  ) {}

  start(): void {
    this.loop ??= this.run().catch((error: unknown) => {
      this.status = { ...this.status, state: 'stopped', lastError: (error as Error).message };
      this.deps.log().error({ err: error, destinationId: this.destinationId }, 'delivery worker stopped');
    });
  }

  getStatus(): WorkerStatus {
    return { ...this.status };
  }

  /** Something changed (new events, destination edited): look at the queue again. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Stops after the current batch; an in-flight delivery is aborted and not recorded. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    this.wake();
    await this.loop;
    this.status.state = 'stopped';
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken || this.stopped) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref?.();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = undefined;
        done();
      };
    }).then(() => {
      this.wakeUp = undefined;
      this.woken = false;
    });
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let step: Step;
      try {
        step = await this.step();
      } catch (error) {
        if (this.stopped || error instanceof AbortedError) break;
        this.status = { ...this.status, state: 'waiting', lastError: `unexpected error: ${(error as Error).message}` };
        this.deps.log().error({ err: error, destinationId: this.destinationId }, 'delivery batch failed');
        step = 'wait';
      }
      if (step === 'gone') break;
      if (step === 'idle') await this.sleep(this.idleFor());
      else if (step === 'wait') await this.sleep(this.deps.retryMs);
    }
    this.status.state = 'stopped';
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
      this.sink = { key, sink: createSink({ ...destination, config }, this.deps.dataDir) };
    }
    return this.sink.sink;
  }

  /** Paused with a reason until something changes (the destination is woken when it is edited). */
  private pause(reason: string): Step {
    this.status = { ...this.status, state: 'paused', lastError: reason };
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
    this.status = { ...this.status, state: 'waiting', lastError: reason };
    return 'wait';
  }

  /** Processes at most one batch. */
  private async step(): Promise<Step> {
    const { store } = this.deps;
    const destination = store.destinations.get(this.destinationId);
    if (!destination) return 'gone';
    if (!destination.enabled) {
      this.status = { ...this.status, state: 'paused', lastError: null };
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
      return this.process(destination, retryRows, cursor, retrySeqs);
    }
    const maxSeq = store.events.maxSeq();
    if (maxSeq <= cursor) {
      this.status = { ...this.status, state: 'idle', lastError: this.status.state === 'waiting' ? this.status.lastError : null };
      return 'idle';
    }
    const upto = Math.min(maxSeq, cursor + SCAN_WINDOW);
    const rows = store.events.forDestination(destination.id, cursor, upto, this.deps.batchSize);
    const next = rows.length === this.deps.batchSize ? rows[rows.length - 1]!.seq : upto;
    if (rows.length === 0) {
      store.deliveries.setCursor(destination.id, next);
      return next < maxSeq ? 'more' : 'idle';
    }
    return this.process(destination, rows, next);
  }

  /** Transforms and delivers one batch of rows, records the results and moves the cursor to `next`. */
  private async process(destination: Destination, rows: StoredEvent[], next: number, retried?: number[]): Promise<Step> {
    const { store } = this.deps;

    let code: PublishedCode | undefined;
    let sandbox: Sandbox | undefined;
    let crashes = 0;
    if (destination.transformationId) {
      code = store.destinations.publishedCode(destination.transformationId);
      if (!code) return this.wait(`transformation ${destination.transformationId} has no published version: publish it, or disconnect it`);
      const held = store.quarantine.get(code.versionId);
      if (held?.quarantinedAt) return this.pause(quarantineReason(held.reason, held.crashes));
      crashes = held?.crashes ?? 0;
      sandbox = this.deps.getSandbox();
      if (!sandbox) return this.wait('the code sandbox is not available yet');
    }
    let sink: Sink;
    try {
      sink = this.sinkFor(destination);
    } catch (error) {
      return this.wait(`invalid destination config: ${(error as Error).message}`);
    }

    this.status.state = 'running';
    const events = rows.map((row) => JSON.parse(row.event) as Record<string, unknown>);
    const allowed: number[] = [];
    events.forEach((event, i) => {
      if (integrationsAllow(event.integrations, destination)) allowed.push(i);
    });

    const allowedEvents = allowed.map((i) => events[i]!);
    let transformed: TransformStepResult;
    let batchError: string | null = null;
    if (!code || !sandbox || allowedEvents.length === 0) {
      transformed = passThrough(allowedEvents);
    } else {
      const sources = new Map(store.sources.list().map((s) => [s.id, s]));
      const metadata = allowed.map((i) => metadataFor(events[i]!, rows[i]!, sources.get(rows[i]!.sourceId), destination, this.deps.workspaceId, code));
      try {
        transformed = await runTransformation(sandbox, code, allowedEvents, metadata);
        this.transientFailures = 0;
        if (crashes > 0) store.quarantine.clear(code.versionId); // a good run: the crash count starts again
      } catch (error) {
        if (this.stopped) throw new AbortedError();
        const message = (error as Error).message;
        if (error instanceof StudioError && error.details?.sandboxCrashed === true) return this.crashed(code, message);
        if (!(error instanceof StudioError) && ++this.transientFailures < MAX_TRANSIENT_FAILURES) {
          return this.wait(`transformation run failed, retrying: ${message}`);
        }
        this.transientFailures = 0;
        batchError = message;
        transformed = { perEvent: allowedEvents.map(() => ({ outputs: [], errors: [message] })), orphans: [], logs: [], eventLogs: [], durationMs: 0 };
      }
    }

    // Hand every output to the sink in input order, remembering whose it is.
    const { flat, owner } = flattenOutputs(transformed);
    const outcomes = flat.length ? await sink.deliver(flat, this.abort.signal) : [];
    if (this.stopped) throw new AbortedError();
    const retryState = (seq: number) => store.deliveryHealth.retryState(destination.id, seq);
    const results = planRetries(deliveryResults(rows, allowed, transformed, { owner, outcomes }), scheduleOf(destination.config), retryState);

    const failed = results.find((r) => r.status === 'failed');
    const batch = {
      destinationId: destination.id,
      transformationId: code?.transformationId ?? null,
      transformationVersionId: code?.versionId ?? null,
      firstSeq: rows[0]!.seq,
      lastSeq: rows[rows.length - 1]!.seq,
      eventCount: rows.length,
      logs: transformed.logs,
      error: batchError,
      durationMs: transformed.durationMs,
    };
    store.deliveries.record(batch, results, next, retried);
    // A batch whose events failed at the sink says why (the worker itself carries on).
    this.status = { state: 'running', lastError: batchError ?? failed?.error ?? null, lastBatchAt: new Date().toISOString() };
    return 'more';
  }
}
