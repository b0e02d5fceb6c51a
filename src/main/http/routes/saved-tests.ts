import type { FastifyPluginAsync } from 'fastify';
import { SavedTestsRun } from '../../../shared/api/sync';
import { RunTestsBody, TestsRun } from '../../../shared/api/test-events';
import type { SavedTestsService } from '../../management/saved-tests-service';
import { typedRoutes } from './typed-routes';
import { IdParams } from '../../../shared/api/common';
import { errorResponses } from './error-responses';

/** POST /studio/api/saved-tests/run: every transformation's latest version on its saved test events. */
export const savedTestsRoutes =
  (service: SavedTestsService): FastifyPluginAsync =>
  typedRoutes((app) => {
    app.post(
      '/studio/api/saved-tests/run',
      { schema: { tags: ['sync'], summary: "Run every transformation's saved test events", response: { 200: SavedTestsRun, ...errorResponses } } },
      async () => service.runAll(),
    );
    app.post(
      '/studio/api/transformations/:id/tests/run',
      {
        schema: {
          tags: ['test events'],
          summary: "Run a transformation's tests (saved tests, then the version's given events) on a version or on unsaved code, as save and publish run them",
          params: IdParams,
          body: RunTestsBody,
          response: { 200: TestsRun, ...errorResponses },
        },
      },
      async (request) => service.run(request.params.id, request.body),
    );
  });
