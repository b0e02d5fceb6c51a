import { ConfirmDialog } from '../../components/ConfirmDialog';
import { AlertText } from '../../components/AlertText';

/**
 * Asks before deleting a library. Transformations that import it (as far as this window knows)
 * are named up front; the server has the last word and refuses, naming them, while any does.
 */
export function DeleteLibraryDialog({ name, importName, usedBy, dirty, busy, error, onDelete, onCancel }: {
  name: string;
  importName: string;
  usedBy: string[];
  dirty: boolean;
  busy: boolean;
  /** Why the server refused (e.g. still imported). */
  error?: string;
  onDelete: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog title={`Delete library “${name}”?`} confirmLabel="Delete library" danger busy={busy} onConfirm={onDelete} onCancel={onCancel}>
      {usedBy.length > 0 ? (
        <p className="notice notice-error" data-testid="library-importers">
          <span>
            Imported by <strong>{usedBy.join(', ')}</strong>: the delete will be refused until{' '}
            {usedBy.length === 1 ? 'it no longer imports' : 'they no longer import'} <code>{importName}</code> (latest and published versions).
          </span>
        </p>
      ) : (
        <p>No transformation imports <code>{importName}</code>. The library disappears from the list and its import name becomes free; the server keeps its versions.</p>
      )}
      {dirty && <p>Your unsaved changes are lost.</p>}
      <AlertText error={error} testId="delete-library-error" />
    </ConfirmDialog>
  );
}
