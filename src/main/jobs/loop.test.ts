import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createJobLoop, type JobLoop, type JobLoopOptions, type StepResult } from './loop';

// The background-job loop on fake timers: every sleep, wake, back-off and stop is driven by the
// test, no wall clock involved.

/** A step whose answers the test gives one by one; `calls` counts the steps run. */
function scripted(results: (StepResult | Error)[]) {
  const seen: AbortSignal[] = [];
  const step = vi.fn(async (signal: AbortSignal) => {
    seen.push(signal);
    const next = results.shift() ?? 'idle';
    if (next instanceof Error) throw next;
    return next;
  });
  return { step, seen };
}

let loop: JobLoop | undefined;
const make = (options: JobLoopOptions) => (loop = createJobLoop(options));

beforeEach(() => vi.useFakeTimers());
afterEach(async () => {
  await loop?.stop();
  loop = undefined;
  vi.useRealTimers();
});

describe('the background-job loop', () => {
  it("runs steps while they say 'more', then sleeps idle until woken", async () => {
    const { step } = scripted(['more', 'more', 'idle']);
    const l = make({ step });
    l.start();
    await l.whenIdle();
    expect(step).toHaveBeenCalledTimes(3);
    expect(l.state()).toBe('idle');
    await vi.advanceTimersByTimeAsync(60_000); // no idleMs: only a wake ends the sleep
    expect(step).toHaveBeenCalledTimes(3);
    await l.runNow();
    expect(step).toHaveBeenCalledTimes(4);
  });

  it('an idle sleep ends after idleMs (read before each sleep)', async () => {
    const { step } = scripted([]);
    let idleMs = 1000;
    const l = make({ step, idleMs: () => idleMs });
    l.start();
    await l.whenIdle();
    idleMs = 5000; // this sleep is already 1000 long
    await vi.advanceTimersByTimeAsync(999);
    expect(step).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(step).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4999);
    expect(step).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(step).toHaveBeenCalledTimes(3);
  });

  it('a wake during a step skips the sleep after it', async () => {
    let release!: () => void;
    const step = vi.fn(() => (step.mock.calls.length === 1 ? new Promise<StepResult>((resolve) => (release = () => resolve('idle'))) : Promise.resolve<StepResult>('idle')));
    const l = make({ step });
    l.start();
    expect(l.state()).toBe('running');
    l.wake(); // new work arrived while the first step was reading
    release();
    await l.whenIdle();
    expect(step).toHaveBeenCalledTimes(2);
  });

  it('a step asks for a sleep of its own length, which a wake cuts short', async () => {
    const { step } = scripted([{ sleepMs: 300 }, { sleepMs: 300 }, 'idle']);
    const l = make({ step });
    l.start();
    await vi.advanceTimersByTimeAsync(299);
    expect(step).toHaveBeenCalledTimes(1);
    expect(l.state()).toBe('sleeping');
    await vi.advanceTimersByTimeAsync(1);
    expect(step).toHaveBeenCalledTimes(2);
    l.wake();
    await l.whenIdle();
    expect(step).toHaveBeenCalledTimes(3);
  });

  it('backs off after errors (doubling up to the maximum), reports each, and starts again after a good step', async () => {
    const fail = new Error('disk full');
    const { step } = scripted([fail, fail, fail, fail, 'more', fail, 'idle']);
    const onError = vi.fn();
    const l = make({ step, backoff: { firstMs: 100, maxMs: 500 }, onError });
    l.start();
    /** After `ms` more (not one less, whatever wakes it), the step has run `calls` times. */
    const expectCallsAfter = async (ms: number, calls: number, before = calls - 1) => {
      await vi.advanceTimersByTimeAsync(ms - 1);
      expect(step).toHaveBeenCalledTimes(before);
      l.wake(); // a wake does not cut a back-off short
      await vi.advanceTimersByTimeAsync(0);
      expect(step).toHaveBeenCalledTimes(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(step).toHaveBeenCalledTimes(calls);
    };
    await vi.advanceTimersByTimeAsync(0);
    expect(l.state()).toBe('backing-off');
    await expectCallsAfter(100, 2);
    await expectCallsAfter(200, 3);
    await expectCallsAfter(400, 4);
    await expectCallsAfter(500, 6, 4); // 800 capped at 500; the fifth step is good ('more'), the sixth runs at once
    await expectCallsAfter(100, 7); // the count started again
    expect(onError.mock.calls.map(([error, failures]) => [error, failures])).toEqual([
      [fail, 1],
      [fail, 2],
      [fail, 3],
      [fail, 4],
      [fail, 1],
    ]);
  });

  it('stop aborts the step in flight, cuts a back-off short and ends the loop; errors while stopping are not reported', async () => {
    const onError = vi.fn();
    let seen: AbortSignal | undefined;
    const step = vi.fn(
      (signal: AbortSignal) =>
        new Promise<StepResult>((_, reject) => {
          seen = signal;
          signal.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    );
    const l = make({ step, onError });
    l.start();
    await l.stop();
    expect(seen!.aborted).toBe(true);
    expect(l.state()).toBe('stopped');
    expect(onError).not.toHaveBeenCalled();

    const backingOff = make({ step: () => Promise.reject(new Error('down')), backoff: { firstMs: 60_000, maxMs: 60_000 } });
    backingOff.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(backingOff.state()).toBe('backing-off');
    await backingOff.stop(); // resolves without the minute passing
    expect(backingOff.state()).toBe('stopped');
  });

  it("'done' ends the loop; runNow and whenIdle then resolve at once", async () => {
    const { step } = scripted(['more', 'done']);
    const l = make({ step });
    l.start();
    await l.whenIdle();
    expect(l.state()).toBe('stopped');
    expect(step).toHaveBeenCalledTimes(2);
    await l.runNow();
    expect(step).toHaveBeenCalledTimes(2);
  });

  it('waits firstDelayMs before the first step, unless woken', async () => {
    const { step } = scripted([]);
    const l = make({ step, firstDelayMs: 1000 });
    l.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(step).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(step).toHaveBeenCalledTimes(1);

    const { step: second } = scripted([]);
    const woken = make({ step: second, firstDelayMs: 1000 });
    woken.wake(); // before start: the first step runs at once
    woken.start();
    await woken.whenIdle();
    expect(second).toHaveBeenCalledTimes(1);
    await l.stop();
  });

  it('runNow resolves after a step that started after the call, not the one in flight', async () => {
    const releases: (() => void)[] = [];
    const step = vi.fn(() => new Promise<StepResult>((resolve) => releases.push(() => resolve('idle'))));
    const l = make({ step });
    l.start();
    let ran = false;
    const now = l.runNow().then(() => (ran = true));
    releases[0]!(); // the step in flight ends: not enough
    await vi.advanceTimersByTimeAsync(0);
    expect(ran).toBe(false);
    expect(step).toHaveBeenCalledTimes(2);
    releases[1]!();
    await now;
    expect(ran).toBe(true);
  });

  it('keeps the progress of the work in hand', () => {
    const l = make({ step: async () => 'idle' });
    expect(l.progress.get()).toBeNull();
    const p = l.progress.begin(400);
    l.progress.set(600);
    expect(l.progress.get()).toEqual({ startedMs: p.startedMs, doneAtStart: 400, done: 600 });
    l.progress.end();
    expect(l.progress.get()).toBeNull();
  });
});
