import { flushCompileCache } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { userFacing } from '../sandbox/errors';
import { ivm } from '../sandbox/isolate/ivm';
import { coverageRun } from './coverage-run';
import { debugRun } from './debug-run';
import type { InspectedIsolate } from './isolate';
import { profileRun } from './profile-run';
import { createBoundedCommands } from './evaluation-limit';
import { MAX_ANSWER_CHARS } from './bounded';
import type { DebugCoreMessage, DebugProcessReply } from './protocol';

// The debug process: plain Node forked by the core for one debug or profile session, and gone
// after it. It is the only process whose isolates have V8's inspector on; the CDP session is
// reached through isolated-vm's API only (no socket): commands come from the core over IPC,
// already checked against the allowed list (shared/api/debug.ts CDP_METHODS).

setFlagsFromString('--max-semi-space-size=2');
// No inlining in the debug process: a profile attributes each sample to the user's own frames.
// Inlined into the runtime's per-event loop, the user's function's time was reported as the
// runtime's (`runEvents` self 8-10 s, the quadratic line of profiler.spec not the hottest, "too few
// samples landed in your code"), in 2 clean-clone CI runs of the same day, never when run alone.
// Debugging, profiling and coverage are about where time goes and which lines run, not top speed.
setFlagsFromString('--no-turbo-inlining');
setFlagsFromString('--no-maglev-inlining');
// V8's CPU profiler samples with SIGPROF and puts the previous handler back when it stops: a
// signal still in flight then met the default action and ended the process ("killed by SIGPROF",
// seen in a 10,000-event profile). A handler here takes such a late signal.
process.on('SIGPROF', () => {});

const send = (reply: DebugProcessReply, then?: () => void) => {
  if (process.connected) process.send!(reply, undefined, {}, () => then?.());
  else then?.();
};

/**
 * Ends this process at once. `process.exit` does not complete while an isolate is paused in V8's
 * message loop or spinning (the exit waits on the isolate's thread), so the process kills itself.
 */
const die = () => process.kill(process.pid, 'SIGKILL');

let session: InspectedIsolate | undefined;
/** The session's time limit (ms): an evaluation on a paused frame gets as long as a run. */
let limitMs = 0;
let commands: ReturnType<typeof createBoundedCommands> | undefined;
let cancelled = false;
let ended = false;

/** Ends the session: the reason (if it failed) to the core, then the process exits. */
function end(message?: string): void {
  if (ended) return;
  ended = true;
  // Once the reason has been handed to the IPC channel; the inspector is not disposed first (doing
  // so while the isolate runs aborted isolated-vm: inspector.cc "Assertion 'ptr' failed").
  send(message !== undefined ? { type: 'failed', message } : { type: 'ending' }, die);
}

process.on('message', (message: DebugCoreMessage) => {
  if (message.type === 'cancel') {
    cancelled = true;
    return end();
  }
  if (message.type === 'cdp') {
    if (!session) return send({ type: 'cdp', id: message.id, error: 'the debug run has not started yet' });
    const { inspector, instance } = session;
    const cpuMs = () => {
      try {
        return Number(instance.isolate.cpuTime) / 1e6;
      } catch {
        return 0; // disposed: the session is ending
      }
    };
    commands ??= createBoundedCommands((method, params) => inspector.send(method, params, MAX_ANSWER_CHARS), () => limitMs, cpuMs, end);
    commands(message).then(
      (result) => send({ type: 'cdp', id: message.id, result }),
      (error: Error) => send({ type: 'cdp', id: message.id, error: error.message }),
    );
    return;
  }
  if (session || ended) return;
  limitMs = message.timeoutMs;
  const work =
    message.type === 'debug'
      ? debugRun(message, send, end).then((started) => void (session = started))
      : message.type === 'coverage'
        ? coverageRun(message, send).then(() => end())
        : profileRun(message, send, () => cancelled, end).then(() => end());
  work.catch((error: unknown) => end(userFacing(error)));
});

process.on('disconnect', die);

// Loaded now: a spare process waits ready for the next session.
ivm();
// Its modules' compiled code into Node's compile cache when one is on (hosts/paths.ts): this
// process ends by SIGKILL, which writes nothing.
flushCompileCache();
send({ type: 'ready' });
