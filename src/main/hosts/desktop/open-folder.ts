// File › Open Folder…: a repository folder (a meta.json in the transformation GitHub Action's
// format) opened as the workspace and kept linked, as Settings › Repository folder does
// (docs/workspace.md): the native folder picker, then the core's POST /studio/api/workspace/open
// with link: true. No electron import here: main.ts hands in the dialog (unit-tested against a core).
import type { DesktopSession } from './ipc';

export interface OpenFolderDeps {
  /** The native folder picker: the chosen folder, or undefined when cancelled. */
  pickFolder(): Promise<string | undefined>;
  /** The core's address and this launch's session (undefined while it starts). */
  session(): DesktopSession | undefined;
  /** Tells the user why the folder was not opened (the core names every problem of meta.json). */
  showError(title: string, message: string): void;
  /** The folder is open: the window reads the workspace again. */
  opened(root: string): void;
}

export type OpenFolderOutcome = 'opened' | 'cancelled' | 'refused';

export async function openFolderFromMenu(deps: OpenFolderDeps): Promise<OpenFolderOutcome> {
  const session = deps.session();
  if (!session) {
    deps.showError('Open Folder', 'The studio core is not running yet: try again in a moment.');
    return 'refused';
  }
  const root = await deps.pickFolder();
  if (!root) return 'cancelled';
  const authorization = `Basic ${Buffer.from(`${session.email}:${session.sessionToken}`).toString('base64')}`;
  try {
    const response = await fetch(`${session.baseUrl}/studio/api/workspace/open`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ root, link: true }),
    });
    const answer = (await response.json().catch(() => ({}))) as { error?: string };
    if (!response.ok) {
      deps.showError('The folder was not opened', `${root}\n\n${answer.error ?? `the core answered ${response.status}`}`);
      return 'refused';
    }
  } catch (error) {
    deps.showError('The folder was not opened', `${root}\n\nThe studio core could not be reached: ${(error as Error).message}`);
    return 'refused';
  }
  deps.opened(root);
  return 'opened';
}
