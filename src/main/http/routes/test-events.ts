import type { FastifyPluginAsync } from 'fastify';
import { SavedTestEvents, SavedTestEventsBody } from '../../../shared/api/test-events';
import type { TestEventsService } from '../../management/test-events-service';
import { IdParam, studioErrors } from './pipeline-schemas';
import { typedRoutes } from './typed-routes';

const tags = ['test events'];

/** Studio API: saved test events of a transformation (used by the test bench and by publish tests). */
export const testEventsRoutes =
  (service: TestEventsService): FastifyPluginAsync =>
  typedRoutes((app) => {
    app.get(
      '/studio/api/transformations/:id/test-events',
      { schema: { tags, summary: "A transformation's saved test events", params: IdParam, response: { 200: SavedTestEvents, ...studioErrors } } },
      async (request) => service.get(request.params.id),
    );
    app.put(
      '/studio/api/transformations/:id/test-events',
      {
        schema: {
          tags,
          summary: 'Replace the saved test events (publish runs them, checking expected outputs, when its request gives no test input)',
          params: IdParam,
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
          params: IdParam,
          body: SavedTestEventsBody,
          response: { 200: SavedTestEvents, ...studioErrors },
        },
      },
      async (request) => service.append(request.params.id, request.body.events),
    );
  });
