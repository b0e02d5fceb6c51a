import { useState, type FormEvent } from 'react';
import type { Artifact } from '../../api/artifacts';
import { Dialog } from '../../components/Dialog';
import { libraryImportName } from '../../editor/import-name';

/** Rename and describe; for a library, shows the import name a new name would give. */
export function DetailsDialog({ artifact, usedBy, onSave, onClose }: {
  artifact: Artifact;
  /** Names of transformations importing this library (a rename breaks their imports). */
  usedBy?: string[];
  onSave: (name: string, description: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const [name, setName] = useState(artifact.name);
  const [description, setDescription] = useState(artifact.description);
  const [busy, setBusy] = useState(false);
  const newImportName = artifact.kind === 'library' ? libraryImportName(name) : undefined;
  const importChanges = newImportName !== undefined && newImportName !== artifact.importName;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    if (await onSave(name.trim(), description.trim())) onClose();
    else setBusy(false);
  };
  return (
    <Dialog title={artifact.kind === 'library' ? 'Library details' : 'Transformation details'} onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <label>Name<input value={name} onChange={(e) => setName(e.target.value)} required autoFocus /></label>
        {importChanges && (
          <p className="notice" role="status">
            The import name changes from <code>{artifact.importName}</code> to <code>{newImportName || '—'}</code>.
            {usedBy && usedBy.length > 0 && <> Update the imports in {usedBy.join(', ')}.</>}
          </p>
        )}
        <label>Description<textarea rows={3} value={description} onChange={(e) => setDescription(e.target.value)} /></label>
        <p className="muted">Saving creates a new version with the last saved code (unsaved edits stay in the editor).</p>
        <div className="dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>Cancel</button>
          <button type="submit" disabled={busy || !name.trim()}>{busy ? 'Saving…' : 'Save details'}</button>
        </div>
      </form>
    </Dialog>
  );
}
