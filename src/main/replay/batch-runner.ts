import { StudioError } from '../errors';
import type { Sandbox, WorkSideInput } from '../sandbox';
import type { ReplayRepo } from '../store/replay-repo';
import { batchEnd, batchJob, failedSide, readBatch, sideResultOf, storeBatch, type PreparedBatch } from './batches';
import { runReplayJob, type ReplayJobResult } from './worker';

/** Batches of a run in flight at once per lane (sandbox.parallelism()), plus one: the next ones run while the core stores one. */
export const BATCHES_IN_FLIGHT = 2;

type Answer = { result: ReplayJobResult } | { error: unknown };

export interface BatchRunOptions {
  repo: ReplayRepo;
  runId: string;
  /** Position of the first batch to run (a multiple of the batch size). */
  from: number;
  sandbox: () => Sandbox;
  sides: WorkSideInput[];
  workspaceId: string;
  /** No new batch starts (those in flight are stored). */
  stopped: () => boolean;
  /** Aborted when the core closes: nothing more is stored, and no answer in flight is waited for (the run is marked interrupted on the next start). */
  closing: AbortSignal;
  /** The position after the last batch stored. */
  onStored: (done: number) => void;
}

const crashed = (error: unknown) => error instanceof StudioError && error.details?.sandboxCrashed === true;

/**
 * Runs a run's batches from `from` on: the core reads each batch, a background sandbox process
 * runs it through every side (replay's worker) and answers per event, and the core, the one
 * writer, stores the batches in position order (results, logs, summary and progress in one
 * transaction each), BATCHES_IN_FLIGHT per lane of each background process (plus one) at a time, spread over
 * those processes. When a process dies, the oldest batch in flight that it had (the one the stored
 * progress reaches first) is stored as failed with the crash message and the others it had run
 * again in a new process.
 */
export async function runBatches(options: BatchRunOptions): Promise<void> {
  const { repo, runId, sides } = options;
  const targets = sides.map((side) => ({ transformationId: side.transformationId, versionId: side.versionId }));
  const send = (batch: PreparedBatch): Promise<Answer> =>
    runReplayJob(options.sandbox(), batchJob(batch, targets, options.workspaceId), sides, runId).then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    );
  const inFlight: { from: number; batch: PreparedBatch; answer: Promise<Answer> }[] = [];
  // Spread over the background processes and their lanes (each lane a warm isolate of the side).
  const most = BATCHES_IN_FLIGHT * options.sandbox().parallelism() + 1;
  let next: number | null = options.from;
  const fill = () => {
    while (next !== null && inFlight.length < most && !options.stopped() && !options.closing.aborted) {
      const batch = readBatch(repo, runId, next);
      if (!batch) next = null;
      else {
        inFlight.push({ from: next, batch, answer: send(batch) });
        next = batchEnd(batch);
      }
    }
  };
  fill();
  while (inFlight.length > 0) {
    const head = inFlight.shift()!;
    const answer = await unlessClosing(head.answer, options.closing);
    if (answer === 'closed' || options.closing.aborted) return;
    store(head, answer);
    fill();
  }

  /** Stores one batch's answer (a crash: the batch failed, the others it had run again). */
  function store(head: (typeof inFlight)[number], answer: Answer): void {
    let a, b;
    if ('error' in answer) {
      if (!crashed(answer.error)) throw answer.error;
      // The others in flight went down with the process: they run again.
      for (const other of inFlight) other.answer = other.answer.then((settled) => ('error' in settled && crashed(settled.error) ? send(other.batch) : settled));
      a = b = failedSide(head.batch, (answer.error as Error).message);
    } else {
      [a, b] = answer.result.sides.map((side) => sideResultOf(head.batch, side));
    }
    if (!storeBatch(repo, runId, head.from, head.batch, a!, sides.length > 1 ? b! : null)) {
      throw new Error(`the batch at position ${head.from} was run but not stored: the run's progress was elsewhere`);
    }
    options.onStored(batchEnd(head.batch));
  }
}

/**
 * The answer, or 'closed' as soon as the core closes: closing does not wait for a batch in flight
 * (user code may take up to its time limit); the sandbox processes are killed after this. Not
 * Promise.race with one promise for the whole run: each race leaves a reaction on that promise
 * until it settles, which held every batch's answer for the run (+150-200 MB at 100,000 events).
 */
function unlessClosing<T>(answer: Promise<T>, closing: AbortSignal): Promise<T | 'closed'> {
  if (closing.aborted) return Promise.resolve('closed');
  return new Promise((resolve) => {
    const onAbort = () => resolve('closed');
    closing.addEventListener('abort', onAbort, { once: true });
    void answer.then((value) => {
      closing.removeEventListener('abort', onAbort);
      resolve(value);
    });
  });
}
