import type { FastifyPluginAsync } from 'fastify';
import { APP_VERSION } from '../version';
import { StudioInfo } from '../../../shared/api/common';

/** Where and who this instance is (baseUrl is known only once the server listens). */
export interface InstanceFacts {
  dataDir: string;
  databaseFile: string;
  email: string;
  workspaceId: string;
  baseUrl: () => string;
}

/** GET /studio/api/info: who and where this instance is (shown by the UI). */
export const infoRoutes = (facts: InstanceFacts): FastifyPluginAsync => async (app) => {
  app.get('/studio/api/info', { schema: { tags: ['studio'], summary: 'Instance information', response: { 200: StudioInfo } } }, async (): Promise<StudioInfo> => ({
    name: 'Transformation Studio',
    version: APP_VERSION,
    dataDir: facts.dataDir,
    databaseFile: facts.databaseFile,
    email: facts.email,
    workspaceId: facts.workspaceId,
    baseUrl: facts.baseUrl(),
    runtime: process.versions.electron ? `Electron ${process.versions.electron}` : `Node ${process.versions.node}`,
  }));
};
