import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { runOnInstance } from '../sandbox/isolate/run';
import { inspectedIsolate } from './isolate';
import { summarizeProfile, type CpuProfile } from './profile-summary';
import type { DebugProcessReply, ProfileStart } from './protocol';

/** Progress is reported at most this often (ms). */
const PROGRESS_MS = 200;

/**
 * A profile run in the debug process: each event through the user's code on its own (so each has
 * its time: the isolate's CPU time for it; waits on fetch are not in it), with V8's CPU profiler sampling the isolate throughout. Entered on the isolate's
 * thread (not applySync): the profiler samples the thread it was started on, and runs entered on
 * this process's thread were hardly sampled (2 samples in 13 ms against 80 in 19 ms, measured).
 * `cancelled` is read between events.
 */
export async function profileRun(request: ProfileStart, send: (reply: DebugProcessReply) => void, cancelled: () => boolean): Promise<void> {
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
    await runOnInstance(instance, `{"e":[${request.events[i]}],"m":null}`, setup.limits(request.timeoutMs), setup.env);
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
