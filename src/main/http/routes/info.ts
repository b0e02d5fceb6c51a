import type { FastifyPluginAsync } from 'fastify';
import type { StudioContext } from '../../context';
import { APP_VERSION } from '../../version';

/** GET /studio/api/info: who and where this instance is (shown by the UI). */
export const infoRoutes = (ctx: StudioContext): FastifyPluginAsync => async (app) => {
  app.get('/studio/api/info', { schema: { tags: ['studio'], summary: 'Instance information' } }, async () => ({
    name: 'Transformation Studio',
    version: APP_VERSION,
    dataDir: ctx.dataDir,
    databaseFile: ctx.store.db.name,
    email: ctx.account.email,
    workspaceId: ctx.account.workspaceId,
    baseUrl: ctx.baseUrl,
    runtime: process.versions.electron ? `Electron ${process.versions.electron}` : `Node ${process.versions.node}`,
  }));
};
