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
  /** Outcome of the tests run on save (a library's: the saved tests of the transformations that import it). */
  testStatus?: VersionTestStatus | 'out-of-date';
  testSummary?: string;
  /** Why the last run's answer is out of date (transformations; derived by the core). */
  testReasons?: string[];
  /** The tests are running again in the background. */
  testRerunning?: boolean;
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
    ...('testReasons' in v && v.testReasons ? { testReasons: v.testReasons, testRerunning: v.testRerunning ?? false } : {}),
  }));
}

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
    return oldestFirst((await endpoints(kind).studioVersions(id)).versions);
  },
  async publish(kind: Kind, versionId: string, testInput: unknown[]) {
    return api.publish(kind === 'transformation' ? { transformations: [{ versionId, testInput }] } : { libraries: [{ versionId }] });
  },
};
