import type { ChangeItem } from '../../api/sync';

/**
 * What a push or a pull will do before it does it: per chosen item, what goes (with both sides'
 * version numbers) and what stays behind, as the core plans it (the same plan `studio sync status` prints).
 */
export function SyncPreview({ what, remote, items, onConfirm, onCancel }: {
  what: 'push' | 'pull';
  remote: string;
  items: ChangeItem[];
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const title = what === 'push' ? `Push to “${remote}”` : `Pull from “${remote}”`;
  return (
    <section className="notice sync-preview" aria-label={title} data-testid="sync-preview">
      <strong>{title}: {items.length} item{items.length === 1 ? '' : 's'}</strong>
      <ul>
        {items.map((i) => {
          const plan = what === 'push' ? i.pushChosen : i.pull;
          return (
            <li key={`${i.kind}:${i.localId ?? ''}:${i.remoteItemId ?? ''}`} data-testid="sync-preview-item">
              {i.kind} “{i.name}”: <span data-testid="sync-preview-what">{plan?.what ?? 'nothing to do'}</span>
              {plan && plan.staysBehind.length > 0 && (
                <div className="muted small" data-testid="sync-preview-stays">Stays behind: {plan.staysBehind.join('; ')}</div>
              )}
            </li>
          );
        })}
      </ul>
      <div className="card-row card-actions">
        <button type="button" onClick={onConfirm}>{what === 'push' ? 'Push now' : 'Pull now'}</button>
        <button type="button" className="secondary" onClick={onCancel}>Cancel</button>
      </div>
    </section>
  );
}
