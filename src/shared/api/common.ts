import { Type, type Static } from 'typebox';

// Shapes every part of the API uses: the error answer, the id in a path, a plain success.

/** Every 4xx/5xx answer of the studio and the management API: what went wrong and what to fix. */
export const ErrorBody = Type.Object(
  { error: Type.String({ description: 'What went wrong and what to fix' }), code: Type.Optional(Type.String()) },
  { additionalProperties: true },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** `/:id` of a resource (transformation, library, source, destination, run…). */
export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export type IdParams = Static<typeof IdParams>;

/** GET /studio/health: the server is up (no authentication). */
export const Health = Type.Object({ status: Type.Literal('ok') });
export type Health = Static<typeof Health>;

/** The query of a stream that takes none: closed, so a query it cannot mean is a 400 (not an endless stream). */
export const NoQuery = Type.Object({}, { additionalProperties: false });

/** `?limit=` of a list of jobs (replay runs, sends, imports…): the newest first. */
export const ListLimitQuery = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })) });

/** The answer of a delete or another action with nothing else to say. */
export const Success = Type.Object({ success: Type.Boolean() });
export type Success = Static<typeof Success>;

/** A string or null (a cursor at the end, a time not yet reached). */
export const NullableString = Type.Union([Type.String(), Type.Null()]);

/** GET /studio/api/info: who and where this instance is (the UI shows it). */
export const StudioInfo = Type.Object({
  name: Type.String(),
  version: Type.String(),
  dataDir: Type.String(),
  databaseFile: Type.String(),
  email: Type.String(),
  workspaceId: Type.String(),
  baseUrl: Type.String(),
  runtime: Type.String({ description: 'Electron <version> or Node <version>' }),
});
export type StudioInfo = Static<typeof StudioInfo>;
