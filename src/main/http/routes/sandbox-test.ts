import type { FastifyPluginAsync } from 'fastify';
import { TestRunRequest as Body, TestRunResponse as Answer } from '../../../shared/api/sandbox-test';
import { runTestJson, type TestRunDeps } from '../../management/test-run';
import { typedRoutes } from './typed-routes';
import { eventsSourceOf, sendJsonText, stringifySerializer, usePlainJsonParser } from '../lean-json';
import { sandboxErrorResponses } from './error-responses';

const BODY_LIMIT = 32 * 1024 * 1024;

/** POST /studio/api/test: run unsaved code over events in the sandbox. */
export const sandboxTestRoutes =
  (deps: TestRunDeps): FastifyPluginAsync =>
  typedRoutes((app, plugin) => {
    usePlainJsonParser(plugin, BODY_LIMIT);
    app.post(
      '/studio/api/test',
      {
        bodyLimit: BODY_LIMIT,
        serializerCompiler: stringifySerializer,
        schema: {
          tags: ['sandbox'],
          summary: 'Test a transformation on events',
          description:
            'Per-event errors are returned inside the 200 answer; fatal errors (syntax error, missing export, unknown import, timeout, memory limit) answer 400.',
          body: Body,
          response: { 200: Answer, ...sandboxErrorResponses },
        },
      },
      // The answer comes as its JSON text (runTestJson writes it as the parts arrive).
      async (request, reply) => sendJsonText(reply, await runTestJson(deps, request.body, eventsSourceOf(request.body))),
    );
  });
