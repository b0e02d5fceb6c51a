import type {
  ConnectedDestination,
  Library,
  LibraryVersion,
  Transformation,
  TransformationVersion,
} from '../../shared/api/management';
import type { DerivedVersionTests, StudioLibraryVersion, StudioTransformationVersion } from '../../shared/api/versions';
import type { LibraryRecord, LibraryVersionRecord } from '../store/libraries-repo';
import type { TransformationRecord, TransformationVersionRecord } from '../store/transformations-repo';

/** A transformation object: the transformation's identity with the content of its latest version. */
export function presentTransformation(
  t: TransformationRecord,
  latest: TransformationVersionRecord,
  workspaceId: string,
  destinations: ConnectedDestination[],
): Transformation {
  return {
    id: t.id,
    name: latest.name,
    description: latest.description,
    code: latest.code,
    codeVersion: latest.codeVersion,
    language: latest.language,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    versionId: latest.id,
    workspaceId,
    destinations,
    publishedVersionId: t.publishedVersionId,
  };
}

/** One revision; `full` adds workspaceId and destinations (single-version lookups). */
export function presentTransformationVersion(
  t: TransformationRecord,
  v: TransformationVersionRecord,
  full?: { workspaceId: string; destinations: ConnectedDestination[] },
): TransformationVersion {
  return {
    id: t.id,
    versionId: v.id,
    name: v.name,
    description: v.description,
    code: v.code,
    codeVersion: v.codeVersion,
    language: v.language,
    createdAt: v.createdAt,
    updatedAt: v.createdAt,
    createdBy: v.createdBy,
    isPublished: t.publishedVersionId === v.id,
    ...(full ? { workspaceId: full.workspaceId, destinations: full.destinations } : {}),
  };
}

export function presentLibrary(l: LibraryRecord, latest: LibraryVersionRecord, workspaceId: string): Library {
  return {
    id: l.id,
    name: latest.name,
    description: latest.description,
    code: latest.code,
    importName: latest.importName,
    language: 'javascript',
    createdAt: l.createdAt,
    updatedAt: l.updatedAt,
    versionId: latest.id,
    workspaceId,
    workspace: { id: workspaceId },
    publishedVersionId: l.publishedVersionId,
  };
}

/** One library revision; in listings the name field carries the import name (as the hosted API does). */
export function presentLibraryVersion(
  l: LibraryRecord,
  v: LibraryVersionRecord,
  options: { listing: boolean; workspaceId: string },
): LibraryVersion {
  return {
    id: l.id,
    versionId: v.id,
    name: options.listing ? v.importName : v.name,
    description: v.description,
    code: v.code,
    importName: v.importName,
    language: 'javascript',
    createdAt: v.createdAt,
    updatedAt: v.createdAt,
    createdBy: v.createdBy,
    isPublished: l.publishedVersionId === v.id,
    ...(options.listing ? {} : { workspaceId: options.workspaceId, workspace: { id: options.workspaceId } }),
  };
}

/** A version as the studio lists it: the management fields plus number, message and its tests as derived now (version-status.ts). */
export function presentStudioTransformationVersion(t: TransformationRecord, v: TransformationVersionRecord, tests: DerivedVersionTests): StudioTransformationVersion {
  return {
    ...presentTransformationVersion(t, v),
    ...studioNotes(v),
    ...tests,
  };
}

export function presentStudioLibraryVersion(l: LibraryRecord, v: LibraryVersionRecord, workspaceId: string, tests: DerivedVersionTests): StudioLibraryVersion {
  return { ...presentLibraryVersion(l, v, { listing: false, workspaceId }), ...studioNotes(v), ...tests };
}

/** Number, message and test status of a version, as the studio versions API lists them. */
function studioNotes(v: TransformationVersionRecord | LibraryVersionRecord) {
  return {
    number: v.seq,
    message: v.message,
    testStatus: v.testStatus ?? ('not-tested' as const),
    testSummary: v.testSummary ?? (v.testStatus ? null : 'saved before test status was recorded'),
  };
}
