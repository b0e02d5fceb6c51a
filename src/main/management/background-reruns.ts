/**
 * The background re-run queue both derived test statuses use (version-status.ts for transformation
 * versions, library-status.ts for library versions): a sweep on every change looks for versions
 * whose recorded inputs are not the inputs of now and queues them; one run at a time, each version
 * queued once; a run whose inputs change while it runs is queued again by the next sweep; close()
 * drops what is queued. Listeners hear an owner's id (the transformation's or the library's) each
 * time a status it shows may have changed. background false (a one-shot core): nothing runs by itself.
 */
export function createBackgroundReruns(options: {
  /** What is re-run, for the error messages: "version", "library version". */
  what: string;
  background: boolean;
  /** Queues (with `queue`) the versions to run again, and says (with `observed`) what each owner depends on now. */
  sweep: () => void;
  /** Runs one queued version (it records its own outcome). */
  run: (versionId: string) => Promise<void>;
  onError: (message: string) => void;
}) {
  const listeners = new Set<(ownerId: string) => void>();
  const queued = new Map<string, string>();
  const inFlight = new Set<string>();
  const seen = new Map<string, string>();
  const stops: (() => void)[] = [];
  let worker: Promise<void> | undefined;
  let sweepScheduled = false;
  let closed = false;

  const tell = (ownerId: string) => {
    for (const listener of listeners) listener(ownerId);
  };

  async function drain(): Promise<void> {
    while (!closed && queued.size > 0) {
      const [versionId] = queued.keys();
      queued.delete(versionId!);
      try {
        await options.run(versionId!);
      } catch (error) {
        options.onError(`re-running the tests of ${options.what} ${versionId}: ${(error as Error).message}`);
      }
    }
  }

  function sweep(): void {
    sweepScheduled = false;
    if (closed) return;
    options.sweep();
    if (!worker && queued.size > 0) worker = drain().finally(() => (worker = undefined));
  }

  function schedule(): void {
    if (sweepScheduled || closed || !options.background) return;
    sweepScheduled = true;
    setImmediate(sweep);
  }

  return {
    tell,
    schedule,
    /** True while the version is queued or running. */
    rerunning: (versionId: string) => inFlight.has(versionId) || queued.has(versionId),
    /** Queues a version of an owner (once; not while it runs). */
    queue(versionId: string, ownerId: string): void {
      if (!inFlight.has(versionId) && !queued.has(versionId)) queued.set(versionId, ownerId);
    },
    /** What an owner's statuses depend on now: its listeners hear it when that changed since the last sweep. */
    observed(ownerId: string, signature: string): void {
      if (seen.has(ownerId) && seen.get(ownerId) !== signature) tell(ownerId);
      seen.set(ownerId, signature);
    },
    /** An owner was deleted: its listeners hear it once more. */
    forget(ownerId: string): void {
      seen.delete(ownerId);
      tell(ownerId);
    },
    /** Runs `body` as the version's run: listeners hear its owner before and after; a sweep follows. */
    async running<T>(versionId: string, ownerId: string, body: () => Promise<T>): Promise<T> {
      inFlight.add(versionId);
      tell(ownerId);
      try {
        return await body();
      } finally {
        inFlight.delete(versionId);
        tell(ownerId);
        schedule();
      }
    },
    /** Sweeps on each of these change feeds (background only); returns the feeds' stops. */
    follow(...subscribe: ((listener: () => void) => () => void)[]): void {
      if (options.background) for (const on of subscribe) stops.push(on(schedule));
      schedule(); // what changed while the studio was not running (or recorded nothing)
    },
    /** Called with an owner's id whenever a status it shows may have changed. */
    onChange(listener: (ownerId: string) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** True while nothing is queued or running (tests wait on it). */
    idle: () => queued.size === 0 && inFlight.size === 0 && !sweepScheduled,
    async close(): Promise<void> {
      closed = true;
      for (const stop of stops) stop();
      queued.clear();
      await worker;
    },
  };
}
export type BackgroundReruns = ReturnType<typeof createBackgroundReruns>;
