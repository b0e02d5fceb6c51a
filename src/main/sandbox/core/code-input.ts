import type { TransformInput } from '../types';

/** A version of code to run: its identity (a version id, or a draft's hash) and the library versions it imports. */
export interface CodeVersion {
  name: string;
  code: string;
  id: string;
  libraries: { importName: string; code: string; versionId: string }[];
}

/** The warm isolate's key of a version of code: the version and each library version it runs with. */
export const cacheKeyOf = (id: string, libraries: { versionId: string }[]): string => [id, ...libraries.map((l) => l.versionId)].join(':');

/** The sandbox's input for a version of code (with its library versions). */
export function codeInput(version: CodeVersion): Pick<TransformInput, 'code' | 'name' | 'cacheKey' | 'libraries'> {
  return {
    code: version.code,
    name: version.name,
    cacheKey: cacheKeyOf(version.id, version.libraries),
    libraries: version.libraries.map((l) => ({ importName: l.importName, code: l.code, versionId: l.versionId })),
  };
}
