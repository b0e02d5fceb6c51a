import type { DestinationView } from '../../api/pipeline';
import { hrefFor } from '../../hooks/routes';
import { navigate } from '../../hooks/useHashRoute';
import { DeleteLibraryDialog } from './DeleteLibraryDialog';
import { DeleteTransformationDialog } from './DeleteTransformationDialog';
import type { ArtifactEditor } from './useArtifactEditor';

/** Delete of the open library or transformation; after a delete, back to its list. */
export function DeleteArtifactDialog({ editor, usedBy, liveOn, onClose }: { editor: ArtifactEditor; usedBy?: string[]; liveOn?: DestinationView[]; onClose: () => void }) {
  const artifact = editor.artifact!;
  if (artifact.kind === 'library')
    return (
      <DeleteLibraryDialog
        name={artifact.name}
        importName={artifact.importName ?? ''}
        usedBy={usedBy ?? []}
        dirty={editor.dirty}
        busy={editor.busy === 'deleting'}
        error={editor.actionError}
        onCancel={() => {
          editor.clearActionError();
          onClose();
        }}
        onDelete={async () => {
          if (await editor.remove()) navigate(hrefFor('library'));
        }}
      />
    );
  return (
    <DeleteTransformationDialog
      name={artifact.name}
      destinations={liveOn ?? []}
      dirty={editor.dirty}
      busy={editor.busy === 'deleting'}
      onCancel={onClose}
      onDelete={async () => {
        if (await editor.remove()) navigate(hrefFor('transformation'));
        onClose();
      }}
    />
  );
}
