import type { FastifyPluginAsync } from 'fastify';
import { ExportedWorkspace, OpenWorkspaceBody, OpenedWorkspace, WorkspaceFolder } from '../../../shared/api/workspace';
import type { WorkspaceService } from '../../workspace/workspace-service';
import { typedRoutes } from './typed-routes';
import { eventStream } from './event-stream';
import { studioErrors } from './error-responses';
import { NoQuery } from '../../../shared/api/common';

/** Studio API: a repository folder (the transformation GitHub Action's meta.json) as the workspace. */
export const workspaceRoutes = (service: WorkspaceService): FastifyPluginAsync =>
  typedRoutes((app) => {
    const tags = ['workspace'];
    app.post(
      '/studio/api/workspace/open',
      {
        schema: {
          tags,
          summary: "Open a folder on this machine: every library and transformation of its meta.json, with the files' tests (a 400 lists every problem)",
          body: OpenWorkspaceBody,
          response: { 200: OpenedWorkspace, ...studioErrors },
        },
      },
      async (request) => service.open(request.body),
    );
    app.get(
      '/studio/api/workspace',
      { schema: { tags, summary: 'The folder open as the workspace (npm run serve -- --workspace DIR): its files, git branch and changed files', response: { 200: WorkspaceFolder, ...studioErrors } } },
      async () => service.folder(),
    );
    app.get(
      '/studio/api/workspace/stream',
      {
        schema: {
          tags,
          summary: 'Server-sent events: one {"revision"} each time the linked folder changed (a file changed on disk, a save written to its file, a folder opened); read the folder and the open artifact again',
          querystring: NoQuery,
          response: { ...studioErrors },
        },
      },
      async (request, reply) => eventStream(request, reply, (send) => service.onChange((revision) => send({ revision }))),
    );
    app.post(
      '/studio/api/workspace/export',
      { schema: { tags, summary: 'The workspace as the files of such a folder (meta.json, code, tests, sidecars)', response: { 200: ExportedWorkspace, ...studioErrors } } },
      async () => service.export(),
    );
  });
