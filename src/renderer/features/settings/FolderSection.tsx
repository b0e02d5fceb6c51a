import { useEffect, useState, type FormEvent } from 'react';
import { folderApi, type WorkspaceFolder } from '../../api/folder';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useWorkspace } from '../workspace';

/** Opens a repository folder (meta.json in the transformation GitHub Action's format) as the workspace, linked to its files. */
export function FolderSection() {
  const [folder, setFolder] = useState<WorkspaceFolder>();
  const [root, setRoot] = useState('');
  const [meta, setMeta] = useState('');
  const [error, setError] = useState<string>();
  const [opened, setOpened] = useState<string>();
  const [busy, setBusy] = useState(false);
  const workspace = useWorkspace();
  useEffect(() => void folderApi.get().then(setFolder, () => undefined), []);

  const open = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setOpened(undefined);
    try {
      const answer = await folderApi.open({ root: root.trim(), ...(meta.trim() ? { meta: meta.trim() } : {}), link: true });
      setOpened(`Opened ${answer.root}: ${answer.transformations.length} transformations and ${answer.libraries.length} libraries linked to their files.`);
      setFolder(await folderApi.get());
      await workspace.refresh();
      setError(undefined);
    } catch (err) {
      setError(`Not opened: ${(err as Error).message}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="settings-section" aria-labelledby="folder-title">
      <h2 id="folder-title">Repository folder</h2>
      <p data-testid="folder-status">
        {folder?.linked
          ? `Linked to ${folder.root}${folder.git ? ` (git: ${folder.git.branch}, ${folder.git.changed.length} changed)` : ''}: ${folder.files.length} files.`
          : 'No folder is open: the workspace lives only in the studio.'}
      </p>
      <form className="settings-form" onSubmit={(e) => void open(e)} aria-label="Open a folder">
        <label>
          Folder (the repository root)
          <input value={root} onChange={(e) => setRoot(e.target.value)} placeholder="/home/me/transformations" required />
        </label>
        <label>
          Meta file (default: meta.json in the folder)
          <input value={meta} onChange={(e) => setMeta(e.target.value)} placeholder="meta.json" />
        </label>
        <div>
          <button type="submit" disabled={busy || !root.trim()}>
            Open folder
          </button>{' '}
          {opened && <span role="status">{opened}</span>}
        </div>
      </form>
      <ErrorNotice message={error} onDismiss={() => setError(undefined)} />
    </section>
  );
}
