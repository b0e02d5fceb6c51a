import { Type, type Static, type TSchema } from 'typebox';
import { NullableString } from './common';

// Shapes of the management API (seed 000 plus the hosted behaviour its clients rely on): the
// route schemas (main/http/routes/{transformations,libraries,publish}.ts), the management
// services and the renderer's typed client all use these.

export const EventObject = Type.Record(Type.String(), Type.Unknown(), { description: 'An event object' });
export type EventObject = Static<typeof EventObject>;

export { NullableString };

/** `?publish=true`: publish the new version after its tests pass. */
export const PublishQuery = Type.Object({
  publish: Type.Optional(Type.Boolean({ description: 'Publish the new version after its tests pass (default false)' })),
});
export type PublishQuery = Static<typeof PublishQuery>;

/** The query of a versions list: how many, in which order of creation. */
export const VersionsQuery = Type.Object({
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 5, description: 'How many versions to return (default 5)' })),
  orderBy: Type.Optional(
    Type.Enum(['ASC', 'DESC', 'asc', 'desc'], { default: 'ASC', description: 'Order on createdAt: ASC (default) or DESC' }),
  ),
});
export type VersionsQuery = Static<typeof VersionsQuery>;
export type VersionOrder = 'ASC' | 'DESC';

/** `/:id/versions/:versionId`. */
export const VersionParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }), versionId: Type.String({ minLength: 1, maxLength: 100 }) });

/** The answer of a publish that passed (a failure is a 400 with a PublishFailure). */
export const PublishResult = Type.Object({ published: Type.Boolean() });
export type PublishResult = Static<typeof PublishResult>;

/** A destination as transformation objects list it. */
export const ConnectedDestination = Type.Object({ id: Type.String(), name: Type.String(), enabled: Type.Boolean() });
export type ConnectedDestination = Static<typeof ConnectedDestination>;

/** The author's note on a saved version (a studio addition; the studio versions API lists it). */
export const VersionMessage = Type.String({ maxLength: 1000, description: 'What changed in this version (optional; listed by /studio/api/…/versions)' });

const CreatedBy = Type.Union([Type.String(), Type.Null()], { description: 'E-mail of the account that saved the version (null when not recorded)' });
const Timestamps = { createdAt: Type.String({ format: 'date-time' }), updatedAt: Type.String({ format: 'date-time' }) };
/** What every version of either kind carries after its id. */
const VersionContent = { versionId: Type.String(), name: Type.String(), description: Type.String(), code: Type.String() };

// ---- transformations

/** The fields of a version of either kind: its artifact's id, content, kind-specific fields, times. */
const artifactFields = <Extra extends Record<string, TSchema>>(what: string, extra: Extra) => ({
  id: Type.String({ description: `${what} id` }),
  ...VersionContent,
  ...extra,
  ...Timestamps,
});

const transformationFields = artifactFields('Transformation', { codeVersion: Type.String(), language: Type.String() });

/** A transformation: its latest version plus identity, workspace and connected destinations. */
export const Transformation = Type.Object({
  ...transformationFields,
  workspaceId: Type.String(),
  destinations: Type.Array(ConnectedDestination),
  publishedVersionId: NullableString,
});
export type Transformation = Static<typeof Transformation>;

/** One revision; listings omit workspaceId and destinations. */
export const TransformationVersion = Type.Object({
  ...transformationFields,
  createdBy: CreatedBy,
  isPublished: Type.Boolean(),
  workspaceId: Type.Optional(Type.String()),
  destinations: Type.Optional(Type.Array(ConnectedDestination)),
});
export type TransformationVersion = Static<typeof TransformationVersion>;

/** Body fields of creates and updates of either kind (besides name and code). */
const commonBodyFields = {
  codeVersion: Type.Optional(Type.String({ description: 'Always "1"' })),
  language: Type.Optional(Type.String({ description: 'Always "javascript"' })),
  publish: Type.Optional(Type.Boolean({ description: 'Also accepted in the query string' })),
  message: Type.Optional(VersionMessage),
};
const OptionalDescription = Type.Optional(Type.String({ maxLength: 100_000 }));

const transformationBodyFields = {
  description: OptionalDescription,
  code: Type.Optional(Type.String({ description: 'Module code exporting transformEvent or transformBatch' })),
  ...commonBodyFields,
  events: Type.Optional(Type.Array(EventObject, { description: 'Test events of this version; run when publishing' })),
  testEvents: Type.Optional(Type.Array(EventObject, { description: 'rudder-cli\'s name for "events"' })),
  destinationIds: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { description: 'Destinations to connect; only with publish=true' })),
};
export const CreateTransformationBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 1000 }), ...transformationBodyFields });
export const UpdateTransformationBody = Type.Object({ name: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })), ...transformationBodyFields });
export type CreateTransformationBody = Static<typeof CreateTransformationBody>;
export type UpdateTransformationBody = Static<typeof UpdateTransformationBody>;

// ---- libraries

