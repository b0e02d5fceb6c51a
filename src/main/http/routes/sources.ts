import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import type { SourcesService } from '../../collect/sources-service';
import { IdParam, Source, studioErrors } from './pipeline-schemas';
import { typedRoutes } from './typed-routes';

const tags = ['sources'];

/** Studio API: sources (write keys of the event API). */
export const sourcesRoutes =
  (service: SourcesService): FastifyPluginAsync =>
  typedRoutes((app) => {

    app.get('/studio/api/sources', { schema: { tags, summary: 'List sources', response: { 200: Type.Object({ sources: Type.Array(Source) }), ...studioErrors } } }, async () => ({
      sources: service.list(),
    }));
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
    app.delete(
      '/studio/api/sources/:id',
      { schema: { tags, summary: 'Delete a source (its captured events stay)', params: IdParam, response: { 200: Type.Object({ success: Type.Boolean() }), ...studioErrors } } },
      async (request) => {
        service.remove(request.params.id);
        return { success: true };
      },
    );
  });
