import { Type, type Static } from 'typebox';
import type { EventObject } from './management';

// Shapes of POST /studio/api/test (a run of unsaved code over events): the route schema, the
// test-run service and the renderer's test bench use these.

const MAX_CODE = 1024 * 1024;

/** What metadata(event) reports for every event besides the fields taken from the event. */
export const RunContextKeys = [
  'sourceId', 'sourceName', 'sourceType', 'sourceCategory', 'workspaceId',
  'destinationId', 'destinationName', 'destinationType', 'transformationId', 'transformationVersionId',
] as const;

export const TestRunRequest = Type.Object(
  {
    code: Type.String({ maxLength: MAX_CODE, description: 'Transformation module (codeVersion "1"): exports transformEvent or transformBatch' }),
    events: Type.Array(Type.Record(Type.String(), Type.Unknown()), { maxItems: 10_000, description: 'Events to transform (objects)' }),
    libraries: Type.Optional(
      Type.Array(
        Type.Object(
          {
            name: Type.String({ minLength: 1, maxLength: 1000, description: 'Library name; imported as camelCase(name)' }),
            code: Type.String({ maxLength: MAX_CODE }),
          },
          { additionalProperties: false },
        ),
        { maxItems: 50, description: 'Unsaved libraries; they win over stored ones with the same import name' },
      ),
    ),
    libraryVersionIds: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 50, description: 'Stored library versions to offer (default: the published, else latest, version of each imported library)' }),
    ),
    transformationName: Type.Optional(Type.String({ minLength: 1, maxLength: 1000, description: 'Module name in stack traces (default "base transformation")' })),
    context: Type.Optional(
      Type.Object(Object.fromEntries(RunContextKeys.map((key) => [key, Type.Optional(Type.String({ maxLength: 1000 }))])), {
        additionalProperties: false,
        description: 'What metadata(event) reports for every event besides the fields taken from the event (source, destination…)',
      }),
    ),
    credentials: Type.Optional(
      Type.Record(Type.String({ maxLength: 1024 }), Type.String({ maxLength: 64 * 1024 }), { description: 'Values for getCredential(key) instead of the stored credentials' }),
    ),
  },
  { additionalProperties: false },
);
export type RunContext = Partial<Record<(typeof RunContextKeys)[number], string>>;
export type TestRunRequest = Omit<Static<typeof TestRunRequest>, 'context'> & { context?: RunContext };

/** One fetch/fetchV2 call of user code: where to, the answer or why it failed. */
export const NetworkCall = Type.Object({
  url: Type.String(),
  method: Type.String(),
  status: Type.Optional(Type.Integer()),
  durationMs: Type.Number(),
  /** Why it failed (network error, timeout, size…). */
  error: Type.Optional(Type.String()),
  blocked: Type.Optional(Type.Boolean({ description: 'The private-address guard refused it' })),
  mocked: Type.Optional(Type.Boolean({ description: "Answered by a test's fetch mock, not the network" })),
});
export type NetworkCall = Static<typeof NetworkCall>;

/** A per-event error; `metadata.messageId` names the input event it belongs to, when that event had one. */
export type TestRunError = {
  error: string;
  metadata?: { messageId: string };
};

export const TestRunResponse = Type.Object({
  transformedEvents: Type.Array(Type.Unknown(), {
    description: 'Output events and per-event errors ({error, metadata?: {messageId}}; metadata names the failing input event when it had a messageId)',
  }),
  logs: Type.Array(Type.String(), { description: 'log(...) calls as "Log: …"' }),
  logEvents: Type.Optional(
    Type.Array(Type.Integer({ minimum: -1 }), {
      description:
        'Per line of logs: the index (in events) of the input event whose transformEvent call wrote it; -1 for batch-level lines (transformBatch, module top level, after an await). Absent when no line belongs to one event',
    }),
  ),
  inputIndexes: Type.Array(Type.Integer({ minimum: -1 }), {
    description:
      'Per element of transformedEvents: the index (in events) of the input event it came from; -1 when it came from none (a new event of transformBatch, an error of the whole batch). The studio adds this; the elements keep the hosted shape',
  }),
  durationMs: Type.Number(),
  network: Type.Optional(Type.Array(NetworkCall, { description: 'fetch/fetchV2 calls of the run, in the order they finished (absent when none)' })),
});
/** Outputs and per-event errors, in input order where the semantics allow. */
export type TestRunResponse = Omit<Static<typeof TestRunResponse>, 'transformedEvents'> & { transformedEvents: Array<EventObject | TestRunError> };
