import { createHash } from 'node:crypto';
import type { ReplayTarget, RunTargetView } from '../../shared/api/replay';
import { badRequest, notFound } from '../errors';
import { resolveLibraries } from '../management/library-resolution';
import { cacheKeyOf } from '../sandbox';
import type { Store } from '../store';
import type { LibraryVersionRecord } from '../store/libraries-repo';

/** A target resolved to code: stored with the run so a resume runs exactly the same code. */
export interface CodeSpec extends RunTargetView {
  name: string;
  code: string;
  cacheKey: string;
  libraries: { importName: string; code: string; versionId: string }[];
}

type Libs = CodeSpec['libraries'];

function libsFor(store: Store, code: string, chosen: Map<string, LibraryVersionRecord>): Libs {
  return resolveLibraries(store.libraries, code, chosen).map((l) => ({ importName: l.version.importName, code: l.version.code, versionId: l.version.id }));
}

/** Resolves a version, the published version or a draft to the code (and library versions) to run. */
export function resolveTarget(store: Store, given: ReplayTarget, field: string): CodeSpec {
  const target = { ...given, kind: given.kind ?? (given.versionId !== undefined ? 'version' : given.code !== undefined ? 'draft' : 'published') };
  const need = (value: string | undefined, name: string) => {
    if (value === undefined) throw badRequest(`${field}.${name} is required when ${field}.kind is "${target.kind}"`);
    return value;
  };
  if (target.kind === 'published') {
    const transformationId = need(target.transformationId, 'transformationId');
    const published = store.destinations.publishedCode(transformationId);
    if (!published) {
      const transformation = store.transformations.get(transformationId);
      if (!transformation) throw notFound(`${field}: transformation "${transformationId}" not found`);
      // Named, not identified: this message reaches people (the replay form shows it as is).
      throw badRequest(`${field}: transformation "${transformation.name}" has no published version yet; publish it, or pick one of its versions`);
    }
    return {
      kind: 'published',
      label: `${published.name} (published)`,
      transformationId: published.transformationId,
      versionId: published.versionId,
      name: published.name,
      code: published.code,
      cacheKey: cacheKeyOf(published.versionId, published.libraries),
      libraries: published.libraries,
    };
  }
  if (target.kind === 'version') {
    const versionId = need(target.versionId, 'versionId');
    const version = store.transformations.version(versionId);
    if (!version || !store.transformations.get(version.transformationId)) throw notFound(`${field}: transformation version "${versionId}" not found`);
    const published = store.destinations.publishedCode(version.transformationId);
    // The published version runs with the library versions it was tested with.
    const libraries = published?.versionId === version.id ? published.libraries : libsFor(store, version.code, new Map());
    return {
      kind: 'version',
      label: `${version.name} v${version.seq}`,
      transformationId: version.transformationId,
      versionId: version.id,
      name: version.name,
      code: version.code,
      cacheKey: cacheKeyOf(version.id, libraries),
      libraries,
    };
  }
  const code = need(target.code, 'code');
  if (target.transformationId !== undefined && !store.transformations.get(target.transformationId)) {
    throw notFound(`${field}.transformationId: transformation "${target.transformationId}" not found`);
  }
  const chosen = new Map<string, LibraryVersionRecord>();
  (target.libraryVersionIds ?? []).forEach((id, i) => {
    const version = store.libraries.version(id);
    if (!version) throw notFound(`${field}.libraryVersionIds.${i}: library version "${id}" not found`);
    chosen.set(version.libraryId, version);
  });
  const libraries = libsFor(store, code, chosen);
  const hash = createHash('sha256').update(code).digest('base64url').slice(0, 16);
  const name = target.name?.trim() || (target.transformationId ? store.transformations.get(target.transformationId)!.name : 'draft');
  return {
    kind: 'draft',
    label: `${name} (draft)`,
    transformationId: target.transformationId ?? null,
    versionId: null,
    name,
    code,
    cacheKey: cacheKeyOf(`draft-${hash}`, libraries),
    libraries,
  };
}

export const targetView = (spec: CodeSpec): RunTargetView => ({
  kind: spec.kind,
  label: spec.label,
  transformationId: spec.transformationId,
  versionId: spec.versionId,
});
