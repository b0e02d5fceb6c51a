import { useState, type FormEvent } from 'react';
import { artifactApi, type Artifact } from '../../api/artifacts';
import { Dialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { TemplatePicker } from '../templates/TemplatePicker';
import { TEMPLATES } from '../templates/templates';
import { templateSamples } from '../templates/template-samples';
import { api } from '../../api/client';
import { useWorkspace } from '../workspace/useWorkspace';

/** Name, description and template of a new transformation; creates its first version. */
export function NewTransformationDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (item: Artifact) => void }) {
  const { libraryInfos } = useWorkspace();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [templateId, setTemplateId] = useState('blank');
  const [libraryName, setLibraryName] = useState(libraryInfos[0]?.importName);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Give the transformation a name.');
    const template = TEMPLATES.find((t) => t.id === templateId)!;
    const library = libraryInfos.find((l) => l.importName === libraryName);
    setBusy(true);
    try {
      const created = await artifactApi.create('transformation', { name: name.trim(), description: description.trim(), code: template.code(library) });
      // The saved tests start with events that show what the template does.
      await api.putTestEvents(created.id, templateSamples(template.id).map((event) => ({ event }))).catch(() => undefined);
      onCreated(created);
    } catch (e) {
      setError(`Could not create the transformation: ${(e as Error).message}`);
      setBusy(false);
    }
  };
  return (
    <Dialog title="New transformation" onClose={onClose} wide testId="new-transformation">
      <form className="form" onSubmit={submit}>
        <label>Name<input value={name} onChange={(e) => setName(e.target.value)} required autoFocus /></label>
        <label>Description<input value={description} onChange={(e) => setDescription(e.target.value)} placeholder="What it does, for whom" /></label>
        <TemplatePicker value={templateId} onChange={setTemplateId} libraries={libraryInfos} libraryImportName={libraryName} onLibraryChange={setLibraryName} />
        <ErrorNotice message={error} />
        <div className="dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>Cancel</button>
          <button type="submit" disabled={busy}>{busy ? 'Creating…' : 'Create transformation'}</button>
        </div>
      </form>
    </Dialog>
  );
}
