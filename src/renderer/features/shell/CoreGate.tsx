import { useEffect, type ReactNode } from 'react';
import { CORE_DOWN, coreConnection, useCoreDown } from '../../api/core-connection';
import { readServerEvents } from '../../api/server-events';
import './shell.css';

/** Holds /studio/health/stream open: it ends only when the core stops, which marks the core down at once. */
function useCoreHeartbeat(): void {
  useEffect(() => {
    const abort = new AbortController();
    const listen = async () => {
      while (!abort.signal.aborted) {
        try {
          await readServerEvents('/studio/health/stream', () => {}, abort.signal);
        } catch {
          // gone; marked below
        }
        if (abort.signal.aborted) return;
        coreConnection.lost();
        await coreConnection.whenUp(abort.signal);
      }
    };
    void listen();
    return () => abort.abort();
  }, []);
}

/**
 * While the core does not answer: one banner on every page, and every button and field of the
 * pages disabled with that reason (a disabled fieldset); when it answers again both go, and the
 * pages' own polls and streams resume without a reload.
 */
export function CoreGate({ children }: { children: ReactNode }) {
  const down = useCoreDown();
  useCoreHeartbeat();
  return (
    <>
      {down && (
        <p role="alert" className="core-down" data-testid="core-down">
          {CORE_DOWN}
        </p>
      )}
      <fieldset className="core-gate" disabled={down} title={down ? CORE_DOWN : undefined}>
        {children}
      </fieldset>
    </>
  );
}
