import { useEffect } from 'react';
import { hrefFor } from './routes';
import { navigate } from './useHashRoute';

/** Desktop application menu commands (File → New Transformation, …) as navigations. */
export function useMenuCommands(): void {
  useEffect(() => {
    if (!window.studio?.onMenuCommand) return;
    return window.studio.onMenuCommand((command) => {
      if (command === 'new-transformation') navigate(`${hrefFor('transformation')}?new=1`);
      else if (command === 'new-library') navigate(`${hrefFor('library')}?new=1`);
      else if (command === 'folder-opened') {
        // File › Open Folder… opened one: its transformations (WorkspaceProvider reads them again).
        navigate(hrefFor('transformation'));
        window.dispatchEvent(new CustomEvent(MENU_EVENT, { detail: command }));
      } else window.dispatchEvent(new CustomEvent(MENU_EVENT, { detail: command }));
    });
  }, []);
}

/** Menu commands that act on the page in view (File → Import/Export Events…) arrive as this DOM event. */
export const MENU_EVENT = 'studio-menu-command';

export function useMenuCommand(command: 'import-events' | 'export-events' | 'folder-opened', run: () => void): void {
  useEffect(() => {
    const listener = (event: Event) => (event as CustomEvent<string>).detail === command && run();
    window.addEventListener(MENU_EVENT, listener);
    return () => window.removeEventListener(MENU_EVENT, listener);
  }, [command, run]);
}

/** True once when the hash asks for the "new" dialog (`…?new=1`); the query is then removed. */
export function takeNewRequest(): boolean {
  if (!/[?&]new=1\b/.test(window.location.hash)) return false;
  window.history.replaceState(null, '', window.location.hash.replace(/\?.*$/, ''));
  return true;
}
