import type { LibrariesRepo, LibraryVersionRecord } from '../store/libraries-repo';
import { importsOf } from './import-names';

export interface ResolvedLibrary {
  libraryId: string;
  version: LibraryVersionRecord;
}

/**
 * The library versions a transformation run uses: for each library, the version named in the
 * same call, else the published one, else the latest; matched by import name and limited to
 * what the code imports (directly or through other libraries).
 */
export function resolveLibraries(libraries: LibrariesRepo, code: string, chosen: Map<string, LibraryVersionRecord>): ResolvedLibrary[] {
  const byImportName = new Map<string, ResolvedLibrary>();
  for (const lib of libraries.list()) {
    const id = chosen.get(lib.id)?.id ?? lib.publishedVersionId ?? lib.latestVersionId;
    const version = chosen.get(lib.id) ?? (id ? libraries.version(id) : undefined);
    if (version && !byImportName.has(version.importName)) byImportName.set(version.importName, { libraryId: lib.id, version });
  }
  const picked = new Map<string, ResolvedLibrary>();
  const queue = importsOf(code);
  while (queue.length > 0) {
    const name = queue.shift()!;
    const hit = byImportName.get(name);
    if (!hit || picked.has(name)) continue;
    picked.set(name, hit);
    queue.push(...importsOf(hit.version.code));
  }
  return [...picked.values()];
}
