import { lazy, Suspense } from 'react';
import type { MergeDiffProps } from './MergeDiff';

const MergeDiff = lazy(() => import('./MergeDiff'));

/** The version diff view, loaded on first use. */
export function LazyMergeDiff(props: MergeDiffProps) {
  return (
    <Suspense fallback={<p aria-busy="true">Loading diff…</p>}>
      <MergeDiff {...props} />
    </Suspense>
  );
}
