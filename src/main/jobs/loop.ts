// The one background-job loop of the core: a step of work after another, sleeping when there is
// nothing to do until woken or a while has passed, backing off after errors, stopping cleanly,
// and the progress of the piece of work in hand. The destination workers, replay and send jobs,
// and retention each give it their step.

/** What a step asks for next: another step at once, an idle sleep, a sleep of its own length, or the end. */
export type StepResult = 'more' | 'idle' | 'done' | { sleepMs: number };

export type LoopState = 'new' | 'running' | 'idle' | 'sleeping' | 'backing-off' | 'stopped';

export interface JobLoopOptions {
  /** One step of work; `signal` aborts when the loop stops (a step then ends as it can). */
  step(signal: AbortSignal): Promise<StepResult>;
  /** How long an idle loop sleeps when nobody wakes it (ms; read before each sleep; default: until woken). */
  idleMs?: number | (() => number);
  /** A sleep before the first step (woken early like any other). */
  firstDelayMs?: number;
  /** After a failed step: the first wait, doubled for each failure in a row up to maxMs (not cut short by wake). */
  backoff?: { firstMs: number; maxMs: number };
  /** A step threw (not while stopping); `failures`: in a row, this one included. */
  onError?(error: unknown, failures: number): void;
}

/** Progress of the piece of work in hand (rate and ETA are read from it). */
export interface Progress {
  startedMs: number;
  doneAtStart: number;
  done: number;
}

export interface JobLoop {
  start(): void;
  /** Something changed: cut an idle (or a step's own) sleep short, or, during a step, skip the next one. */
  wake(): void;
  /** Aborts the step's signal, cuts every sleep short, and resolves once the loop has ended. */
  stop(): Promise<void>;
  state(): LoopState;
  /** Wakes the loop; resolves once a step that started after this call has finished (or the loop ended). */
  runNow(): Promise<void>;
  /** Resolves when the loop sleeps idle with nothing waking it, or has ended. */
  whenIdle(): Promise<void>;
  progress: {
    begin(done: number): Progress;
    set(done: number): void;
    get(): Progress | null;
    end(): void;
  };
}

const DEFAULT_BACKOFF = { firstMs: 1000, maxMs: 30_000 };

export function createJobLoop(options: JobLoopOptions): JobLoop {
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const abort = new AbortController();
  let state: LoopState = 'new';
  let running: Promise<void> | undefined;
  let woken = false;
  // Ends the current sleep; `wakeable`: wake() may end it (a back-off only ends by stop()).
  let sleeping: { end: () => void; wakeable: boolean } | undefined;
  let [started, finished] = [0, 0];
  let passWaiters: { after: number; resolve: () => void }[] = [];
  let idleWaiters: (() => void)[] = [];
  let current: Progress | null = null;

  const flushPasses = () => {
    const ready = passWaiters.filter((w) => state === 'stopped' || finished >= w.after);
    passWaiters = passWaiters.filter((w) => !ready.includes(w));
    for (const w of ready) w.resolve();
  };
  const flushIdle = () => {
    const waiting = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiting) resolve();
  };

  function sleep(ms: number, wakeable: boolean, as: LoopState): Promise<void> {
    if (abort.signal.aborted) return Promise.resolve();
    if (wakeable && woken) {
      woken = false;
      return Promise.resolve();
    }
    state = as;
    if (as === 'idle') flushIdle();
    return new Promise<void>((resolve) => {
      const timer = Number.isFinite(ms) ? setTimeout(end, Math.max(0, ms)) : undefined;
      timer?.unref?.();
      function end() {
        clearTimeout(timer);
        sleeping = undefined;
        if (wakeable) woken = false;
        // Awake from here on (whenIdle waits for the next idle sleep).
        if (state !== 'stopped') state = 'running';
        resolve();
      }
      sleeping = { end, wakeable };
    });
  }

  const idleMs = () => (typeof options.idleMs === 'function' ? options.idleMs() : (options.idleMs ?? Infinity));
  const backoffMs = (failures: number) => Math.min(backoff.maxMs, backoff.firstMs * 2 ** (failures - 1));

  async function run(): Promise<void> {
    if (options.firstDelayMs) await sleep(options.firstDelayMs, true, 'sleeping');
    let failures = 0;
    while (!abort.signal.aborted) {
      state = 'running';
      started++;
      // The step sees every change made before it starts: only a wake from here on skips the next sleep.
      woken = false;
      let result: StepResult;
      try {
        result = await options.step(abort.signal);
        failures = 0;
      } catch (error) {
        finished++;
        flushPasses();
        if (abort.signal.aborted) break;
        failures++;
        try {
          options.onError?.(error, failures);
        } catch {
          // a failing error report does not end the loop
        }
        await sleep(backoffMs(failures), false, 'backing-off');
        continue;
      }
      finished++;
      flushPasses();
      if (result === 'done') break;
      if (result === 'idle') await sleep(idleMs(), true, 'idle');
      else if (result !== 'more') await sleep(result.sleepMs, true, 'sleeping');
    }
    state = 'stopped';
    flushPasses();
    flushIdle();
  }

  const loop: JobLoop = {
    start() {
      if (state === 'new') running = run();
    },
    wake() {
      woken = true;
      if (sleeping?.wakeable) sleeping.end();
    },
    async stop() {
      abort.abort();
      sleeping?.end();
      if (state === 'new') state = 'stopped';
      flushPasses();
      flushIdle();
      await running;
    },
    state: () => state,
    runNow() {
      if (state === 'stopped') return Promise.resolve();
      const after = started + 1;
      const done = new Promise<void>((resolve) => passWaiters.push({ after, resolve }));
      loop.wake();
      return done;
    },
    whenIdle() {
      if (state === 'stopped' || (state === 'idle' && !woken)) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
    progress: {
      begin: (done) => (current = { startedMs: performance.now(), doneAtStart: done, done }),
      set(done) {
        if (current) current.done = done;
      },
      get: () => current,
      end() {
        current = null;
      },
    },
  };
  return loop;
}
