import type { PublishState } from '../api/artifacts';

const LABELS: Record<PublishState, string | undefined> = {
  published: 'Published',
  changed: 'Unpublished changes',
  unpublished: 'Not published',
  unknown: undefined,
};

/** Published / unpublished changes / not published, plus "Local draft" for unsaved edits. */
export function PublishBadge({ state, draft }: { state: PublishState; draft?: boolean }) {
  const label = LABELS[state];
  return (
    <>
      {label && <span className={`badge badge-${state}`}>{label}</span>}
      {draft && <span className="badge badge-draft" title="Edited here and not saved yet">Local draft</span>}
    </>
  );
}
