import { Type, type Static } from 'typebox';
import { LibraryVersion, NullableString, TransformationVersion } from './management';

// Shapes of the studio's versions API (/studio/api/{transformations,libraries}/:id/versions): the
// management API's version objects plus what the studio records on save (message, test status).

export const VersionTestStatus = Type.Union([Type.Literal('passed'), Type.Literal('failed'), Type.Literal('not-tested')], {
  description: 'Outcome of the saved tests run on save: passed, failed (or the code does not compile / export its handler), not-tested (no test events)',
});
export type VersionTestStatus = Static<typeof VersionTestStatus>;

const notes = {
  number: Type.Integer({ minimum: 1, description: '1 for the first version' }),
  message: NullableString,
};

export const StudioTransformationVersion = Type.Object({
  ...TransformationVersion.properties,
  ...notes,
  testStatus: VersionTestStatus,
  testSummary: Type.Union([Type.String(), Type.Null()], { description: 'One line: how many events passed, or the first failure' }),
});
export type StudioTransformationVersion = Static<typeof StudioTransformationVersion>;

export const StudioLibraryVersion = Type.Object({ ...LibraryVersion.properties, ...notes });
export type StudioLibraryVersion = Static<typeof StudioLibraryVersion>;

/** Newest first. */
export const StudioTransformationVersions = Type.Object({ versions: Type.Array(StudioTransformationVersion) });
export const StudioLibraryVersions = Type.Object({ versions: Type.Array(StudioLibraryVersion) });
export type StudioTransformationVersions = Static<typeof StudioTransformationVersions>;
export type StudioLibraryVersions = Static<typeof StudioLibraryVersions>;
