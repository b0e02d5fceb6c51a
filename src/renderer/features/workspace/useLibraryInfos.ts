import { useMemo } from 'react';
import { describeLibrary, type LibraryInfo } from '../../editor/library-exports';
import { useWorkspace } from './useWorkspace';

/**
 * What the editor knows about the workspace's libraries (exports parsed from their code). A hook
 * of the pages that edit code, so the parser loads with them and not with the first page.
 */
export function useLibraryInfos(): LibraryInfo[] {
  const { libraries } = useWorkspace();
  return useMemo(() => (libraries ?? []).map((l) => describeLibrary({ name: l.name, importName: l.importName ?? '', code: l.code })), [libraries]);
}
