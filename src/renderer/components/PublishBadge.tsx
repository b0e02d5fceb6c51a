import type { PublishState } from '../api/artifacts';

const LABELS: Record<PublishState, string | undefined> = {
  published: 'Published',
  changed: 'Unpublished changes',
  unpublished: 'Not published',
  unknown: undefined,
};

/**
 * Published / unpublished changes / not published, plus "Local draft" for unsaved edits. A
 * library that live transformation versions are pinned to is live through them (`pinnedBy`),
 * published itself or not: said here as on its page and in the publish dialog.
 */
export function PublishBadge({ state, draft, pinnedBy }: { state: PublishState; draft?: boolean; pinnedBy?: string[] }) {
  const label = LABELS[state];
  const pinned = pinnedBy && pinnedBy.length > 0 && state !== 'published';
  return (
    <>
      {label && !(pinned && state === 'unpublished') && <span className={`badge badge-${state}`}>{label}</span>}
      {pinned && (
        <span className="badge badge-published" data-testid="pinned-badge" title={`Live: ${pinnedBy.join('; ')}`}>
          Live in {pinnedBy.length} transformation{pinnedBy.length === 1 ? '' : 's'}
        </span>
      )}
      {draft && <span className="badge badge-draft" title="Edited here and not saved yet">Local draft</span>}
    </>
  );
}
