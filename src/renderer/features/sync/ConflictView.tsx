import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { syncApi, type ChangeItem } from '../../api/sync';
import { useTheme } from '../../hooks/useTheme';
import { AlertText } from '../../components/AlertText';

const ConflictMerge = lazy(() => import('../../editor/ConflictMerge'));

/** Three-way view of a conflict: last synced (base), local (editable merge result), remote. */
export function ConflictView({ remote, item, onResolved }: { remote: string; item: ChangeItem; onResolved: () => void }) {
  const theme = useTheme();
  const read = useRef<() => string>(() => item.localCode ?? '');
  const onReady = useCallback((getter: () => string) => (read.current = getter), []);
  const [error, setError] = useState<string>();
  const resolve = async (choice: 'keep-local' | 'take-remote' | 'merged') => {
    try {
      await syncApi.resolve(remote, { kind: item.kind, localId: item.localId!, choice, ...(choice === 'merged' ? { code: read.current() } : {}) });
      onResolved();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };
  return (
    <section className="conflict" aria-label={`Conflict in ${item.name}`}>
      <p>
        <strong>{item.name}</strong> changed here and on the remote since the last sync. Nothing was overwritten. Edit the left side (local) to merge, using
        the arrows to take remote changes, then save the merge, or keep one side. Then push.
      </p>
      <details>
        <summary>Last synced version (common base){item.baseCode === null ? ': never synced' : ''}</summary>
        <pre className="code-block" data-testid="conflict-base">{item.baseCode ?? '(no common base: the item was matched by name)'}</pre>
      </details>
      <div className="merge-labels"><span>Local (merge result)</span><span>Remote</span></div>
      <Suspense fallback={<p aria-busy="true">Loading merge editor…</p>}>
        <ConflictMerge local={item.localCode ?? ''} remote={item.remoteCode ?? ''} theme={theme} onReady={onReady} />
      </Suspense>
      <AlertText error={error} />
      <div className="actions">
        <button type="button" onClick={() => void resolve('merged')}>Save merge</button>
        <button type="button" className="secondary" onClick={() => void resolve('keep-local')}>Keep local</button>
        <button type="button" className="secondary" onClick={() => void resolve('take-remote')}>Take remote</button>
      </div>
    </section>
  );
}
