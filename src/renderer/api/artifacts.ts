import type { Kind } from '../hooks/routes';
import { api } from './client';
import type { Library, LibraryVersion, SaveBody, Transformation, TransformationVersion } from './types';

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
}

export type PublishState = 'published' | 'changed' | 'unpublished' | 'unknown';

/** Published, published with newer unpublished versions, never published, or unknown. */
export function publishState(artifact: Pick<Artifact, 'versionId' | 'publishedVersionId'>): PublishState {
  if (artifact.publishedVersionId === undefined) return 'unknown';
  if (artifact.publishedVersionId === null) return 'unpublished';
  return artifact.publishedVersionId === artifact.versionId ? 'published' : 'changed';
}

/** A transformation or library as the API answers it, in the authoring UI's terms. */
export function toArtifact(kind: Kind, a: Transformation | Library): Artifact {
  return {
    kind,
    id: a.id,
    name: a.name,
    description: a.description ?? '',
    code: a.code ?? '',
    versionId: a.versionId,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
    ...('importName' in a ? { importName: a.importName } : {}),
    publishedVersionId: a.publishedVersionId,
  };
}

export const fromTransformation = (t: Transformation): Artifact => toArtifact('transformation', t);
export const fromLibrary = (l: Library): Artifact => toArtifact('library', l);

/** Versions as the API lists them newest first (orderBy=DESC), turned oldest first and numbered from 1. */
function numbered(newestFirst: Array<TransformationVersion | LibraryVersion>, kind: Kind): ArtifactVersion[] {
  return [...newestFirst].reverse().map((v, index) => ({
    versionId: v.versionId,
    number: index + 1,
    // Library listings carry the import name in `name`; the library's own name is on the library.
    name: kind === 'library' ? (v as LibraryVersion).importName ?? v.name : v.name,
    description: v.description ?? '',
    code: v.code ?? '',
    createdAt: v.createdAt,
    createdBy: v.createdBy ?? undefined,
    published: v.isPublished,
  }));
}

const MAX_VERSIONS = 1000;

const endpoints = (kind: Kind) => (kind === 'transformation' ? api.transformations : api.libraries);

/** The management API calls for one kind, with the answers normalised. */
export const artifactApi = {
  async get(kind: Kind, id: string): Promise<Artifact> {
    return toArtifact(kind, await endpoints(kind).get(id));
  },
  async create(kind: Kind, body: SaveBody): Promise<Artifact> {
    return toArtifact(kind, await endpoints(kind).create(body));
  },
  async update(kind: Kind, id: string, body: SaveBody): Promise<Artifact> {
    return toArtifact(kind, await endpoints(kind).update(id, body));
  },
  /** All versions, oldest first (the API answers newest first with DESC). */
  async versions(kind: Kind, id: string): Promise<ArtifactVersion[]> {
    if (kind === 'transformation') return numbered((await api.transformations.versions(id, MAX_VERSIONS, 'DESC')).TransformationVersions, kind);
    return numbered((await api.libraries.versions(id, MAX_VERSIONS, 'DESC')).libraryVersions, kind);
  },
  async publish(kind: Kind, versionId: string, testInput: unknown[]) {
    return api.publish(kind === 'transformation' ? { transformations: [{ versionId, testInput }] } : { libraries: [{ versionId }] });
  },
};
