import type { FastifyPluginAsync } from 'fastify';
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
    app.get(
      '/studio/api/transformations/:id/versions',
      {
        schema: {
          tags,
          summary: "A transformation's versions, newest first, with message and the saved tests' status on save",
          params: IdParam,
          response: { 200: StudioTransformationVersions, ...studioErrors },
        },
      },
      async (request) => ({ versions: transformations.studioVersions(request.params.id) }),
    );
    app.get(
      '/studio/api/libraries/:id/versions',
      {
        schema: {
          tags,
          summary: "A library's versions, newest first, with their messages",
          params: IdParam,
          response: { 200: StudioLibraryVersions, ...studioErrors },
        },
      },
      async (request) => ({ versions: libraries.studioVersions(request.params.id) }),
    );
  });
