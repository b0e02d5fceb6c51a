import type { FastifyPluginAsync } from 'fastify';
import { TestRunRequest as Body, TestRunResponse as Answer } from '../../../shared/api/sandbox-test';
import { runTest, type TestRunDeps } from '../../sandbox/test-run';
import { sandboxErrorResponses } from './sandbox-schemas';
import { typedRoutes } from './typed-routes';

/** POST /studio/api/test: run unsaved code over events in the sandbox. */
export const sandboxTestRoutes =
  (deps: TestRunDeps): FastifyPluginAsync =>
  typedRoutes((app) => {
    app.post(
      '/studio/api/test',
      {
        bodyLimit: 32 * 1024 * 1024,
        schema: {
          tags: ['sandbox'],
          summary: 'Test a transformation on events',
          description:
            'Per-event errors are returned inside the 200 answer; fatal errors (syntax error, missing export, unknown import, timeout, memory limit) answer 400.',
          body: Body,
          response: { 200: Answer, ...sandboxErrorResponses },
        },
      },
      async (request) => runTest(deps, request.body),
    );
  });
