import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { SavedTestsRun } from '../../../shared/api/sync';
import type { StudioContext } from '../../context';
import { createSavedTestsService } from '../../management/saved-tests-service';
import { errorResponses } from './management-schemas';

/** POST /studio/api/saved-tests/run: every transformation's latest version on its saved test events. */
export const savedTestsRoutes =
  (ctx: StudioContext): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const service = createSavedTestsService(ctx);
    app.post(
      '/studio/api/saved-tests/run',
      { schema: { tags: ['sync'], summary: "Run every transformation's saved test events", response: { 200: SavedTestsRun, ...errorResponses } } },
      async () => service.runAll(),
    );
  };
