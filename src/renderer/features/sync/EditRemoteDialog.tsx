import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client';
import { syncApi, type Remote, type RemoteUpdate } from '../../api/sync';
import { AlertText } from '../../components/AlertText';
import { Dialog } from '../../components/Dialog';

/** Edits a remote in place: URLs, e-mail, and a new access token or write key (left empty: the stored one stays). */
export function EditRemoteDialog({ remote, onSaved, onClose }: { remote: Remote; onSaved: (remote: Remote) => void; onClose: () => void }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const formId = `edit-remote-${remote.id}`;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (k: string) => String(form.get(k) ?? '').trim();
    const body: RemoteUpdate = { baseUrl: text('baseUrl'), email: text('email'), dataPlaneUrl: text('dataPlaneUrl') };
    if (text('token')) body.token = text('token');
    if (text('writeKey')) body.writeKey = text('writeKey');
    if (form.get('removeWriteKey') === 'on') body.writeKey = '';
    setBusy(true);
    setError(undefined);
    try {
      onSaved(await syncApi.updateRemote(remote.name, body));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={`Edit the remote “${remote.name}”`}
      onClose={onClose}
      testId="edit-remote"
      actions={
        <>
          <button type="button" className="secondary" onClick={onClose}>Cancel</button>
          <button type="submit" form={formId} disabled={busy}>{busy ? 'Saving…' : 'Save'}</button>
        </>
      }
    >
      <form id={formId} className="remote-form" onSubmit={(e) => void submit(e)} aria-label="Edit the remote">
        <label>Management base URL<input name="baseUrl" required defaultValue={remote.baseUrl} /></label>
        <label>E-mail<input name="email" required type="email" defaultValue={remote.email} /></label>
        <label>
          New access token
          <input name="token" type="password" autoComplete="off" placeholder={remote.hasToken ? 'leave empty to keep the stored token' : 'none stored: enter one'} required={!remote.hasToken} />
        </label>
        <label>Data plane URL (optional)<input name="dataPlaneUrl" defaultValue={remote.dataPlaneUrl ?? ''} /></label>
        <label>
          New write key (optional)
          <input name="writeKey" type="password" autoComplete="off" placeholder={remote.hasWriteKey ? 'leave empty to keep the stored key' : 'none stored'} />
        </label>
        {remote.hasWriteKey && (
          <label className="inline"><input type="checkbox" name="removeWriteKey" /> Forget the stored write key</label>
        )}
        <p className="muted">Secrets are never shown again; a new one replaces the stored one.</p>
        <AlertText error={error} />
      </form>
    </Dialog>
  );
}
