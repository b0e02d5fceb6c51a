import { useSyncExternalStore } from 'react';

/** The words every page shows while the core does not answer (the banner, disabled actions). */
export const CORE_DOWN = 'The studio’s core is not answering — reconnecting…';

const PROBE_MS = 1000;
let down = false;
let probing = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

async function probe(): Promise<void> {
  if (probing) return;
  probing = true;
  while (down) {
    await new Promise((r) => setTimeout(r, PROBE_MS));
    try {
      if ((await fetch('/studio/health', { cache: 'no-store' })).ok) coreConnection.reached();
    } catch {
      // still gone
    }
  }
  probing = false;
}

/**
 * Whether the core answers, as the UI's requests and its health stream find it: a request that
 * cannot reach the core (no HTTP answer at all) marks it down, and from then on /studio/health is
 * asked every second; any answer marks it up again, and pages that listen resume by themselves.
 */
export const coreConnection = {
  isDown: () => down,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  lost(): void {
    if (!down) {
      down = true;
      emit();
    }
    void probe();
  },
  reached(): void {
    if (!down) return;
    down = false;
    emit();
  },
  /** Resolves once the core answers again (at once while it does), or when `signal` aborts. */
  whenUp(signal?: AbortSignal): Promise<void> {
    if (!down) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        off();
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const off = coreConnection.subscribe(() => {
        if (!down) done();
      });
      signal?.addEventListener('abort', done);
    });
  },
};

/** True while the core does not answer. */
export function useCoreDown(): boolean {
  return useSyncExternalStore(coreConnection.subscribe, coreConnection.isDown);
}
