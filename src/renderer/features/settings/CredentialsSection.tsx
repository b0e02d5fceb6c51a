import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { settingsApi, type Credential } from '../../api/settings';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatWhen } from '../../lib/format-time';

/** Credentials user code reads with getCredential(key): add, replace, delete; values never shown. */
export function CredentialsSection() {
  const [list, setList] = useState<Credential[]>();
  const [error, setError] = useState<string>();
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [editing, setEditing] = useState<string>();
  const load = useCallback(async () => {
    try {
      setList((await settingsApi.credentials()).credentials);
    } catch (e) {
      setError(`Could not load credentials: ${(e as Error).message}`);
    }
  }, []);
  useEffect(() => void load(), [load]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await settingsApi.putCredential(name.trim(), value);
      setName('');
      setValue('');
      setEditing(undefined);
      setError(undefined);
      await load();
    } catch (err) {
      setError(`Could not save the credential: ${(err as Error).message}`);
    }
  };
  const remove = async (key: string) => {
    try {
      await settingsApi.deleteCredential(key);
      await load();
    } catch (err) {
      setError(`Could not delete the credential: ${(err as Error).message}`);
    }
  };
  return (
    <section className="settings-section" aria-labelledby="credentials-title">
      <h2 id="credentials-title">Credentials</h2>
      <p className="muted">Values that transformations read with <code>getCredential(key)</code>, in tests and in the pipeline. Stored values are never shown again.</p>
      <ErrorNotice message={error} onDismiss={() => setError(undefined)} />
      <form className="inline-form" onSubmit={(e) => void submit(e)} aria-label={editing ? `Replace ${editing}` : 'Add a credential'}>
        <label>
          Key
          <input value={name} onChange={(e) => setName(e.target.value)} required pattern="[A-Za-z0-9_.:-]+" maxLength={100} readOnly={editing !== undefined} />
        </label>
        <label>
          Value
          <input type="password" autoComplete="off" value={value} onChange={(e) => setValue(e.target.value)} />
        </label>
        <button type="submit">{editing ? 'Replace value' : 'Add credential'}</button>
        {editing && (
          <button type="button" className="secondary" onClick={() => { setEditing(undefined); setName(''); setValue(''); }}>Cancel</button>
        )}
      </form>
      {list && list.length === 0 && <p className="muted">No credentials yet.</p>}
      {list && list.length > 0 && (
        <table className="settings-table" data-testid="credentials">
          <thead>
            <tr><th scope="col">Key</th><th scope="col">Value</th><th scope="col">Updated</th><th scope="col"><span className="sr-only">Actions</span></th></tr>
          </thead>
          <tbody>
            {list.map((c) => (
              <tr key={c.key}>
                <th scope="row"><code>{c.key}</code></th>
                <td>{c.value}</td>
                <td className="muted">{formatWhen(c.updatedAt)}</td>
                <td>
                  <button type="button" className="link" aria-label={`Edit ${c.key}`} onClick={() => { setEditing(c.key); setName(c.key); setValue(''); }}>Edit</button>{' '}
                  <button type="button" className="link danger" aria-label={`Delete ${c.key}`} onClick={() => void remove(c.key)}>Delete</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
