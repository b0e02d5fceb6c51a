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

const tests = {
  testStatus: VersionTestStatus,
  testSummary: Type.Union([Type.String(), Type.Null()], { description: 'One line: what passed, or the first failure' }),
};

/**
 * A transformation version's tests as derived now (issue 37): the recorded outcome while what it
 * depended on (saved tests, library versions, settings) is unchanged, else out-of-date with the
 * reasons until the background re-run records a new outcome.
 */
export const DerivedTestStatus = Type.Union([...VersionTestStatus.anyOf, Type.Literal('out-of-date')], {
  description: 'passed / failed / not-tested: the last run, whose inputs are those of now; out-of-date: an input changed since (see testReasons)',
});
const derivedTests = {
  testStatus: DerivedTestStatus,
  testSummary: tests.testSummary,
  testReasons: Type.Optional(Type.Array(Type.String(), { description: 'Why the last run is out of date ("2 tests added since this run", "library X changed: v3 → v4")' })),
  testRerunning: Type.Optional(Type.Boolean({ description: 'The tests are queued or running again in the background' })),
};
export const DerivedVersionTests = Type.Object(derivedTests);
export type DerivedVersionTests = Static<typeof DerivedVersionTests>;

export const StudioTransformationVersion = Type.Object({ ...TransformationVersion.properties, ...notes, ...derivedTests });
export type StudioTransformationVersion = Static<typeof StudioTransformationVersion>;

/**
 * A library version's tests: it evaluates, and the transformations that import it pass their saved
 * tests with it (failed: it does not evaluate, or a transformation fails with it that passed with
 * the version before; not-tested: none of them has test events). Every library version is
 * derived like a transformation's: out-of-date with the reasons when an importer, its saved tests
 * or the rest of its run's inputs changed since the run (the latest and the published one are run
 * again in the background).
 */
export const StudioLibraryVersion = Type.Object({ ...LibraryVersion.properties, ...notes, ...derivedTests });
export type StudioLibraryVersion = Static<typeof StudioLibraryVersion>;

/** Newest first. */
export const StudioTransformationVersions = Type.Object({ versions: Type.Array(StudioTransformationVersion) });
export const StudioLibraryVersions = Type.Object({ versions: Type.Array(StudioLibraryVersion) });
export type StudioTransformationVersions = Static<typeof StudioTransformationVersions>;
export type StudioLibraryVersions = Static<typeof StudioLibraryVersions>;

/** A library version a live transformation version runs with (pinned when it was published). */
export const LibraryPin = Type.Object({
  libraryId: Type.String(),
  libraryVersionId: Type.String(),
  libraryVersionNumber: Type.Integer(),
  transformationId: Type.String(),
  transformationName: Type.String(),
  transformationVersionId: Type.String(),
  transformationVersionNumber: Type.Integer(),
});
export type LibraryPin = Static<typeof LibraryPin>;
export const LibraryPins = Type.Object({ pins: Type.Array(LibraryPin, { description: 'Newest library version first, per library' }) });

/** GET /studio/api/transformations/versions/stream: the test status changes of one transformation, or of any. */
export const VersionsStreamQuery = Type.Object(
  { transformationId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })), libraryId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) },
  { additionalProperties: false },
);
