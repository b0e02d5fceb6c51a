import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client';
import { syncApi, type Remote } from '../../api/sync';
import { AlertText } from '../../components/AlertText';

/** Name, management base URL, e-mail, access token, optional data plane URL and write key. */
export function AddRemoteForm({ onAdded }: { onAdded: (remote: Remote) => void }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (k: string) => String(form.get(k) ?? '').trim();
    setBusy(true);
    setError(undefined);
    try {
      const remote = await syncApi.addRemote({
        name: text('name'),
        baseUrl: text('baseUrl'),
        email: text('email'),
        token: text('token'),
        ...(text('dataPlaneUrl') ? { dataPlaneUrl: text('dataPlaneUrl') } : {}),
        ...(text('writeKey') ? { writeKey: text('writeKey') } : {}),
      });
      (event.target as HTMLFormElement).reset();
      onAdded(remote);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="remote-form" onSubmit={(e) => void submit(e)} aria-label="Add a remote">
      <label>Name<input name="name" required placeholder="team" pattern="[A-Za-z0-9_.\-]+" /></label>
      <label>Management base URL<input name="baseUrl" required placeholder="https://api.rudderstack.com" /></label>
      <label>E-mail<input name="email" required type="email" /></label>
      <label>Access token<input name="token" required type="password" autoComplete="off" /></label>
      <label>Data plane URL (optional)<input name="dataPlaneUrl" placeholder="https://…dataplane.rudderstack.com" /></label>
      <label>Write key (optional)<input name="writeKey" type="password" autoComplete="off" /></label>
      <p className="muted">The token and write key are kept as secrets on this machine and never shown again.</p>
      <AlertText error={error} />
      <button type="submit" disabled={busy}>{busy ? 'Adding…' : 'Add remote'}</button>
    </form>
  );
}
