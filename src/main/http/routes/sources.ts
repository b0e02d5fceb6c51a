import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import type { SourcesService } from '../../collect/sources-service';
import { IdParam, Source, studioErrors } from './pipeline-schemas';
import { deleteRoute, listRoute } from './crud-routes';
import { typedRoutes } from './typed-routes';

const tags = ['sources'];

/** Studio API: sources (write keys of the event API). */
export const sourcesRoutes =
  (service: SourcesService): FastifyPluginAsync =>
  typedRoutes((app) => {
    listRoute(app, '/studio/api/sources', { tags, summary: 'List sources', key: 'sources', Item: Source }, () => service.list());
    app.get('/studio/api/sources/:id', { schema: { tags, summary: 'Get a source', params: IdParam, response: { 200: Source, ...studioErrors } } }, async (request) =>
      service.get(request.params.id),
    );
    app.post(
      '/studio/api/sources',
      {
        schema: {
          tags,
          summary: 'Create a source with a generated write key',
          body: Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }), enabled: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
          response: { 200: Source, ...studioErrors },
        },
      },
      async (request) => service.create(request.body),
    );
    app.patch(
      '/studio/api/sources/:id',
      {
        schema: {
          tags,
          summary: 'Rename, disable or enable a source',
          params: IdParam,
          body: Type.Object(
            { name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })), enabled: Type.Optional(Type.Boolean()) },
            { additionalProperties: false },
          ),
          response: { 200: Source, ...studioErrors },
        },
      },
      async (request) => service.update(request.params.id, request.body),
    );
    deleteRoute(app, '/studio/api/sources/:id', { tags, summary: 'Delete a source (its captured events stay)' }, (id) => service.remove(id));
  });
