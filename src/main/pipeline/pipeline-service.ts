import { DestinationWorker, type WorkerDeps, type WorkerStatus } from './destination-worker';

export interface PipelineOptions extends Omit<WorkerDeps, 'batchSize' | 'idleMs' | 'retryMs'> {
  batchSize?: number;
  /** Coalescing delay between a capture and waking the workers (ms). */
  wakeDelayMs?: number;
}

export interface PipelineService {
  /** Starts one worker per destination. */
  start(): void;
  /** Called after events of a source were committed: wakes the workers of the destinations connected to it (coalesced). */
  notify(sourceId: string): void;
  /** Destinations were created, edited or deleted: start/stop workers and wake them. */
  reconcile(): void;
  status(destinationId: string): WorkerStatus | undefined;
  /** How often the destination's worker was woken (diagnostics; the routing's test). */
  wakes(destinationId: string): number;
  /** Stops every worker cleanly (in-flight deliveries are aborted and redone after restart). */
  stop(): Promise<void>;
}

/** The delivery pipeline: one background worker per destination over the durable queue. */
export function createPipeline(options: PipelineOptions): PipelineService {
  const workers = new Map<string, DestinationWorker>();
  /** The sources each destination is connected to, as of the last reconcile. */
  let sourcesOf = new Map<string, string[]>();
  /** Sources with events committed since the last wake. */
  const captured = new Set<string>();
  let wakeTimer: NodeJS.Timeout | undefined;
  let reconcileTimer: NodeJS.Timeout | undefined;
  let running = false;
  const deps = {
    store: options.store,
    dataDir: options.dataDir,
    workspaceId: options.workspaceId,
    getSandbox: options.getSandbox,
    log: options.log,
    batchSize: options.batchSize ?? 200,
    idleMs: 5_000,
    retryMs: 2_000,
  };
  const wakeAll = () => {
    for (const worker of workers.values()) worker.wake();
  };
  /** Wakes the workers of the destinations connected to a source that captured events. */
  const wakeConnected = () => {
    for (const [id, worker] of workers) if (sourcesOf.get(id)?.some((sourceId) => captured.has(sourceId))) worker.wake();
    captured.clear();
  };
  const reconcile = () => {
    if (!running) return;
    const destinations = options.store.destinations.list();
    sourcesOf = new Map(destinations.map((d) => [d.id, d.sourceIds]));
    const ids = new Set(sourcesOf.keys());
    for (const [id, worker] of workers) {
      if (!ids.has(id)) {
        workers.delete(id);
        void worker.stop();
      }
    }
    for (const id of ids) {
      if (!workers.has(id)) {
        const worker = new DestinationWorker(id, deps);
        workers.set(id, worker);
        worker.start();
      }
    }
    wakeAll();
  };
  return {
    start() {
      running = true;
      reconcile();
      // Destinations made outside the studio API (e.g. straight in the database) are picked up too.
      reconcileTimer = setInterval(reconcile, 5_000);
      reconcileTimer.unref();
    },
    notify(sourceId) {
      if (!running) return;
      captured.add(sourceId);
      wakeTimer ??= setTimeout(() => {
        wakeTimer = undefined;
        wakeConnected();
      }, options.wakeDelayMs ?? 20);
    },
    reconcile,
    status(destinationId) {
      return workers.get(destinationId)?.getStatus();
    },
    wakes: (destinationId) => workers.get(destinationId)?.wakes ?? 0,
    async stop() {
      running = false;
      if (reconcileTimer) clearInterval(reconcileTimer);
      if (wakeTimer) clearTimeout(wakeTimer);
      wakeTimer = undefined;
      const all = [...workers.values()];
      workers.clear();
      await Promise.all(all.map((w) => w.stop()));
    },
  };
}
