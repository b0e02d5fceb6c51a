import type { GroupedAnswer } from '../protocol/messages';
import type { NetworkCall } from '../types';
import { RunElsewhere } from './pending';
import type { RemoteInstance } from './remote-instance';

export type RunAnswer = { json: string; grouped?: GroupedAnswer; network: NetworkCall[]; instance: RemoteInstance };

/**
 * A run whose process was killed for another request (RunElsewhere: a stalled isolate beside it)
 * is run once more (`again`: in a new process, its warm isolate went with the old one), unless
 * parts of its answer had already been passed on: then, and when the second try is lost the same
 * way, it fails as crashed. Its host requests (fetch) are made again, as a retried batch's are.
 */
export async function runAgainOnce(attempt: (onPart: ((json: string) => void) | undefined, again: boolean) => Promise<RunAnswer>, onPart?: (json: string) => void): Promise<RunAnswer> {
  let parted = false;
  const listen = onPart && ((json: string) => ((parted = true), onPart(json)));
  try {
    return await attempt(listen, false);
  } catch (error) {
    if (!(error instanceof RunElsewhere)) throw error;
    if (parted) throw error.crash;
  }
  return attempt(onPart, true).catch((error: unknown) => {
    throw error instanceof RunElsewhere ? error.crash : error;
  });
}
