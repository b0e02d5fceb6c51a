import type { FastifyPluginAsync } from 'fastify';
import type { TSchema } from 'typebox';
import { typedRoutes } from './typed-routes';
import { LibraryPins, StudioLibraryVersions, StudioTransformationVersions, VersionsStreamQuery } from '../../../shared/api/versions';
import type { LibrariesService } from '../../management/libraries-service';
import type { TransformationsService } from '../../management/transformations-service';
import { LibraryImpact, LibraryImpactBody, RunLibraryTestsBody } from '../../../shared/api/test-events';
import type { VersionStatus } from '../../management/version-status';
import type { LibraryStatus } from '../../management/library-status';
import { eventStream } from './event-stream';
import { IdParams } from '../../../shared/api/common';
import { studioErrors } from './error-responses';

const tags = ['versions'];

/** Studio API: version history with what the studio records on save (number, message, test status). */
export const studioVersionsRoutes =
  (transformations: TransformationsService, libraries: LibrariesService, statuses: VersionStatus, libraryStatuses: LibraryStatus): FastifyPluginAsync =>
  typedRoutes((app) => {
    const versionsRoute = (path: string, summary: string, Answer: TSchema, list: (id: string) => unknown[]) =>
      app.get(path, { schema: { tags, summary, params: IdParams, response: { 200: Answer, ...studioErrors } } }, async (request) => ({
        versions: list(request.params.id),
      }));
    versionsRoute(
      '/studio/api/transformations/:id/versions',
      "A transformation's versions, newest first, with message and the saved tests' status on save",
      StudioTransformationVersions,
      (id) => transformations.studioVersions(id),
    );
    app.get(
      '/studio/api/transformations/versions/stream',
      {
        schema: {
          tags,
          summary:
            'Server-sent events: one {"transformationId"} (or {"libraryId"}) each time the test status of one of its versions may have changed (an input changed, a re-run started or ended); read the versions again. transformationId or libraryId: only that one',
          querystring: VersionsStreamQuery,
          response: { ...studioErrors },
        },
      },
      async (request, reply) => {
        const { transformationId: onlyT, libraryId: onlyL } = request.query;
        const all = !onlyT && !onlyL;
        eventStream(request, reply, (send) => {
          const stops = [
            statuses.onChange((transformationId) => {
              if (all || onlyT === transformationId) send({ transformationId });
            }),
            libraryStatuses.onChange((libraryId) => {
              if (all || onlyL === libraryId) send({ libraryId });
            }),
          ];
          return () => stops.forEach((stop) => stop());
        });
      },
    );
    app.get(
      '/studio/api/libraries/pins',
      { schema: { tags, summary: 'Where libraries are live: the library versions the live transformation versions are pinned to', response: { 200: LibraryPins, ...studioErrors } } },
      async () => ({ pins: libraries.pins() }),
    );
    app.post(
      '/studio/api/libraries/:id/impact',
      {
        schema: {
          tags,
          summary: 'What this library code does to the transformations that import it: their tests with it, as a save of it would record',
          params: IdParams,
          body: LibraryImpactBody,
          response: { 200: LibraryImpact, ...studioErrors },
        },
      },
      async (request) => libraries.impact(request.params.id, request.body.code),
    );
    app.post(
      '/studio/api/libraries/:id/tests/run',
      {
        schema: {
          tags,
          summary: "Run a library version's tests again (the saved tests of the transformations importing it, with it), as its save ran them; the outcome is recorded on the version",
          params: IdParams,
          body: RunLibraryTestsBody,
          response: { 200: LibraryImpact, ...studioErrors },
        },
      },
      async (request) => libraries.runTests(request.params.id, request.body.versionId),
    );
    versionsRoute('/studio/api/libraries/:id/versions', "A library's versions, newest first, with their messages", StudioLibraryVersions, (id) => libraries.studioVersions(id));
  });
