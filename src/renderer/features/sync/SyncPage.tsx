import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { syncApi, type ConnectionResult, type Remote } from '../../api/sync';
import { AddRemoteForm } from './AddRemoteForm';
import { ChangesView } from './ChangesView';
import { AlertText } from '../../components/AlertText';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EditRemoteDialog } from './EditRemoteDialog';
import { When } from '../../components/When';
import './sync.css';

/** Remotes (add, test connection, remove) and the changes against the chosen one. */
export function SyncPage() {
  const [remotes, setRemotes] = useState<Remote[]>([]);
  const [current, setCurrent] = useState<string>();
  // The last connection test of each remote and when it answered (the remote may have changed since).
  const [tests, setTests] = useState<Record<string, (ConnectionResult & { at: Date }) | 'testing' | undefined>>({});
  const [error, setError] = useState<string>();
  const load = useCallback(async () => {
    try {
      const list = (await syncApi.remotes()).remotes;
      setRemotes(list);
      setCurrent((c) => c ?? list[0]?.name);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  }, []);
  useEffect(() => void load(), [load]);
  const test = async (name: string) => {
    setTests((t) => ({ ...t, [name]: 'testing' }));
    try {
      const result = await syncApi.test(name);
      setTests((t) => ({ ...t, [name]: { ...result, at: new Date() } }));
    } catch (e) {
      setTests((t) => ({ ...t, [name]: { ok: false, message: (e as Error).message, at: new Date() } }));
    }
  };
  const [editing, setEditing] = useState<Remote>();
  const [removing, setRemoving] = useState<string>();
  // Bumped when a remote is edited: its changes are asked for again with the new token.
  const [revision, setRevision] = useState(0);
  const remove = async (name: string) => {
    await syncApi.removeRemote(name);
    setRemoving(undefined);
    if (current === name) setCurrent(undefined);
    await load();
  };
  return (
    <div className="sync-page">
      <aside className="remotes" aria-label="Remotes">
        <h2>Remotes</h2>
        <AlertText error={error} />
        {remotes.length === 0 && <p className="muted">No remote yet. Add your workspace (or a team studio) to push and pull.</p>}
        <ul>
          {remotes.map((r) => {
            const t = tests[r.name];
            return (
              <li key={r.id} className={current === r.name ? 'active' : ''} data-testid="remote">
                <button type="button" className="link" onClick={() => setCurrent(r.name)} aria-current={current === r.name}>{r.name}</button>
                <span className="muted"> {r.baseUrl} · {r.email}</span>
                <div className="actions">
                  <button type="button" className="secondary" onClick={() => void test(r.name)}>Test connection</button>
                  <button type="button" className="secondary" onClick={() => setEditing(r)}>Edit</button>
                  <button type="button" className="link" onClick={() => setRemoving(r.name)}>Remove</button>
                </div>
                {t === 'testing' && <p aria-busy="true">Testing…</p>}
                {t && t !== 'testing' && (
                  <p role="status">
                    <span className={t.ok ? 'ok' : 'error'} data-testid="connection-result">{t.message}</span>{' '}
                    <span className="muted small">(tested at <When iso={t.at.toISOString()} />)</span>
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        <details open={remotes.length === 0} key={remotes.length === 0 ? 'none' : 'some'}>
          <summary>Add a remote</summary>
          <AddRemoteForm onAdded={(r) => { setCurrent(r.name); void load(); }} />
        </details>
      </aside>
      {editing && (
        <EditRemoteDialog
          remote={editing}
          onClose={() => setEditing(undefined)}
          onSaved={(r) => {
            setEditing(undefined);
            setTests((t) => ({ ...t, [r.name]: undefined }));
            setRevision((n) => n + 1);
            void load();
          }}
        />
      )}
      {removing && (
        <ConfirmDialog title={`Remove the remote “${removing}”?`} confirmLabel="Remove" danger onCancel={() => setRemoving(undefined)} onConfirm={() => void remove(removing)}>
          <p>Its token and what was last synced are forgotten; nothing on the remote changes. To change its token, edit it instead.</p>
        </ConfirmDialog>
      )}
      <div className="sync-main">{current ? <ChangesView key={`${current}-${revision}`} remote={current} /> : <p className="muted">Choose or add a remote.</p>}</div>
    </div>
  );
}
