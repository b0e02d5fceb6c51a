import { useEffect, useRef, useSyncExternalStore } from 'react';
import { pipelineApi, type DestinationView } from '../api/pipeline';
import { useServerPush } from './useServerPush';

// The destinations whose last delivery attempt failed, as the core says (its `health`, never a
// copy computed here): loaded when a delivery result is recorded (the core pushes that on
// /studio/api/deliveries/stream) and every 10 s for changes that record none (pause, delete).
// One watcher for the app (useWatchFailingDestinations, in the shell); any component reads it.

export type Failing = Pick<DestinationView, 'id' | 'name' | 'health'> & { lastError: string | null };

let failing: Failing[] = [];
const listeners = new Set<() => void>();
const FAILING = new Set(['failing', 'retrying']);

async function load(): Promise<void> {
  const { destinations } = await pipelineApi.listDestinations();
  const next = destinations.filter((d) => FAILING.has(d.health)).map((d) => ({ id: d.id, name: d.name, health: d.health, lastError: d.delivery.lastError }));
  if (JSON.stringify(next) === JSON.stringify(failing)) return;
  failing = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The destinations whose last attempt failed (the core's health: failing or retrying). */
export const useFailingDestinations = (): Failing[] => useSyncExternalStore(subscribe, () => failing);

/** Keeps the list current while mounted (once, in the shell). */
export function useWatchFailingDestinations(): void {
  const queued = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Results arrive in bursts (a batch records many): one load at once, one after the burst.
  const soon = () => {
    if (queued.current) return;
    void load().catch(() => undefined);
    queued.current = setTimeout(() => {
      queued.current = undefined;
      void load().catch(() => undefined);
    }, 500);
  };
  useServerPush('/studio/api/deliveries/stream', soon);
  useEffect(() => {
    const timer = setInterval(() => void load().catch(() => undefined), 10_000);
    return () => {
      clearInterval(timer);
      clearTimeout(queued.current);
    };
  }, []);
}
