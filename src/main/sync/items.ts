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
  /** The version's message (local items; remote items when the remote is a studio). */
  message?: string | null;
  /** The version's number (local items). */
  number?: number;
  /** Local: the version is not the published one (only pushed when chosen). */
  draft?: boolean;
  /** The live (published) version's id, null when nothing is live. */
  liveVersionId?: string | null;
  /** Local: the live version when it is not the latest (what a default push sends). */
  live?: { versionId: string; number: number; code: string; message: string | null; description: string };
}

/**
 * Local items at their latest saved version (what changes and conflicts compare), each saying
 * whether that version is a draft (not the published one) and which version is live (`live`):
 * push sends the live version by default, a draft only when chosen.
 */
export function localItems(store: Store): SyncItem[] {
  const pick = <V extends { id: string; seq: number; code: string; message: string | null; description: string }>(
    a: { latestVersionId: string | null; publishedVersionId: string | null },
    get: (id: string) => V | undefined,
  ) => {
    const live = a.publishedVersionId ? get(a.publishedVersionId) : undefined;
    const v = a.latestVersionId ? get(a.latestVersionId) : undefined;
    return v && { v, rest: { message: v.message, number: v.seq, draft: v.id !== live?.id, liveVersionId: live?.id ?? null, ...(live && live.id !== v.id ? { live: { versionId: live.id, number: live.seq, code: live.code, message: live.message, description: live.description } } : {}) } };
  };
  const libraries = store.libraries.list().flatMap((l): SyncItem[] => {
    const p = pick(l, (id) => store.libraries.version(id));
    return p ? [{ kind: 'library', id: l.id, name: l.name, description: p.v.description, code: p.v.code, versionId: p.v.id, importName: p.v.importName, ...p.rest }] : [];
  });
  const transformations = store.transformations.list().flatMap((t): SyncItem[] => {
    const p = pick(t, (id) => store.transformations.version(id));
    return p ? [{ kind: 'transformation', id: t.id, name: p.v.name, description: p.v.description, code: p.v.code, versionId: p.v.id, ...p.rest }] : [];
  });
  return [...libraries, ...transformations];
}

export const remoteTransformationItem = (t: Transformation): SyncItem => ({
  kind: 'transformation', id: t.id, name: t.name, description: t.description ?? '', code: t.code, versionId: t.versionId, liveVersionId: t.publishedVersionId ?? null,
});
export const remoteLibraryItem = (l: Library): SyncItem => ({
  kind: 'library', id: l.id, name: l.name, description: l.description ?? '', code: l.code, versionId: l.versionId, importName: l.importName, liveVersionId: l.publishedVersionId ?? null,
});
