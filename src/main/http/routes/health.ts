import type { FastifyPluginAsync } from 'fastify';
import { eventStream } from './event-stream';
import { Health, NoQuery } from '../../../shared/api/common';

/** GET /studio/health: no auth, used by hosts, tests and the UI. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/studio/health',
    {
      schema: {
        tags: ['studio'],
        summary: 'Liveness of the server (no authentication)',
        response: { 200: Health },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/studio/health/stream',
    {
      schema: {
        tags: ['studio'],
        summary: 'Server-sent events kept open while the server runs (no authentication): the UI learns at once that the core stopped when it closes',
        // Closed, as the other streams' are: a request it cannot mean gets its 400 instead of an endless stream.
        querystring: NoQuery,
      },
    },
    async (request, reply) => eventStream(request, reply, () => () => {}),
  );
};
