import { setTimeout as delay } from 'node:timers/promises';
import { messages, sandboxError } from '../errors';
import { leastLoaded } from './placement';
import type { Slot } from './slot';

/** Longest wait for a recycled background process to exit before its successor starts. */
const RECYCLE_WAIT_MS = 2000;

/**
 * The background process a worker's job goes to (placement.ts's leastLoaded: a run's jobs in
 * flight spread over them), started in its place when there is none there. A background process
 * being recycled goes before a successor starts: two at once would hold both memories (it has
 * nothing left to run, so it exits at once).
 */
export async function backgroundSlot(background: Array<Slot | undefined>, retiring: ReadonlySet<Slot>, start: () => Slot, isClosed: () => boolean): Promise<Slot> {
  const choose = () => leastLoaded(background.map((slot) => slot?.view()));
  let index = choose();
  const previous = [...retiring].find((slot) => slot.background);
  if (previous && !background[index]?.usable) {
    await Promise.race([previous.gone, delay(RECYCLE_WAIT_MS)]);
    index = choose();
  }
  if (isClosed()) throw sandboxError(messages.disposed);
  if (!background[index]?.usable) background[index] = start();
  return background[index]!;
}
