import { useState, type FormEvent } from 'react';
import { artifactApi, type Artifact } from '../../api/artifacts';
import { Dialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { libraryImportName } from '../../editor/import-name';
import { LIBRARY_STARTER } from '../templates/templates';
import { useWorkspace } from '../workspace/useWorkspace';

/** Name and description of a new library; shows the import name transformations will use. */
export function NewLibraryDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (item: Artifact) => void }) {
  const { libraries } = useWorkspace();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const importName = libraryImportName(name);
  const taken = libraries?.find((l) => l.importName === importName);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!importName) return setError('Give the library a name with letters or digits.');
    if (taken) return setError(`The import name “${importName}” is already used by library “${taken.name}”. Choose another name.`);
    setBusy(true);
    try {
      onCreated(await artifactApi.create('library', { name: name.trim(), description: description.trim(), code: LIBRARY_STARTER.replace('<import name>', importName) }));
    } catch (e) {
      setError(`Could not create the library: ${(e as Error).message}`);
      setBusy(false);
    }
  };
  return (
    <Dialog title="New library" onClose={onClose} testId="new-library">
      <form className="form" onSubmit={submit}>
        <label>Name<input value={name} onChange={(e) => setName(e.target.value)} required autoFocus /></label>
        <p className="muted" aria-live="polite">
          Import name: <code data-testid="import-name-preview">{importName || '—'}</code>
          {taken && <span className="error"> (already used by “{taken.name}”)</span>}
        </p>
        <label>Description<input value={description} onChange={(e) => setDescription(e.target.value)} /></label>
        <ErrorNotice message={error} />
        <div className="dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>Cancel</button>
          <button type="submit" disabled={busy}>{busy ? 'Creating…' : 'Create library'}</button>
        </div>
      </form>
    </Dialog>
  );
}
