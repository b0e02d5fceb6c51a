import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { runOnInstance } from '../sandbox/run';
import { inspectedIsolate } from './isolate';
import { summarizeProfile, type CpuProfile } from './profile-summary';
import type { DebugProcessReply, ProfileStart } from './protocol';

/** Progress is reported at most this often (ms). */
const PROGRESS_MS = 200;

/**
 * A profile run in the debug process: each event through the user's code on its own (so each has
 * its time), on the process's thread, with V8's CPU profiler sampling the isolate throughout.
 * `cancelled` is read between events.
 */
export async function profileRun(request: ProfileStart, send: (reply: DebugProcessReply) => void, cancelled: () => boolean): Promise<void> {
  const setup = await inspectedIsolate(request, request.timeoutMs, () => {});
  const { inspector, instance } = setup;
  await inspector.send('Profiler.enable');
  await inspector.send('Profiler.setSamplingInterval', { interval: request.samplingUs });
  await inspector.send('Profiler.start');
  const times: number[] = [];
  const total = request.events.length;
  let reported = performance.now();
  for (let i = 0; i < total; i++) {
    const started = performance.now();
    await runOnInstance(instance, `{"e":[${request.events[i]}],"m":null}`, setup.limits(request.timeoutMs), setup.env, { sync: true });
    times.push(performance.now() - started);
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
