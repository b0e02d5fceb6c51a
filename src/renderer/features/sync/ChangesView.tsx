import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { syncApi, type ChangeItem, type SyncOutcome } from '../../api/sync';
import { LazyMergeDiff } from '../../editor/LazyMergeDiff';
import { useServerPush } from '../../hooks/useServerPush';
import { useTheme } from '../../hooks/useTheme';
import { ConflictView } from './ConflictView';
import { SyncPreview } from './SyncPreview';
import type { ThemeName } from '../../editor/theme';
import { toggled } from '../../lib/toggled';

const STATE_LABEL: Record<ChangeItem['state'], string> = {
  unchanged: 'In sync',
  'new-local': 'New locally',
  'new-remote': 'New on the remote',
  'changed-local': 'Changed locally',
  'changed-remote': 'Changed on the remote',
  both: 'Conflict: changed on both sides',
};
const keyOf = (i: ChangeItem) => `${i.kind}:${i.localId ?? ''}:${i.remoteItemId ?? ''}`;
const pushable = (i: ChangeItem) => i.state === 'new-local' || i.state === 'changed-local';
const pullable = (i: ChangeItem) => i.state === 'new-remote' || i.state === 'changed-remote';

/**
 * The diff from the reader's side: for a pull, what comes here (local → remote: the remote's new
 * lines green); otherwise what a push changes there (remote → local: the local new lines green).
 * Both sides are labelled with their place and version number.
 */
function ChangeDiff({ item: i, remote, theme }: { item: ChangeItem; remote: string; theme: ThemeName }) {
  const local = `Local${i.localNumber !== null ? ` v${i.localNumber}` : ' (none)'}, here`;
  const there = `Remote “${remote}”${i.remoteNumber !== null ? ` v${i.remoteNumber}` : ' (none)'}`;
  const incoming = pullable(i);
  return (
    <>
      <p className="muted small" data-testid="diff-direction">
        {incoming ? 'What a pull changes here: green comes from the remote, red goes.' : 'What a push changes on the remote: green goes from here, red goes away there.'}
      </p>
      {incoming ? (
        <LazyMergeDiff original={i.localCode ?? ''} modified={i.remoteCode ?? ''} theme={theme} originalLabel={local} modifiedLabel={there} showLabels />
      ) : (
        <LazyMergeDiff original={i.remoteCode ?? ''} modified={i.localCode ?? ''} theme={theme} originalLabel={there} modifiedLabel={local} showLabels />
      )}
    </>
  );
}

