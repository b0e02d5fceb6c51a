import { lazy, Suspense, useCallback, useRef } from 'react';
import type { Artifact } from '../../api/artifacts';
import { useTheme } from '../../hooks/useTheme';
import './disk-merge.css';
import type { DiskChanges } from './useDiskChanges';

const ConflictMerge = lazy(() => import('../../editor/ConflictMerge'));

/** Three sides of a change made elsewhere while the editor held unsaved edits: base, the newer version (on disk), the studio's edits. */
export function DiskMerge({ changes, incoming, local, file }: { changes: DiskChanges; incoming: Artifact; local: string; file?: string }) {
  const theme = useTheme();
  const read = useRef<() => string>(() => '');
  const onReady = useCallback((getter: () => string) => (read.current = getter), []);
  const where = file ? `${file} changed on disk` : 'A newer version was saved elsewhere';
  return (
    <section className="disk-merge" aria-label="Merge the change on disk" data-testid="disk-merge">
      <p className="notice" role="alert">
        {where} while you have unsaved edits. Merge them on the left (your edits, editable); the right is the version on disk.
        Nothing is saved until you save.
      </p>
      <div className="actions">
        <button type="button" onClick={() => changes.useMerged(read.current())}>
          Use the merged result
        </button>
        <button type="button" className="secondary" onClick={changes.takeIncoming}>
          Take the version on disk
        </button>
      </div>
      <div className="disk-merge-heads">
        <strong>In the studio (your unsaved edits → the merged result)</strong>
        <strong>On disk (new version)</strong>
      </div>
      <Suspense fallback={<p aria-busy="true">Loading merge editor…</p>}>
        <ConflictMerge local={local} remote={incoming.code} theme={theme} onReady={onReady} />
      </Suspense>
      <details>
        <summary>The version your edits started from (base)</summary>
        <pre className="disk-merge-base" data-testid="merge-base">{changes.base}</pre>
      </details>
    </section>
  );
}
