import { messages, userFacing } from '../sandbox/errors';
import { libraryScriptUrl } from '../../shared/api/debug';
import { runOnInstance } from '../sandbox/isolate/run';
import { caughtByUser } from './caught-by-user';
import { inspectedIsolate, type InspectedIsolate } from './isolate';
import type { DebugProcessReply, DebugStart } from './protocol';

/** Scripts whose frames are the sandbox's own (the runtime's batch loop): stepping skips them. */
const RUNTIME_SCRIPTS = ['^sandbox runtime$'];

interface PausedFrame {
  url?: string;
  location: { scriptId: string; lineNumber: number; columnNumber: number };
}

/**
 * One debug run in the debug process: the event through the user's code on an inspector-enabled
 * isolate. The time limit counts only while the code runs: a watchdog adds up the time between
 * Debugger.resumed and Debugger.paused and ends the run past it, or past `maxPauseMs` in one pause.
 * `end` ends the session (the process exits after it).
 */
export async function debugRun(request: DebugStart, send: (reply: DebugProcessReply) => void, end: (message?: string) => void): Promise<InspectedIsolate> {
  const urls = new Map<string, string>();
  // Only the user's scripts are told (and remembered): the transformation and its libraries. A
  // script an evaluation names with \`//# sourceURL=\` is not (900 of them with a 200 KB name
  // each were held by the core, issue #39).
  const userScripts = new Set(['sandbox runtime', request.name, ...request.libraries.map((library) => libraryScriptUrl(library.importName))]);
  let pausedAt: number | undefined;
  let running = 0;
  let resumedAt = performance.now();
  const setup = await inspectedIsolate(request, request.maxPauseMs, (inspector) => {
    inspector.on((method, params) => {
      if (method === 'Debugger.scriptParsed') {
        const { scriptId, url } = params as { scriptId: string; url: string };
        if (!userScripts.has(url)) return;
        urls.set(scriptId, url);
        return send({ type: 'event', method, params: { scriptId, url } });
      }
      if (method === 'Debugger.paused') return onPaused(params as { reason: string; callFrames: PausedFrame[] });
      if (method === 'Debugger.resumed') {
        if (pausedAt === undefined) return;
        pausedAt = undefined;
        resumedAt = performance.now();
        send({ type: 'event', method, params: {} });
      }
    });
    void inspector.send('Debugger.enable').catch(() => {});
    void inspector.send('Debugger.setBlackboxPatterns', { patterns: RUNTIME_SCRIPTS }).catch(() => {});
    void inspector.send('Debugger.setPauseOnExceptions', { state: request.pauseOnExceptions === 'none' ? 'none' : 'all' }).catch(() => {});
    for (const breakpoint of request.breakpoints) void inspector.send('Debugger.setBreakpointByUrl', { ...breakpoint }).catch(() => {});
  });

  function onPaused(params: { reason: string; callFrames: PausedFrame[] }): void {
    // V8 pauses before it runs out of heap: the run has used its memory, it ends as any run would.
    if (params.reason === 'OOM') return end(messages.memory(request.memoryLimitMb));
    // "Uncaught" means not caught by the user's code (the runtime catches every error).
    if (params.reason === 'exception' && request.pauseOnExceptions === 'uncaught') {
      const frames = params.callFrames.map((frame) => ({ source: setup.sources.get(urls.get(frame.location.scriptId) ?? ''), ...frame.location }));
      if (caughtByUser(frames)) {
        void setup.inspector.send('Debugger.resume').catch(() => {});
        return;
      }
    }
    running += performance.now() - resumedAt;
    pausedAt = performance.now();
    send({ type: 'event', method: 'Debugger.paused', params });
  }

  const watchdog = setInterval(() => {
    const now = performance.now();
    if (pausedAt !== undefined && now - pausedAt > request.maxPauseMs) {
      end(`The debug run was paused for more than ${request.maxPauseMs >= 60_000 ? `${Math.round(request.maxPauseMs / 60_000)} minutes` : `${request.maxPauseMs} ms`} and was ended.`);
    } else if (pausedAt === undefined && running + now - resumedAt > request.timeoutMs) {
      end(`Execution timed out after ${request.timeoutMs} ms (time paused in the debugger not counted)`);
    }
  }, 25);
  watchdog.unref();
  resumedAt = performance.now();
  // Entered asynchronously: the isolate's thread runs (and pauses) the code, this thread relays CDP.
  const far = request.maxPauseMs * 4;
  runOnInstance(setup.instance, request.payload, setup.limits(far), setup.env, {}).then(
    (json) => {
      clearInterval(watchdog);
      // After the answers already on their way out: the resume (or step) that let the run finish
      // is answered in the same turn, a few promise steps on, and the core ends the process at
      // 'done' (the command failed "the debug session has ended", docs/decisions/004).
      setImmediate(() => send({ type: 'done', json }));
    },
    (error: unknown) => {
      clearInterval(watchdog);
      end(userFacing(error));
    },
  );
  return setup;
}