/** Every transformation and library that differs from the remote, with its diff; choose what to push or pull. */
export function ChangesView({ remote }: { remote: string }) {
  const theme = useTheme();
  const [items, setItems] = useState<ChangeItem[]>();
  const [error, setError] = useState<string>();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [open, setOpen] = useState<string>();
  const [outcome, setOutcome] = useState<SyncOutcome>();
  const [busy, setBusy] = useState<string>();
  const load = useCallback(async () => {
    setError(undefined);
    try {
      const status = await syncApi.changes(remote);
      setItems(status.items);
      setSelected(new Set(status.items.filter((i) => pushable(i) || pullable(i)).map(keyOf)));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  }, [remote]);
  useEffect(() => void load(), [load]);
  // A local version's test status changed (the core's versions stream): the items and their plans
  // (an open preview's too) are asked for again, the selection kept; one request at a time.
  const refreshing = useRef({ busy: false, again: false });
  const refresh = useCallback(async () => {
    const r = refreshing.current;
    if (r.busy) {
      r.again = true;
      return;
    }
    r.busy = true;
    try {
      do {
        r.again = false;
        setItems((await syncApi.changes(remote)).items);
      } while (r.again);
    } catch {
      // the Refresh button and the next push say what is wrong
    } finally {
      r.busy = false;
    }
  }, [remote]);
  useServerPush('/studio/api/transformations/versions/stream', () => void refresh());

  // Push and pull first say what they will do (the core's plan), then do it when confirmed.
  const [preview, setPreview] = useState<'push' | 'pull'>();
  const chosenFor = (what: 'push' | 'pull') => (items ?? []).filter((i) => selected.has(keyOf(i)) && (what === 'push' ? pushable(i) : pullable(i)));
  const run = async (what: 'push' | 'pull') => {
    const chosen = chosenFor(what);
    setPreview(undefined);
    setBusy(what);
    setOutcome(undefined);
    try {
      const refs = chosen.map((i) => ({ kind: i.kind, ...(i.localId ? { localId: i.localId } : {}), ...(i.remoteItemId ? { remoteItemId: i.remoteItemId } : {}) }));
      setOutcome(await (what === 'push' ? syncApi.push(remote, refs) : syncApi.pull(remote, refs)));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(undefined);
      await load();
    }
  };
  // Items to act on, and items whose live versions differ (drift) even when their latest code matches.
  const differing = (items ?? []).filter((i) => i.state !== 'unchanged' || i.drift);
  const toggle = (k: string) => setSelected((s) => toggled(s, k));
  return (
    <section className="changes" aria-label="Changes">
      <div className="toolbar">
        <h3>Changes against “{remote}”</h3>
        <button type="button" className="secondary" onClick={() => { setOutcome(undefined); void load(); }}>Refresh</button>
        <button type="button" onClick={() => { setOutcome(undefined); setPreview('push'); }} disabled={busy !== undefined || !differing.some((i) => pushable(i) && selected.has(keyOf(i)))}>
          {busy === 'push' ? 'Pushing…' : 'Push selected…'}
        </button>
        <button type="button" onClick={() => { setOutcome(undefined); setPreview('pull'); }} disabled={busy !== undefined || !differing.some((i) => pullable(i) && selected.has(keyOf(i)))}>
          {busy === 'pull' ? 'Pulling…' : 'Pull selected…'}
        </button>
      </div>
      {error && <p role="alert" className="notice notice-error"><span>{error}</span></p>}
      {preview && <SyncPreview what={preview} remote={remote} items={chosenFor(preview)} onConfirm={() => void run(preview)} onCancel={() => setPreview(undefined)} />}
      {outcome && (
        <ul className="sync-outcome" aria-label="Remote's answer" data-testid="sync-outcome">
          {outcome.results.map((r, i) => (
            <li key={i} className={r.ok ? '' : 'error'}>
              {r.ok ? '✓' : '✗'} {r.kind} “{r.name}”: {r.message}
              {r.remoteAnswer !== undefined && !r.ok && (
                <details><summary>Remote's answer</summary><pre className="code-block">{JSON.stringify(r.remoteAnswer, null, 2)}</pre></details>
              )}
            </li>
          ))}
        </ul>
      )}
      {items && differing.length === 0 && <p className="muted">Everything is in sync with “{remote}” ({items.length} items).</p>}
      <ul className="change-list">
        {differing.map((i) => {
          const k = keyOf(i);
          return (
            <li key={k} data-testid="change-item">
              <div className="change-row">
                {i.state !== 'both' && <input type="checkbox" aria-label={`Select ${i.name}`} checked={selected.has(k)} onChange={() => toggle(k)} />}
                <span className="muted">{i.kind}</span>
                <strong>{i.name}</strong>
                {i.state !== 'unchanged' && <span className={`badge ${i.state === 'both' ? 'badge-error' : 'badge-changed'}`}>{STATE_LABEL[i.state]}</span>}
                {i.draft && i.localNumber !== null && (
                  <span className="badge" data-testid="draft-badge" title="Not published locally: push sends the live version unless you select this draft">
                    v{i.localNumber} · draft
                  </span>
                )}
                {i.drift && <span className="badge badge-error" data-testid="drift-badge" title="The code live on the remote is not the code live here">{i.drift}</span>}
                {i.synced && <span className="badge" data-testid="synced-numbers" title="The versions of the last sync, on each side">{i.synced}</span>}
                <button type="button" className="link" onClick={() => setOpen(open === k ? undefined : k)} aria-expanded={open === k}>
                  {i.state === 'both' ? 'Resolve' : open === k ? 'Hide diff' : 'Show diff'}
                </button>
              </div>
              <div className="muted small" data-testid="sync-line">{i.line}</div>
              {open === k && i.state === 'both' && <ConflictView remote={remote} item={i} onResolved={() => { setOpen(undefined); void load(); }} />}
              {open === k && i.state !== 'both' && <ChangeDiff item={i} remote={remote} theme={theme} />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
