import { useEffect, useRef } from 'react';
import { readServerEvents } from '../api/server-events';

const RECONNECT_MS = 2000;

/**
 * Calls `onPush` each time the core pushes on a server-sent event stream, and once each time the
 * stream (re)opens (what changed while it was closed). Reconnects while mounted; `path` undefined
 * listens to nothing. Pushes are not coalesced here: `onPush` reads the state again.
 */
export function useServerPush(path: string | undefined, onPush: () => void): void {
  const latest = useRef(onPush);
  latest.current = onPush;
  useEffect(() => {
    if (!path) return;
    const abort = new AbortController();
    const listen = async () => {
      while (!abort.signal.aborted) {
        try {
          await readServerEvents(path, () => latest.current(), abort.signal, () => latest.current());
        } catch {
          // The core is gone or restarting: try again (the host banner says so).
        }
        if (!abort.signal.aborted) await new Promise((r) => setTimeout(r, RECONNECT_MS));
      }
    };
    void listen();
    return () => abort.abort();
  }, [path]);
}
