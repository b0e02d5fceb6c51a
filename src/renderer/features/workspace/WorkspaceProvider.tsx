import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { fromLibrary, fromTransformation, type Artifact } from '../../api/artifacts';
import { api } from '../../api/client';
import { WorkspaceContext, type Workspace } from './useWorkspace';
import { useMenuCommand } from '../../hooks/useMenuCommands';

const replace = (list: Artifact[] | undefined, item: Artifact) =>
  list ? (list.some((a) => a.id === item.id) ? list.map((a) => (a.id === item.id ? item : a)) : [...list, item]) : [item];

/** Loads transformations and libraries once and keeps them fresh as pages change them. */
export function WorkspaceProvider({ children }: { children: ReactNode }) {
  const [transformations, setTransformations] = useState<Artifact[]>();
  const [libraries, setLibraries] = useState<Artifact[]>();
  const [error, setError] = useState<string>();

  const refresh = useCallback(async () => {
    try {
      const [t, l] = await Promise.all([api.transformations.list(), api.libraries.list()]);
      setTransformations(t.transformations.map(fromTransformation));
      setLibraries(l.libraries.map(fromLibrary));
      setError(undefined);
    } catch (e) {
      setError(`Could not load transformations and libraries: ${(e as Error).message}`);
    }
  }, []);
  useEffect(() => void refresh(), [refresh]);
  // File › Open Folder… (desktop) opened a repository folder: its artifacts are now the workspace's.
  useMenuCommand('folder-opened', useCallback(() => void refresh(), [refresh]));
  useEffect(() => {
    // Other tabs, scripts or CI may change things meanwhile: reload the lists when the page is shown again.
    const onVisible = () => document.visibilityState === 'visible' && void refresh();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refresh]);

  const value = useMemo<Workspace>(
    () => ({
      transformations,
      libraries,
      error,
      refresh,
      upsert(item) {
        if (item.kind === 'transformation') setTransformations((list) => replace(list, item));
        else setLibraries((list) => replace(list, item));
      },
      remove(item) {
        const keep = (list: Artifact[] | undefined) => list?.filter((a) => a.id !== item.id);
        if (item.kind === 'transformation') setTransformations(keep);
        else setLibraries(keep);
      },
    }),
    [transformations, libraries, error, refresh],
  );
  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}
