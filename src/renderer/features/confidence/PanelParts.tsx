import type { ReactNode } from 'react';

/** The Close link of a coverage or fuzz panel. */
export function CloseLink({ onClose }: { onClose: () => void }) {
  return (
    <button type="button" className="link" onClick={onClose}>
      Close
    </button>
  );
}

/** A panel's run: its error (an alert) and, while it runs, what it is doing (a status). */
export function RunState({ error, running, children }: { error: string | undefined; running: boolean; children: ReactNode }) {
  return (
    <>
      {error && <p className="error small" role="alert">{error}</p>}
      {running && <p className="small" role="status">{children}</p>}
    </>
  );
}
