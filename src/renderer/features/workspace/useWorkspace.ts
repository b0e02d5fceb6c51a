import { createContext, useContext } from 'react';
import type { Artifact } from '../../api/artifacts';

/** The lists every page needs: transformations and libraries (with their code); library facts: useLibraryInfos. */
export interface Workspace {
  transformations?: Artifact[];
  libraries?: Artifact[];
  /** Why loading the lists failed, in words to show. */
  error?: string;
  refresh(): Promise<void>;
  /** Puts a fresh copy of one item into its list without reloading everything. */
  upsert(item: Artifact): void;
  remove(item: Pick<Artifact, 'kind' | 'id'>): void;
}

export const WorkspaceContext = createContext<Workspace | null>(null);

export function useWorkspace(): Workspace {
  const workspace = useContext(WorkspaceContext);
  if (!workspace) throw new Error('useWorkspace outside WorkspaceProvider');
  return workspace;
}
