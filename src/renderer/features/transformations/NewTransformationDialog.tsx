import { useState } from 'react';
import { artifactApi, type Artifact } from '../../api/artifacts';
import { api } from '../../api/client';
import { NewArtifactDialog } from '../authoring';
import { TemplatePicker } from '../templates';
import { TEMPLATES } from '../templates';
import { templateSamples } from '../templates';
import { useLibraryInfos } from '../workspace';

/** Name, description and template of a new transformation; creates its first version. */
export function NewTransformationDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (item: Artifact) => void }) {
  const libraryInfos = useLibraryInfos();
  const [templateId, setTemplateId] = useState('blank');
  // Untouched, the first library: the list may still be loading when the dialog opens.
  const [picked, setLibraryName] = useState<string>();
  const libraryName = picked ?? libraryInfos[0]?.importName;
  const create = async (name: string, description: string) => {
    const template = TEMPLATES.find((t) => t.id === templateId)!;
    const library = libraryInfos.find((l) => l.importName === libraryName);
    const created = await artifactApi.create('transformation', { name, description, code: template.code(library) });
    // The saved tests start with events that show what the template does.
    await api.putTestEvents(created.id, templateSamples(template.id).map((event) => ({ event }))).catch(() => undefined);
    return created;
  };
  return (
    <NewArtifactDialog
      noun="transformation"
      testId="new-transformation"
      wide
      descriptionPlaceholder="What it does, for whom"
      onClose={onClose}
      onCreated={onCreated}
      problem={(name) => (name.trim() ? undefined : 'Give the transformation a name.')}
      create={create}
    >
      <TemplatePicker value={templateId} onChange={setTemplateId} libraries={libraryInfos} libraryImportName={libraryName} onLibraryChange={setLibraryName} />
    </NewArtifactDialog>
  );
}
