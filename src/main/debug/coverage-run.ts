import { readRunAnswer } from '../sandbox/protocol/answer';
import { runOnInstance } from '../sandbox/isolate/run';
import { scriptCoverage, type V8ScriptCoverage } from './coverage-summary';
import { inspectedIsolate } from './isolate';
import type { CoverageStart, DebugProcessReply } from './protocol';

/** Events per run: each run has the ordinary time limit. */
const CHUNK = 200;

/**
 * A coverage run in the debug process: V8's precise coverage (call counts, block granularity)
 * started before any code is compiled, the events run in batches of 200 as ordinary runs are
 * (each its time limit; an error fails its events, not the coverage), then per user script
 * (transformation and libraries) the lines and branches they reached.
 */
export async function coverageRun(request: CoverageStart, send: (reply: DebugProcessReply) => void): Promise<void> {
  const setup = await inspectedIsolate(request, request.timeoutMs, (inspector) =>
    Promise.all([inspector.send('Profiler.enable'), inspector.send('Profiler.startPreciseCoverage', { callCount: true, detailed: true })]),
  );
  const { inspector, instance } = setup;
  let failed = 0;
  for (let start = 0; start < request.events.length; start += CHUNK) {
    const events = request.events.slice(start, start + CHUNK);
    try {
      const json = await runOnInstance(instance, `{"e":[${events.join(',')}],"m":null}`, setup.limits(request.timeoutMs), setup.env);
      const { results } = readRunAnswer(json, events.length, request.runtime.maxOutputChars);
      const failing = new Set(results.filter((r) => r.error !== undefined).map((r) => r.index));
      failed += failing.has(-1) ? events.length : failing.size;
    } catch {
      failed += events.length; // a time-out or the memory limit: what ran until then still counts
    }
  }
  const { result } = await inspector.send<{ result: V8ScriptCoverage[] }>('Profiler.takePreciseCoverage');
  await inspector.send('Profiler.stopPreciseCoverage');
  const scripts = [...setup.sources].map(([url, source]) => scriptCoverage(url, source, result.filter((script) => script.url === url)));
  send({ type: 'done', coverage: { scripts, failed } });
}
