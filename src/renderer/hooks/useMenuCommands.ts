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
    });
  }, []);
}

/** True once when the hash asks for the "new" dialog (`…?new=1`); the query is then removed. */
export function takeNewRequest(): boolean {
  if (!/[?&]new=1\b/.test(window.location.hash)) return false;
  window.history.replaceState(null, '', window.location.hash.replace(/\?.*$/, ''));
  return true;
}
