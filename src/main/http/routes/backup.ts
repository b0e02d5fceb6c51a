import type { FastifyPluginAsync } from 'fastify';
import { BackupFile, ExportBackupBody, ImportBackupBody, ImportBackupResult } from '../../../shared/api/backup';
import type { BackupService } from '../../backup/backup-service';
import { typedRoutes } from './typed-routes';
import { studioErrors } from './error-responses';

/** Studio API: the whole workspace as one file, out and back in. */
export const backupRoutes = (service: BackupService): FastifyPluginAsync =>
  typedRoutes((app) => {
    const tags = ['backup'];
    app.post(
      '/studio/api/backup/export',
      {
        schema: {
          tags,
          summary: 'Export the workspace (transformations, libraries, versions, sources, destinations, saved tests, settings; secrets sealed with a passphrase when asked)',
          body: ExportBackupBody,
          response: { 200: BackupFile, ...studioErrors },
        },
      },
      async (request, reply) => {
        reply.header('content-disposition', `attachment; filename="studio-backup-${new Date().toISOString().slice(0, 10)}.json"`);
        return service.exportWorkspace(request.body);
      },
    );
    app.post(
      '/studio/api/backup/import',
      {
        schema: { tags, summary: 'Import a workspace backup into an empty workspace (all or nothing)', body: ImportBackupBody, response: { 200: ImportBackupResult, ...studioErrors } },
        bodyLimit: 256 * 1024 * 1024,
      },
      async (request) => service.importWorkspace(request.body.backup, request.body.passphrase),
    );
  });
