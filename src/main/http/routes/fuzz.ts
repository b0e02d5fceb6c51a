import type { FastifyPluginAsync } from 'fastify';
import { FuzzRequest, FuzzResponse } from '../../../shared/api/fuzz';
import type { FuzzService } from '../../fuzz/fuzz-service';
import { usePlainJsonParser } from '../lean-json';
import { typedRoutes } from './typed-routes';
import { sandboxErrorResponses } from './error-responses';

const BODY_LIMIT = 32 * 1024 * 1024;

/** POST /studio/api/fuzz: events generated from the learned schema through unsaved code. */
export const fuzzRoutes =
  (service: FuzzService): FastifyPluginAsync =>
  typedRoutes((app, plugin) => {
    usePlainJsonParser(plugin, BODY_LIMIT);
    app.post(
      '/studio/api/fuzz',
      {
        bodyLimit: BODY_LIMIT,
        schema: {
          tags: ['sandbox'],
          summary: 'Fuzz a transformation with events generated from the learned schema',
          description:
            'Seeded and bounded (maxRuns, timeLimitMs); the events run in the sandbox with the ordinary limits. Failures are grouped by kind, message and line, each with the smallest event fast-check shrank it to. No captured events (and no samples) answers 400.',
          body: FuzzRequest,
          response: { 200: FuzzResponse, ...sandboxErrorResponses },
        },
      },
      async (request) => service.fuzz(request.body),
    );
  });
