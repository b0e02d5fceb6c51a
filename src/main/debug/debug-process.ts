import { setFlagsFromString } from 'node:v8';
import { userFacing } from '../sandbox/errors';
import { ivm } from '../sandbox/isolate/ivm';
import { coverageRun } from './coverage-run';
import { debugRun } from './debug-run';
import type { InspectedIsolate } from './isolate';
import { profileRun } from './profile-run';
import type { DebugCoreMessage, DebugProcessReply } from './protocol';

// The debug process: plain Node forked by the core for one debug or profile session, and gone
// after it. It is the only process whose isolates have V8's inspector on; the CDP session is
// reached through isolated-vm's API only (no socket): commands come from the core over IPC,
// already checked against the allowed list (shared/api/debug.ts CDP_METHODS).

setFlagsFromString('--max-semi-space-size=2');
// V8's CPU profiler samples with SIGPROF and puts the previous handler back when it stops: a
// signal still in flight then met the default action and ended the process ("killed by SIGPROF",
// seen in a 10,000-event profile). A handler here takes such a late signal.
process.on('SIGPROF', () => {});

const send = (reply: DebugProcessReply) => {
  if (process.connected) process.send!(reply);
};

let session: InspectedIsolate | undefined;
let cancelled = false;
let ended = false;

/** Ends the session: the reason (if it failed) to the core, then the process exits. */
function end(message?: string): void {
  if (ended) return;
  ended = true;
  if (message !== undefined) send({ type: 'failed', message });
  session?.inspector.dispose();
  // Exiting ends the isolate's threads too, paused or spinning.
  setTimeout(() => process.exit(0), 20);
}

process.on('message', (message: DebugCoreMessage) => {
  if (message.type === 'cancel') {
    cancelled = true;
    return end();
  }
  if (message.type === 'cdp') {
    if (!session) return send({ type: 'cdp', id: message.id, error: 'the debug run has not started yet' });
    session.inspector.send(message.method, message.params).then(
      (result) => send({ type: 'cdp', id: message.id, result }),
      (error: Error) => send({ type: 'cdp', id: message.id, error: error.message }),
    );
    return;
  }
  if (session || ended) return;
  const work =
    message.type === 'debug'
      ? debugRun(message, send, end).then((started) => void (session = started))
      : message.type === 'coverage'
        ? coverageRun(message, send).then(() => end())
        : profileRun(message, send, () => cancelled).then(() => end());
  work.catch((error: unknown) => end(userFacing(error)));
});

process.on('disconnect', () => process.exit(0));

// Loaded now: a spare process waits ready for the next session.
ivm();
send({ type: 'ready' });
