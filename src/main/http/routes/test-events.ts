import type { FastifyPluginAsync } from 'fastify';
import { SavedTestEvents, SavedTestEventsBody } from '../../../shared/api/test-events';
import type { TestEventsService } from '../../management/test-events-service';
import { typedRoutes } from './typed-routes';
import { IdParams } from '../../../shared/api/common';
import { studioErrors } from './error-responses';

const tags = ['test events'];

/** Studio API: saved test events of a transformation (used by the test bench and by publish tests). */
export const testEventsRoutes =
  (service: TestEventsService): FastifyPluginAsync =>
  typedRoutes((app) => {
    app.get(
      '/studio/api/transformations/:id/test-events',
      { schema: { tags, summary: "A transformation's saved test events", params: IdParams, response: { 200: SavedTestEvents, ...studioErrors } } },
      async (request) => service.get(request.params.id),
    );
    app.put(
      '/studio/api/transformations/:id/test-events',
      {
        schema: {
          tags,
          summary: 'Replace the saved test events (publish runs them, checking expected outputs, when its request gives no test input)',
          params: IdParams,
          body: SavedTestEventsBody,
          response: { 200: SavedTestEvents, ...studioErrors },
        },
      },
      async (request) => service.replace(request.params.id, request.body.events),
    );
    app.post(
      '/studio/api/transformations/:id/test-events',
      {
        schema: {
          tags,
          summary: 'Append events to the saved test events',
          params: IdParams,
          body: SavedTestEventsBody,
          response: { 200: SavedTestEvents, ...studioErrors },
        },
      },
      async (request) => service.append(request.params.id, request.body.events),
    );
  });
