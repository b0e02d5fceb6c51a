import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { runOnInstance } from '../sandbox/isolate/run';
import { inspectedIsolate } from './isolate';
import { summarizeProfile, type CpuProfile } from './profile-summary';
import type { DebugProcessReply, ProfileStart } from './protocol';

/** "4 s", "500 ms". */
const seconds = (ms: number) => (ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);

/**
 * Watches one event's run: past the time limit of the isolate's CPU time, or a quarter again
 * plus 0.5 s of wall time (a run that waits, or a loaded machine), the profile ends. Before (issue #39) an event of 6 s kept its
 * profile "running 0/1" for over 12 minutes: the run's own limit did not stop it.
 */
function watchEvent(isolate: { cpuTime: bigint }, limitMs: number, past: () => void): NodeJS.Timeout {
  const cpuStart = isolate.cpuTime;
  const wallStart = performance.now();
  return setInterval(() => {
    let cpuMs = 0;
    try {
      cpuMs = Number(isolate.cpuTime - cpuStart) / 1e6;
    } catch {
      // the isolate is gone: the run's own failure follows
    }
    if (cpuMs > limitMs || performance.now() - wallStart > limitMs * 1.25 + 500) past();
  }, 50);
}

/** Progress is reported at most this often (ms). */
const PROGRESS_MS = 200;

/**
 * A profile run in the debug process: each event through the user's code on its own (so each has
 * its time: the isolate's CPU time for it; waits on fetch are not in it), with V8's CPU profiler sampling the isolate throughout. Entered on the isolate's
 * thread (not applySync): the profiler samples the thread it was started on, and runs entered on
 * this process's thread were hardly sampled (2 samples in 13 ms against 80 in 19 ms, measured).
 * `cancelled` is read between events.
 */
export async function profileRun(request: ProfileStart, send: (reply: DebugProcessReply) => void, cancelled: () => boolean, end: (message: string) => void): Promise<void> {
  // Enabled, and its answer awaited, before any code is compiled: V8 then keeps the detailed source
  // positions the profiler's line ticks need (enabled later, a profile has no lines). Not awaited,
  // the compile could be dispatched on the isolate's thread first: a profile without lines, seen
  // in CI about once in three runs.
  const setup = await inspectedIsolate(request, request.timeoutMs, (inspector) =>
    Promise.all([inspector.send('Profiler.enable'), inspector.send('Profiler.setSamplingInterval', { interval: request.samplingUs })]),
  );
  const { inspector, instance } = setup;
  await inspector.send('Profiler.start');
  const times: number[] = [];
  const total = request.events.length;
  let reported = performance.now();
  for (let i = 0; i < total; i++) {
    // The isolate's CPU time: what the code costs, not how busy the machine was meanwhile (a
    // wall-clock figure let a 12-item event outrun 6,000-item ones on a loaded machine).
    const started = instance.isolate.cpuTime;
    const pastLimit = () => end(`The profile ended: event ${i + 1} ran past the ${seconds(request.timeoutMs)} limit.`);
    const watch = watchEvent(instance.isolate, request.timeoutMs, pastLimit);
    try {
      // isolated-vm's own limit comes after the watch's: its timeout disposes the isolate, and
      // disposing an isolate the profiler samples blocked this process's thread (the watch with it).
      await runOnInstance(instance, `{"e":[${request.events[i]}],"m":null}`, setup.limits(request.timeoutMs * 2 + 2000), setup.env);
    } catch (error) {
      if (/timed out/i.test(error instanceof Error ? error.message : String(error))) return pastLimit();
      throw error;
    } finally {
      clearInterval(watch);
    }
    times.push(Number(instance.isolate.cpuTime - started) / 1e6);
    if (performance.now() - reported >= PROGRESS_MS) {
      reported = performance.now();
      send({ type: 'progress', done: i + 1, total });
      await yieldToEvents(); // reads a cancel that came meanwhile
      if (cancelled()) return;
    }
  }
  const { profile } = await inspector.send<{ profile: CpuProfile }>('Profiler.stop');
  send({ type: 'progress', done: total, total });
  send({ type: 'done', profile: summarizeProfile(profile, times, [...setup.sources.keys()]) });
}
