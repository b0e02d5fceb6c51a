import type { Library, Transformation } from '../../shared/api/management';
import type { SyncKind } from '../../shared/api/sync';
import type { Store } from '../store';

/** A transformation or library at its latest version, local or remote, in one shape. */
export interface SyncItem {
  kind: SyncKind;
  id: string;
  name: string;
  description: string;
  code: string;
  versionId: string;
  importName?: string;
  /** Saved test events of the version (local transformations only). */
  testEvents?: Record<string, unknown>[];
}

export function localItems(store: Store): SyncItem[] {
  const libraries = store.libraries.list().flatMap((l): SyncItem[] => {
    const v = l.latestVersionId ? store.libraries.version(l.latestVersionId) : undefined;
    return v ? [{ kind: 'library', id: l.id, name: l.name, description: v.description, code: v.code, versionId: v.id, importName: v.importName }] : [];
  });
  const transformations = store.transformations.list().flatMap((t): SyncItem[] => {
    const v = t.latestVersionId ? store.transformations.version(t.latestVersionId) : undefined;
    // Saved test events of the transformation, else the version's own test events (as a publish picks them).
    const saved = store.testEvents.list(t.id).map((s) => s.event);
    return v ? [{ kind: 'transformation', id: t.id, name: v.name, description: v.description, code: v.code, versionId: v.id, testEvents: saved.length > 0 ? saved : v.testEvents ?? [] }] : [];
  });
  return [...libraries, ...transformations];
}

export const remoteTransformationItem = (t: Transformation): SyncItem => ({
  kind: 'transformation', id: t.id, name: t.name, description: t.description ?? '', code: t.code, versionId: t.versionId,
});
export const remoteLibraryItem = (l: Library): SyncItem => ({
  kind: 'library', id: l.id, name: l.name, description: l.description ?? '', code: l.code, versionId: l.versionId, importName: l.importName,
});
