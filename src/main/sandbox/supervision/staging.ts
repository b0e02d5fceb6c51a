import type { StagedPayload } from '../protocol/payload';
import type { Slot } from './slot';

/**
 * The batch of run `id` on its way to `slot`: a run on the process's thread (`sync`) gets it in
 * pieces, each told to the process (`stage`), which parses it into the isolate while the next is
 * made here; the run's own payload holds the last piece. Other runs get it whole. A piece that
 * cannot be made throws, after telling the process to drop the pieces it has.
 */
export function sendPayload(slot: Slot, run: { id: number; key: string; timeoutMs: number }, given: string | StagedPayload, sync: boolean): { payload: string; staged: number } {
  if (typeof given === 'string') return { payload: given, staged: 0 };
  if (!sync) return { payload: given.whole(), staged: 0 };
  let staged = 0;
  try {
    for (const piece of given.pieces) {
      slot.tell({ type: 'stage', id: run.id, key: run.key, text: piece(), timeoutMs: run.timeoutMs });
      staged++;
    }
    return { payload: given.last(run.id), staged };
  } catch (error) {
    if (staged > 0) slot.tell({ type: 'unstage', id: run.id });
    throw error;
  }
}
