import { useState } from 'react';
import { hrefFor } from '../../hooks/routes';
import { navigate } from '../../hooks/useHashRoute';

// "Debug" from elsewhere (a replay run's row, a destination's delivery): the event is handed to the
// transformation's page, which puts it in its bench and starts the debugger on it (the page's
// current code, its gutter breakpoints and options, as the bench's own "Debug").

interface PendingDebug {
  transformationId: string;
  event: Record<string, unknown>;
  label: string;
}

let pending: PendingDebug | undefined;

/** Opens the transformation's test bench with this one event, debugging it. */
export function debugEventIn(transformationId: string, event: Record<string, unknown>, label: string): void {
  pending = { transformationId, event, label };
  navigate(hrefFor('transformation', transformationId, 'test'));
}

/** The event handed to this transformation's page, once (undefined when there is none). */
export function takePendingDebug(transformationId: string): PendingDebug | undefined {
  if (pending?.transformationId !== transformationId) return undefined;
  const taken = pending;
  pending = undefined;
  return taken;
}

/** A "Debug" button: loads the event (it may need a request), then opens it under the debugger. */
export function DebugEventButton(props: { transformationId: string; load: () => Promise<Record<string, unknown>> | Record<string, unknown>; label: string; text?: string; title: string }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    setError(undefined);
    try {
      debugEventIn(props.transformationId, await props.load(), props.label);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="secondary" disabled={busy} title={props.title} onClick={() => void open()}>
        {props.text ?? 'Debug'}
      </button>
      {error && <span className="error small" role="alert">{error}</span>}
    </>
  );
}
