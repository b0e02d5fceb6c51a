import type { FastifyPluginAsync } from 'fastify';
import { SavedTestsRun } from '../../../shared/api/sync';
import type { SavedTestsService } from '../../management/saved-tests-service';
import { errorResponses } from './management-schemas';
import { typedRoutes } from './typed-routes';

/** POST /studio/api/saved-tests/run: every transformation's latest version on its saved test events. */
export const savedTestsRoutes =
  (service: SavedTestsService): FastifyPluginAsync =>
  typedRoutes((app) => {
    app.post(
      '/studio/api/saved-tests/run',
      { schema: { tags: ['sync'], summary: "Run every transformation's saved test events", response: { 200: SavedTestsRun, ...errorResponses } } },
      async () => service.runAll(),
    );
  });
