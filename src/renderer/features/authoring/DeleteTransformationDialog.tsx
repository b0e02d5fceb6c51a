import { useState } from 'react';
import { pipelineApi, type DestinationView } from '../../api/pipeline';
import { Dialog } from '../../components/Dialog';
import { AlertText } from '../../components/AlertText';

/**
 * Asks before deleting a transformation. When destinations run it, names them, says what
 * happens (their events flow untransformed) and needs an explicit choice: disconnect them
 * and delete, or cancel.
 */
export function DeleteTransformationDialog({ name, destinations, dirty, busy, onDelete, onCancel }: {
  name: string;
  destinations: DestinationView[];
  dirty: boolean;
  busy: boolean;
  onDelete: () => Promise<void>;
  onCancel: () => void;
}) {
  const [understood, setUnderstood] = useState(false);
  const [error, setError] = useState<string>();
  const connected = destinations.length > 0;
  const confirm = async () => {
    setError(undefined);
    try {
      for (const d of destinations) await pipelineApi.disconnect(d.id);
      await onDelete();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <Dialog title={`Delete “${name}”?`} onClose={onCancel} testId="delete-transformation" actions={
      <>
        <button type="button" className="secondary" onClick={onCancel} autoFocus>Cancel</button>
        <button type="button" className="danger" disabled={busy || (connected && !understood)} onClick={() => void confirm()}>
          {busy ? 'Working…' : connected ? 'Disconnect and delete' : 'Delete transformation'}
        </button>
      </>
    }>
      {connected && (
        <div className="notice notice-error" role="alert" data-testid="connected-warning">
          <span>
            “{name}” is live on {destinations.length === 1 ? 'destination' : `${destinations.length} destinations`}{' '}
            <strong>{destinations.map((d) => d.name).join(', ')}</strong>. Deleting it disconnects{' '}
            {destinations.length === 1 ? 'it' : 'them'}: from then on their events flow <strong>untransformed</strong>.
          </span>
        </div>
      )}
      {connected && (
        <label className="inline">
          <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} /> Disconnect {destinations.map((d) => d.name).join(', ')} and send their events untransformed
        </label>
      )}
      <p>It disappears from the list and cannot be opened again here; the server keeps its versions.{dirty && ' Your unsaved changes are lost.'}</p>
      <AlertText error={error} />
    </Dialog>
  );
}
