import type { FastifyPluginAsync } from 'fastify';
import type { TSchema } from 'typebox';
import { typedRoutes } from './typed-routes';
import { StudioLibraryVersions, StudioTransformationVersions } from '../../../shared/api/versions';
import type { LibrariesService } from '../../management/libraries-service';
import type { TransformationsService } from '../../management/transformations-service';
import { IdParam, studioErrors } from './pipeline-schemas';

const tags = ['versions'];

/** Studio API: version history with what the studio records on save (number, message, test status). */
export const studioVersionsRoutes =
  (transformations: TransformationsService, libraries: LibrariesService): FastifyPluginAsync =>
  typedRoutes((app) => {
    const versionsRoute = (path: string, summary: string, Answer: TSchema, list: (id: string) => unknown[]) =>
      app.get(path, { schema: { tags, summary, params: IdParam, response: { 200: Answer, ...studioErrors } } }, async (request) => ({
        versions: list(request.params.id),
      }));
    versionsRoute(
      '/studio/api/transformations/:id/versions',
      "A transformation's versions, newest first, with message and the saved tests' status on save",
      StudioTransformationVersions,
      (id) => transformations.studioVersions(id),
    );
    versionsRoute('/studio/api/libraries/:id/versions', "A library's versions, newest first, with their messages", StudioLibraryVersions, (id) => libraries.studioVersions(id));
  });