const Workspace = Type.Object({ id: Type.String() });
const libraryFields = artifactFields('Library', { importName: Type.String(), language: Type.String() });

export const Library = Type.Object({
  ...libraryFields,
  workspaceId: Type.String(),
  workspace: Workspace,
  publishedVersionId: NullableString,
});
export type Library = Static<typeof Library>;

/** One library revision; in listings `name` carries the import name. */
export const LibraryVersion = Type.Object({
  ...libraryFields,
  name: Type.String({ description: 'In listings: the import name' }),
  createdBy: CreatedBy,
  isPublished: Type.Boolean(),
  workspaceId: Type.Optional(Type.String()),
  workspace: Type.Optional(Workspace),
});
export type LibraryVersion = Static<typeof LibraryVersion>;

const libraryBodyFields = {
  description: OptionalDescription,
  code: Type.Optional(Type.String({ description: 'Module code; transformations import it by its import name' })),
  importName: Type.Optional(Type.String({ description: 'Read-only: camelCase(name)' })),
  ...commonBodyFields,
};
export const CreateLibraryBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 1000 }), ...libraryBodyFields });
export const UpdateLibraryBody = Type.Object({ name: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })), ...libraryBodyFields });
export type CreateLibraryBody = Static<typeof CreateLibraryBody>;
export type UpdateLibraryBody = Static<typeof UpdateLibraryBody>;

// ---- publish and test

/** Body of POST /transformations/libraries/publish and …/test. */
export const PublishRequest = Type.Object({
  transformations: Type.Optional(
    Type.Array(
      Type.Object({
        versionId: Type.String({ minLength: 1 }),
        testInput: Type.Optional(Type.Unknown({ description: 'Test events: an array of event objects, or a string holding a JSON array of them' })),
      }),
    ),
  ),
  libraries: Type.Optional(Type.Array(Type.Object({ versionId: Type.String({ minLength: 1 }) }))),
  commitId: Type.Optional(Type.String({ maxLength: 200, description: 'The commit the versions come from (sent by the transformation GitHub Action); accepted and not stored' })),
});
export type PublishRequest = Static<typeof PublishRequest>;

/** Which version a test result is about. */
const TestedVersion = { id: Type.String(), versionId: Type.String(), name: Type.String() };

export const LibraryTestResult = Type.Object({
  type: Type.Literal('library'),
  ...TestedVersion,
  importName: Type.String(),
  passed: Type.Boolean(),
  error: Type.Optional(Type.String()),
});
export type LibraryTestResult = Static<typeof LibraryTestResult>;

export const EventError = Type.Object({ messageId: Type.Optional(Type.String()), error: Type.String() });
export type EventError = Static<typeof EventError>;

export const TransformationTestResult = Type.Object({
  type: Type.Literal('transformation'),
  ...TestedVersion,
  passed: Type.Boolean(),
  error: Type.Optional(Type.String()),
  eventCount: Type.Integer(),
  output: Type.Array(EventObject, { description: 'Output events' }),
  errors: Type.Array(EventError, { description: 'Per-event errors' }),
  logs: Type.Array(Type.String()),
  libraries: Type.Array(Type.Object({ id: Type.String(), versionId: Type.String(), importName: Type.String() }), {
    description: 'Library versions the run used (pinned on publish)',
  }),
});
export type TransformationTestResult = Static<typeof TransformationTestResult>;

export const VersionTestResults = Type.Array(Type.Union([LibraryTestResult, TransformationTestResult]));
export type VersionTestResult = LibraryTestResult | TransformationTestResult;

export const HostedTestResult = Type.Object(
  {
    successTestResults: Type.Array(
      Type.Object({
        id: Type.String(),
        name: Type.String(),
        transformerVersionID: Type.String(),
        result: Type.Object({ output: Type.Object({ transformedEvents: Type.Array(EventObject), logs: Type.Array(Type.String()) }) }),
      }),
    ),
    failedTestResults: Type.Array(
      Type.Object({
        id: Type.String(),
        name: Type.String(),
        transformerVersionID: Type.Optional(Type.String()),
        libraryVersionID: Type.Optional(Type.String()),
        result: Type.String(),
      }),
    ),
  },
  { description: "The hosted service's shape of the results, as its clients (the transformation GitHub Action) read them" },
);

/** Answer of POST /transformations/libraries/test. */
export const TestResponse = Type.Object({ passed: Type.Boolean(), results: VersionTestResults, result: HostedTestResult });
export type TestResponse = Static<typeof TestResponse>;

/** 400 answer of a publish (or create/update with publish=true) whose tests failed, or of a wrong body. */
export const PublishFailure = Type.Object(
  {
    error: Type.String(),
    code: Type.Optional(Type.String()),
    published: Type.Optional(Type.Literal(false, { description: 'Present when tests failed: nothing was published' })),
    results: Type.Optional(VersionTestResults),
  },
  { additionalProperties: true, description: 'Tests failed (nothing was published), or the body was wrong' },
);
export type PublishFailure = Static<typeof PublishFailure>;
