import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import type { DestinationsService } from '../../pipeline/destinations-service';
import { DestinationKindSchema, DestinationView, IdParam, studioErrors } from './pipeline-schemas';
import { deleteRoute, listRoute } from './crud-routes';
import { typedRoutes } from './typed-routes';

const tags = ['destinations'];

const configDoc =
  'Per kind: capture {}; webhook {url, method?: POST|PUT|PATCH, headers?, maxAttempts?, backoffMs?, timeoutMs?}; ' +
  'file {path} (absolute, or relative to the data directory); data-plane {url, writeKey, maxAttempts?, backoffMs?, timeoutMs?}';
const SourceIds = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 1000, description: 'Sources whose events it receives (default on create: all)' });
const CreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200, description: 'Unique; also the key of an event\'s "integrations" switch' }),
    kind: DestinationKindSchema,
    config: Type.Optional(Type.Object({}, { additionalProperties: true, description: configDoc })),
    enabled: Type.Optional(Type.Boolean()),
    sourceIds: Type.Optional(SourceIds),
    transformationId: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()], { description: 'A transformation with a published version' })),
    from: Type.Optional(Type.Union([Type.Literal('now'), Type.Literal('beginning')], { description: 'Start the queue with new events (now, default) or every stored event' })),
  },
  { additionalProperties: false },
);
const UpdateBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    config: Type.Optional(Type.Object({}, { additionalProperties: true, description: configDoc })),
    enabled: Type.Optional(Type.Boolean()),
    sourceIds: Type.Optional(SourceIds),
    transformationId: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()], { description: 'null disconnects' })),
  },
  { additionalProperties: false },
);

/** Studio API: destinations, their sources and their connected transformation. */
export const destinationsRoutes =
  (service: DestinationsService): FastifyPluginAsync =>
  typedRoutes((app) => {
    const one = { 200: DestinationView, ...studioErrors };

    listRoute(app, '/studio/api/destinations', { tags, summary: 'List destinations with their delivery state', key: 'destinations', Item: DestinationView }, () => service.list());
    app.get('/studio/api/destinations/:id', { schema: { tags, summary: 'Get a destination', params: IdParam, response: one } }, async (request) =>
      service.get(request.params.id),
    );
    app.post('/studio/api/destinations', { schema: { tags, summary: 'Create a destination', body: CreateBody, response: one } }, async (request) =>
      service.create({ ...request.body, config: request.body.config }),
    );
    app.patch(
      '/studio/api/destinations/:id',
      { schema: { tags, summary: 'Change a destination (name, config, enabled, sources, transformation)', params: IdParam, body: UpdateBody, response: one } },
      async (request) => service.update(request.params.id, request.body),
    );
    deleteRoute(app, '/studio/api/destinations/:id', { tags, summary: 'Delete a destination with its queue and results' }, (id) => service.remove(id));
    app.put(
      '/studio/api/destinations/:id/transformation',
      {
        schema: {
          tags,
          summary: 'Connect a published transformation (replaces the connected one)',
          params: IdParam,
          body: Type.Object({ transformationId: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false }),
          response: one,
        },
      },
      async (request) => service.connect(request.params.id, request.body.transformationId),
    );
    app.post(
      '/studio/api/destinations/:id/retry',
      {
        schema: {
          tags,
          summary: 'Deliver the failed events again (their failed results are replaced by the new attempt)',
          params: IdParam,
          response: { 200: Type.Object({ queued: Type.Integer(), destination: DestinationView }), ...studioErrors },
        },
      },
      async (request) => service.retryFailed(request.params.id),
    );
    app.delete(
      '/studio/api/destinations/:id/transformation',
      { schema: { tags, summary: 'Disconnect the transformation (events pass through unchanged)', params: IdParam, response: one } },
      async (request) => service.disconnect(request.params.id),
    );
  });

