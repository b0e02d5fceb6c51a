import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import type { PublishService } from '../../management/publish-service';
import { EventObject, errorResponses } from './management-schemas';

const PublishBody = Type.Object({
  transformations: Type.Optional(
    Type.Array(
      Type.Object({
        versionId: Type.String({ minLength: 1 }),
        testInput: Type.Optional(
          Type.Unknown({ description: 'Test events: an array of event objects, or a string holding a JSON array of them' }),
        ),
      }),
    ),
  ),
  libraries: Type.Optional(Type.Array(Type.Object({ versionId: Type.String({ minLength: 1 }) }))),
  commitId: Type.Optional(Type.String({ maxLength: 200, description: 'The commit the versions come from (sent by the transformation GitHub Action); accepted and not stored' })),
});

const LibraryResult = Type.Object({
  type: Type.Literal('library'),
  id: Type.String(),
  versionId: Type.String(),
  name: Type.String(),
  importName: Type.String(),
  passed: Type.Boolean(),
  error: Type.Optional(Type.String()),
});
const TransformationResult = Type.Object({
  type: Type.Literal('transformation'),
  id: Type.String(),
  versionId: Type.String(),
  name: Type.String(),
  passed: Type.Boolean(),
  error: Type.Optional(Type.String()),
  eventCount: Type.Integer(),
  output: Type.Array(EventObject, { description: 'Output events' }),
  errors: Type.Array(Type.Object({ messageId: Type.Optional(Type.String()), error: Type.String() }), { description: 'Per-event errors' }),
  logs: Type.Array(Type.String()),
  libraries: Type.Array(Type.Object({ id: Type.String(), versionId: Type.String(), importName: Type.String() }), {
    description: 'Library versions the run used (pinned on publish)',
  }),
});
const Results = Type.Array(Type.Union([LibraryResult, TransformationResult]));
const HostedResult = Type.Object(
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
const PublishFailure = Type.Object(
  {
    error: Type.String(),
    code: Type.Optional(Type.String()),
    published: Type.Optional(Type.Literal(false, { description: 'Present when tests failed: nothing was published' })),
    results: Type.Optional(Results),
  },
  { additionalProperties: true, description: 'Tests failed (nothing was published), or the body was wrong' },
);

const tags = ['publish'];

/** POST /transformations/libraries/publish and …/test: server-side tests, then an all-or-nothing publish. */
export const publishRoutes =
  (service: PublishService): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    // rudder-cli sends "versionID"; the hosted API accepts it as "versionId".
    app.addHook('preValidation', async (request) => {
      const body = request.body as { transformations?: unknown; libraries?: unknown } | null;
      if (!body || typeof body !== 'object') return;
      for (const list of [body.transformations, body.libraries]) {
        if (!Array.isArray(list)) continue;
        for (const entry of list as Record<string, unknown>[]) {
          if (entry && typeof entry === 'object' && entry.versionId === undefined && typeof entry.versionID === 'string') entry.versionId = entry.versionID;
        }
      }
    });

    app.post(
      '/transformations/libraries/publish',
      {
        schema: {
          tags,
          summary: 'Test and publish transformation and library versions (all or nothing)',
          body: PublishBody,
          response: { ...errorResponses, 200: Type.Object({ published: Type.Boolean() }), 400: PublishFailure },
        },
      },
      async (request) => service.publish(request.body),
    );

    app.post(
      '/transformations/libraries/test',
      {
        schema: {
          tags,
          summary: 'Run the publish tests without publishing',
          body: PublishBody,
          response: { 200: Type.Object({ passed: Type.Boolean(), results: Results, result: HostedResult }), ...errorResponses },
        },
      },
      async (request) => service.test(request.body),
    );
  };
