import { artifactApi, type Artifact } from '../../api/artifacts';
import { libraryImportName } from '../../editor/import-name';
import { NewArtifactDialog } from '../authoring';
import { LIBRARY_STARTER } from '../templates';
import { useWorkspace } from '../workspace';

/** Name and description of a new library; shows the import name transformations will use. */
export function NewLibraryDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (item: Artifact) => void }) {
  const { libraries } = useWorkspace();
  const owner = (importName: string) => libraries?.find((l) => l.importName === importName);
  return (
    <NewArtifactDialog
      noun="library"
      testId="new-library"
      onClose={onClose}
      onCreated={onCreated}
      problem={(name) => {
        const importName = libraryImportName(name);
        if (!importName) return 'Give the library a name with letters or digits.';
        const taken = owner(importName);
        return taken ? `The import name “${importName}” is already used by library “${taken.name}”. Choose another name.` : undefined;
      }}
      afterName={(name) => {
        const importName = libraryImportName(name);
        const taken = importName ? owner(importName) : undefined;
        return (
          <p className="muted" aria-live="polite">
            Import name: <code data-testid="import-name-preview">{importName || '—'}</code>
            {taken && <span className="error"> (already used by “{taken.name}”)</span>}
          </p>
        );
      }}
      create={(name, description) =>
        artifactApi.create('library', { name, description, code: LIBRARY_STARTER.replace('<import name>', libraryImportName(name)) })
      }
    />
  );
}
