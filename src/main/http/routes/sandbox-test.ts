import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { runTest, type TestRunDeps } from '../../sandbox/test-run';
import { sandboxErrorResponses } from './sandbox-schemas';

const MAX_CODE = 1024 * 1024;

const Body = Type.Object(
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
      Type.Object(
        Object.fromEntries(
          ['sourceId', 'sourceName', 'sourceType', 'sourceCategory', 'workspaceId', 'destinationId', 'destinationName', 'destinationType', 'transformationId', 'transformationVersionId'].map(
            (key) => [key, Type.Optional(Type.String({ maxLength: 1000 }))],
          ),
        ),
        { additionalProperties: false, description: 'What metadata(event) reports for every event besides the fields taken from the event (source, destination…)' },
      ),
    ),
    credentials: Type.Optional(
      Type.Record(Type.String({ maxLength: 1024 }), Type.String({ maxLength: 64 * 1024 }), { description: 'Values for getCredential(key) instead of the stored credentials' }),
    ),
  },
  { additionalProperties: false },
);

const Answer = Type.Object({
  transformedEvents: Type.Array(Type.Unknown(), {
    description: 'Output events and per-event errors ({error, metadata?: {messageId}}; metadata names the failing input event when it had a messageId)',
  }),
  logs: Type.Array(Type.String(), { description: 'log(...) calls as "Log: …"' }),
  durationMs: Type.Number(),
  network: Type.Optional(
    Type.Array(
      Type.Object({
        url: Type.String(),
        method: Type.String(),
        status: Type.Optional(Type.Integer()),
        durationMs: Type.Number(),
        error: Type.Optional(Type.String()),
        blocked: Type.Optional(Type.Boolean({ description: 'The private-address guard refused it' })),
      }),
      { description: 'fetch/fetchV2 calls of the run, in the order they finished (absent when none)' },
    ),
  ),
});

/** POST /studio/api/test: run unsaved code over events in the sandbox. */
export const sandboxTestRoutes =
  (deps: TestRunDeps): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    app.post(
      '/studio/api/test',
      {
        bodyLimit: 32 * 1024 * 1024,
        schema: {
          tags: ['sandbox'],
          summary: 'Test a transformation on events',
          description:
            'Per-event errors are returned inside the 200 answer; fatal errors (syntax error, missing export, unknown import, timeout, memory limit) answer 400.',
          body: Body,
          response: { 200: Answer, ...sandboxErrorResponses },
        },
      },
      async (request) => runTest(deps, request.body),
    );
  };
