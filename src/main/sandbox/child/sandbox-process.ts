import { flushCompileCache } from 'node:module';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { StudioError } from '../../errors';
import type { CoreMessage, ProcessReply, SerializedError } from '../protocol/messages';
import { BACKGROUND_ENV, lowerPriority } from './priority';
import { createExternalCollector, EXTERNAL_COLLECTION, REPLAY_EXTERNAL_COLLECTION } from './external-memory';
import { createRunner } from './runner';
import { COLLECT_EVERY_RUNS } from './heap-accounting';
import { createWorkers, groupedRun } from './workers';

// A sandbox process: plain Node started by the core (child_process.fork, --no-node-snapshot,
// 'advanced' IPC). It loads isolated-vm and runs user code; the core keeps the HTTP server,
// ingestion and the database (which it creates and migrates; no sandbox process opens it). The
// background process also runs the jobs of registered workers (workers.ts: replay's batches, run
// through each side and answered per event; the core stores them). If V8 aborts, memory runs out
// or native code crashes here, only this process ends: the core fails the runs it had in flight
// and starts another one.

const send = (reply: ProcessReply) => {
  if (process.connected) process.send!(reply);
};

const serialize = (error: unknown): SerializedError =>
  error instanceof StudioError
    ? { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) }
    : { code: 'sandbox_error', message: error instanceof Error ? error.message : String(error) };

// The replay process's own heap has 4 MB semi-spaces (node-flags.json, sandboxReplay): a replay
// batch allocates about 1 MB of short-lived strings here, and with 2 MB a scavenge ran every other
// batch (about 0.8 ms of GC per batch, a third of this thread's time; about 0.2 ms with 4 or 8 MB).
// The isolates user code runs in keep 2 MB ones: V8 reads the flag when it creates an isolate, and
// none exists yet.
setFlagsFromString('--max-semi-space-size=2');
// The replay process (BACKGROUND_ENV) collects its isolates more often (heap-accounting.ts).
const background = process.env[BACKGROUND_ENV] === '1';
const runner = createRunner(background ? COLLECT_EVERY_RUNS.replay : COLLECT_EVERY_RUNS.interactive);
const workers = createWorkers({
  run: async (side, payload, events) => {
    const reply = await runner.run(groupedRun(side, payload, events), true);
    if (!reply.lines) throw new Error('the run answered without per-event results');
    return reply.lines;
  },
});
// The replay process: lower priority for every thread it has (and, again with each replay
// request, for those started since, such as the isolates' threads).
if (background) lowerPriority();
// Resident memory read at most every 50 ms (reading it costs ~0.1 ms); the core's recycling
// decision does not need it fresher.
let rss = { at: 0, mb: 0 };
const memory = () => {
  const now = performance.now();
  if (now - rss.at >= 50) rss = { at: now, mb: Math.round(process.memoryUsage.rss() / 1048576) };
  return { rssMb: rss.mb, heapMb: runner.heapMb(), externalMb: Math.round(getHeapStatistics().external_memory / 1048576), made: runner.made() };
};

// Answers leave external strings in this process's heap: collected when idle (external-memory.ts).
const external = createExternalCollector(background ? REPLAY_EXTERNAL_COLLECTION : EXTERNAL_COLLECTION);
// Requests in flight (runs, workers' jobs, library tests).
let inFlight = 0;

process.on('message', (message: CoreMessage) => {
  if (message.type === 'drop') return runner.drop(message.key);
  if (message.type === 'stage') return runner.stage(message);
  if (message.type === 'unstage') return runner.unstage(message.id);
  if (message.type === 'cancel') return workers.cancel(message.worker, message.key);
  external.begin();
  runner.busy();
  inFlight++;
  if (background && message.type === 'work') lowerPriority();
  const work =
    message.type === 'run'
      ? runner.run(message, false, (json) => send({ type: 'part', id: message.id, json }), {
          onEntered: () => send({ type: 'entered', id: message.id }),
          onResumed: () => send({ type: 'resumed', id: message.id }),
        })
      : message.type === 'work'
        ? workers.run(message, (done) => {
            send({ type: 'progress', id: message.id, done, ...memory() });
            external.check();
          }).then((work) => ({ work }))
        : runner.testLibrary(message).then(() => undefined);
  work
    .then(
      (result) => send({ type: 'done', id: message.id, ...result, ...memory() }),
      (error: unknown) => send({ type: 'failed', id: message.id, error: serialize(error), ...memory() }),
    )
    .finally(() => {
      const idle = --inFlight === 0;
      external.end(idle);
      if (idle) runner.idle();
    });
});

// The core went away (closed, retired this process, or was killed): nothing left to run for. The
// process ends itself with SIGKILL, not exit(): exit() joins the isolates' threads, and a thread
// an isolate left suspended (a builtin that ignored its time limit) would hold it forever.
process.on('disconnect', () => {
  try {
    workers.close();
    runner.close();
  } finally {
    process.kill(process.pid, 'SIGKILL');
  }
});

// Its modules' compiled code into Node's compile cache when one is on (hosts/paths.ts): this
// process ends by SIGKILL, which writes nothing.
flushCompileCache();
send({ type: 'ready' });
