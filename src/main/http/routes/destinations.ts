import type { FastifyPluginAsync } from 'fastify';
import type { DestinationsService } from '../../pipeline/destinations-service';
import { deleteRoute, listRoute } from './crud-routes';
import { typedRoutes } from './typed-routes';
import { DestinationConnect, DestinationCreate, DestinationRetried, DestinationUpdate, DestinationView } from '../../../shared/api/pipeline';
import { IdParams } from '../../../shared/api/common';
import { studioErrors } from './error-responses';

const tags = ['destinations'];

/** Studio API: destinations, their sources and their connected transformation. */
export const destinationsRoutes =
  (service: DestinationsService): FastifyPluginAsync =>
  typedRoutes((app) => {
    const one = { 200: DestinationView, ...studioErrors };

    listRoute(app, '/studio/api/destinations', { tags, summary: 'List destinations with their delivery state', key: 'destinations', Item: DestinationView }, () => service.list());
    app.get('/studio/api/destinations/:id', { schema: { tags, summary: 'Get a destination', params: IdParams, response: one } }, async (request) =>
      service.get(request.params.id),
    );
    app.post('/studio/api/destinations', { schema: { tags, summary: 'Create a destination', body: DestinationCreate, response: one } }, async (request) =>
      service.create(request.body),
    );
    app.patch(
      '/studio/api/destinations/:id',
      { schema: { tags, summary: 'Change a destination (name, config, enabled, sources, transformation)', params: IdParams, body: DestinationUpdate, response: one } },
      async (request) => service.update(request.params.id, request.body),
    );
    deleteRoute(app, '/studio/api/destinations/:id', { tags, summary: 'Delete a destination with its queue and results' }, (id) => service.remove(id));
    app.put(
      '/studio/api/destinations/:id/transformation',
      {
        schema: {
          tags,
          summary: 'Connect a published transformation (replaces the connected one)',
          params: IdParams,
          body: DestinationConnect,
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
          params: IdParams,
          response: { 200: DestinationRetried, ...studioErrors },
        },
      },
      async (request) => service.retryFailed(request.params.id),
    );
    app.delete(
      '/studio/api/destinations/:id/transformation',
      { schema: { tags, summary: 'Disconnect the transformation (events pass through unchanged)', params: IdParams, response: one } },
      async (request) => service.disconnect(request.params.id),
    );
  });

