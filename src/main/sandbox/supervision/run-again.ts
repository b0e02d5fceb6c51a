import type { GroupedAnswer } from '../protocol/messages';
import type { NetworkCall } from '../types';
import { messages, sandboxError } from '../errors';
import { RunElsewhere, type Pending } from './pending';
import type { RemoteInstance } from './remote-instance';

export type RunAnswer = { json: string; grouped?: GroupedAnswer; network: NetworkCall[]; instance: RemoteInstance };

/**
 * A run whose process was killed for another request (RunElsewhere: a stalled isolate beside it)
 * is run once more (`again`: in a new process, its warm isolate went with the old one), unless
 * parts of its answer had already been passed on: then, and when the second try is lost the same
 * way, it fails as crashed. Its host requests (fetch) are made again, as a retried batch's are.
 */
export async function runAgainOnce(attempt: (onPart: ((json: string) => void) | undefined, again: boolean, alone: boolean) => Promise<RunAnswer>, onPart?: (json: string) => void): Promise<RunAnswer> {
  let parted = false;
  let alone = false;
  const listen = onPart && ((json: string) => ((parted = true), onPart(json)));
  try {
    return await attempt(listen, false, false);
  } catch (error) {
    if (!(error instanceof RunElsewhere)) throw error;
    if (parted) throw error.crash;
    alone = error.alone;
  }
  return attempt(onPart, true, alone).catch((error: unknown) => {
    throw error instanceof RunElsewhere ? error.crash : error;
  });
}

/** How a process ended, as the requests it had in flight see it. */
export interface ProcessEnd {
  how: string;
  /** The pool is closing. */
  closed: boolean;
  /** The request it was killed for (a stalled isolate, a request past its deadline). */
  culprit: number | undefined;
  /** Killed past its memory budget (memory-watch.ts). */
  overBudget: boolean;
  inFlight: number;
}

/**
 * What request `id` fails with when its process exits: crashed; killed for another request, it
 * runs again elsewhere (a run) or fails as crashed; past the memory budget it fails with the
 * memory limit, and when several were in flight (the one that allocated is not known) each runs
 * once more alone in a new process first, so the culprit fails with the limit and the others complete.
 */
export function exitError(id: number, pending: Pending, end: ProcessEnd): Error {
  if (end.closed) return sandboxError(messages.disposed);
  const crash = end.overBudget ? sandboxError(messages.memory(pending.memory?.limitMb ?? 0)) : sandboxError(messages.processCrashed(pending.name, end.how), { sandboxCrashed: true });
  const elsewhere = end.culprit !== undefined ? end.culprit !== id : end.overBudget && end.inFlight > 1;
  return pending.rerun && elsewhere ? new RunElsewhere(crash, end.culprit === undefined) : crash;
}
