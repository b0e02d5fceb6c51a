import type { Kind } from '../hooks/routes';
import { api } from './client';
import type { StudioLibraryVersion, StudioTransformationVersion } from '../../shared/api/versions';
import type { Library, SaveBody, Transformation, VersionTestStatus } from './types';

/** A transformation or library as the shared authoring UI sees it. */
export interface Artifact {
  kind: Kind;
  id: string;
  name: string;
  description: string;
  code: string;
  versionId: string;
  createdAt: string;
  updatedAt: string;
  /** Libraries only. */
  importName?: string;
  /** Undefined when the server does not say; null when nothing is published. */
  publishedVersionId?: string | null;
}

export interface ArtifactVersion {
  versionId: string;
  /** 1 for the first version. */
  number: number;
  name: string;
  description: string;
  code: string;
  createdAt: string;
  createdBy?: string;
  published: boolean;
  /** The author's note saved with the version. */
  message?: string;
  /** Transformations: outcome of the saved tests run on save. */
  testStatus?: VersionTestStatus;
  testSummary?: string;
}

export type PublishState = 'published' | 'changed' | 'unpublished' | 'unknown';

/** Published, published with newer unpublished versions, never published, or unknown. */
export function publishState(artifact: Pick<Artifact, 'versionId' | 'publishedVersionId'>): PublishState {
  if (artifact.publishedVersionId === undefined) return 'unknown';
  if (artifact.publishedVersionId === null) return 'unpublished';
  return artifact.publishedVersionId === artifact.versionId ? 'published' : 'changed';
}

export function fromTransformation(t: Transformation): Artifact {
  return {
    kind: 'transformation',
    id: t.id,
    name: t.name,
    description: t.description ?? '',
    code: t.code ?? '',
    versionId: t.versionId,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    publishedVersionId: t.publishedVersionId,
  };
}

export function fromLibrary(l: Library): Artifact {
  return {
    kind: 'library',
    id: l.id,
    name: l.name,
    description: l.description ?? '',
    code: l.code ?? '',
    versionId: l.versionId,
    createdAt: l.createdAt,
    updatedAt: l.updatedAt,
    importName: l.importName,
    publishedVersionId: l.publishedVersionId,
  };
}

/** The studio versions API's answer (newest first) turned oldest first. */
function oldestFirst(newestFirst: Array<StudioTransformationVersion | StudioLibraryVersion>): ArtifactVersion[] {
  return [...newestFirst].reverse().map((v) => ({
    versionId: v.versionId,
    number: v.number,
    name: v.name,
    description: v.description ?? '',
    code: v.code ?? '',
    createdAt: v.createdAt,
    createdBy: v.createdBy ?? undefined,
    published: v.isPublished,
    message: v.message ?? undefined,
    ...('testStatus' in v ? { testStatus: v.testStatus, testSummary: v.testSummary ?? undefined } : {}),
  }));
}

/** The management API calls for one kind, with the answers normalised. */
export const artifactApi = {
  async get(kind: Kind, id: string): Promise<Artifact> {
    return kind === 'transformation' ? fromTransformation(await api.getTransformation(id)) : fromLibrary(await api.getLibrary(id));
  },
  async create(kind: Kind, body: SaveBody): Promise<Artifact> {
    return kind === 'transformation' ? fromTransformation(await api.createTransformation(body)) : fromLibrary(await api.createLibrary(body));
  },
  async update(kind: Kind, id: string, body: SaveBody): Promise<Artifact> {
    return kind === 'transformation'
      ? fromTransformation(await api.updateTransformation(id, body))
      : fromLibrary(await api.updateLibrary(id, body));
  },
  /** All versions, oldest first (the API answers newest first with DESC). */
  async versions(kind: Kind, id: string): Promise<ArtifactVersion[]> {
    if (kind === 'transformation') return oldestFirst((await api.studioTransformationVersions(id)).versions);
    return oldestFirst((await api.studioLibraryVersions(id)).versions);
  },
  async publish(kind: Kind, versionId: string, testInput: unknown[]) {
    return api.publish(kind === 'transformation' ? { transformations: [{ versionId, testInput }] } : { libraries: [{ versionId }] });
  },
};
