import type { WorkspaceFolder } from '../../api/folder';

/** The file a linked artifact lives in, relative to the repository root. */
export const fileOf = (folder: WorkspaceFolder | undefined, id: string) => folder?.files.find((f) => f.id === id)?.file;

/** "On disk: src/code.js · git: main · modified (2 files differ from HEAD)": only for a folder open as the workspace. */
export function LinkedFile({ folder, artifactId }: { folder?: WorkspaceFolder; artifactId: string }) {
  const file = fileOf(folder, artifactId);
  if (!folder?.linked || !file) return null;
  const changed = folder.git?.changed ?? [];
  const modified = changed.some((path) => path === file || path.endsWith(`/${file}`));
  return (
    <p className="linked-file" data-testid="linked-file">
      On disk: <code>{file}</code>
      {folder.git && (
        <>
          {' '}
          · git: <strong data-testid="git-branch">{folder.git.branch}</strong>
          {' · '}
          <span data-testid="git-changed" title={changed.join('\n')}>
            {modified ? 'modified' : 'unchanged'} ({changed.length === 0 ? 'no file differs' : `${changed.length} ${changed.length === 1 ? 'file differs' : 'files differ'}`} from HEAD
            {changed.length > 0 ? `: ${changed.slice(0, 3).join(', ')}${changed.length > 3 ? ', …' : ''}` : ''})
          </span>
        </>
      )}
    </p>
  );
}
