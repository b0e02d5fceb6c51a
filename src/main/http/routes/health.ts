import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';

/** GET /studio/health: no auth, used by hosts, tests and the UI. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/studio/health',
    {
      schema: {
        tags: ['studio'],
        summary: 'Liveness of the server (no authentication)',
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
};
