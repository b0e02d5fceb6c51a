import type { FastifyPluginAsync } from 'fastify';
import type { SourcesService } from '../../collect/sources-service';
import { deleteRoute, listRoute } from './crud-routes';
import { typedRoutes } from './typed-routes';
import { IdParams } from '../../../shared/api/common';
import { Source, SourceCreate, SourceUpdate } from '../../../shared/api/pipeline';
import { studioErrors } from './error-responses';

const tags = ['sources'];

/** Studio API: sources (write keys of the event API). */
export const sourcesRoutes =
  (service: SourcesService): FastifyPluginAsync =>
  typedRoutes((app) => {
    listRoute(app, '/studio/api/sources', { tags, summary: 'List sources', key: 'sources', Item: Source }, () => service.list());
    app.get('/studio/api/sources/:id', { schema: { tags, summary: 'Get a source', params: IdParams, response: { 200: Source, ...studioErrors } } }, async (request) =>
      service.get(request.params.id),
    );
    app.post(
      '/studio/api/sources',
      {
        schema: {
          tags,
          summary: 'Create a source with a generated write key',
          body: SourceCreate,
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
          params: IdParams,
          body: SourceUpdate,
          response: { 200: Source, ...studioErrors },
        },
      },
      async (request) => service.update(request.params.id, request.body),
    );
    deleteRoute(app, '/studio/api/sources/:id', { tags, summary: 'Delete a source (its captured events stay)' }, (id) => service.remove(id));
  });
