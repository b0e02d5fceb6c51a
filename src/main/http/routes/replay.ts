import type { FastifyPluginAsync } from 'fastify';
import { CreateReplayRun, ReplayRun, ResultsPage, ResultsQuery, SaveAsTestsBody } from '../../../shared/api/replay';
import { OrphansPage, OrphansQuery } from '../../../shared/api/replay-orphans';
import { SavedTestEvents } from '../../../shared/api/test-events';
import type { ReplayService } from '../../replay/replay-service';
import { jobRoutes } from './job-routes';
import { typedRoutes } from './typed-routes';
import { IdParams } from '../../../shared/api/common';
import { studioErrors } from './error-responses';

/** Studio API: replay runs and compares of captured or imported events through versions and drafts. */
export const replayRoutes = (service: ReplayService): FastifyPluginAsync =>
  typedRoutes((app) => {
    const base = '/studio/api/replay/runs';
    const tags = ['replay'];
    const { one } = jobRoutes(
      app,
      {
        base,
        tags,
        Job: ReplayRun,
        Create: CreateReplayRun,
        ResultsQuery,
        ResultsPage,
        listKey: 'runs',
        summaries: {
          create: 'Start a replay (or, with compareWith, a compare of two targets) as a background job',
          list: 'Replay runs, newest first',
          get: 'Status, progress and summary of a run',
          results: 'Per-event results, paged and filtered',
          cancel: 'Cancel a queued or running run (its results so far stay)',
          remove: 'Delete (discard) a run and its results',
        },
      },
      service,
    );
    app.post(`${base}/:id/resume`, one('Resume an interrupted or cancelled run where it stopped'), async (request) => service.resume(request.params.id));
    app.get(
      `${base}/:id/orphans`,
      {
        schema: {
          tags,
          summary: "A run's outputs that name no input event (new events of transformBatch), per batch and side, as the pipeline delivers them",
          params: IdParams,
          querystring: OrphansQuery,
          response: { 200: OrphansPage, ...studioErrors },
        },
      },
      async (request) => service.orphans(request.params.id, request.query),
    );
    app.post(
      `${base}/:id/save-as-tests`,
      {
        schema: {
          tags,
          summary: "Save a run's events (the failures by default) as a transformation's saved test events",
          params: IdParams,
          body: SaveAsTestsBody,
          response: { 200: SavedTestEvents, ...studioErrors },
        },
      },
      async (request) => service.saveAsTests(request.params.id, request.body),
    );
  });
