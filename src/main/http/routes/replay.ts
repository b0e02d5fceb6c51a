import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { CreateReplayRun, ReplayRun, ResultsPage, ResultsQuery, SaveAsTestsBody } from '../../../shared/api/replay';
import { SavedTestEvents } from '../../../shared/api/test-events';
import type { ReplayService } from '../../replay/replay-service';
import { IdParam, studioErrors } from './pipeline-schemas';
import { typedRoutes } from './typed-routes';

const tags = ['replay'];
const base = '/studio/api/replay/runs';

/** Studio API: replay runs and compares of captured or imported events through versions and drafts. */
export const replayRoutes =
  (service: ReplayService): FastifyPluginAsync =>
  typedRoutes((app) => {
    const one = (summary: string) => ({ schema: { tags, summary, params: IdParam, response: { 200: ReplayRun, ...studioErrors } } });
    app.post(
      base,
      {
        schema: {
          tags,
          summary: 'Start a replay (or, with compareWith, a compare of two targets) as a background job',
          body: CreateReplayRun,
          response: { 200: ReplayRun, ...studioErrors },
        },
        bodyLimit: 64 * 1024 * 1024,
      },
      async (request) => service.create(request.body),
    );
    app.get(
      base,
      {
        schema: {
          tags,
          summary: 'Replay runs, newest first',
          querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })) }),
          response: { 200: Type.Object({ runs: Type.Array(ReplayRun) }), ...studioErrors },
        },
      },
      async (request) => ({ runs: service.list(request.query.limit) }),
    );
    app.get(`${base}/:id`, one('Status, progress and summary of a run'), async (request) => service.get(request.params.id));
    app.get(
      `${base}/:id/results`,
      { schema: { tags, summary: 'Per-event results, paged and filtered', params: IdParam, querystring: ResultsQuery, response: { 200: ResultsPage, ...studioErrors } } },
      async (request) => service.results(request.params.id, request.query),
    );
    app.post(`${base}/:id/cancel`, one('Cancel a queued or running run (its results so far stay)'), async (request) => service.cancel(request.params.id));
    app.post(`${base}/:id/resume`, one('Resume an interrupted or cancelled run where it stopped'), async (request) => service.resume(request.params.id));
    app.delete(
      `${base}/:id`,
      { schema: { tags, summary: 'Delete (discard) a run and its results', params: IdParam, response: { 200: Type.Object({ success: Type.Boolean() }), ...studioErrors } } },
      async (request) => {
        service.remove(request.params.id);
        return { success: true };
      },
    );
    app.post(
      `${base}/:id/save-as-tests`,
      {
        schema: {
          tags,
          summary: "Save a run's events (the failures by default) as a transformation's saved test events",
          params: IdParam,
          body: SaveAsTestsBody,
          response: { 200: SavedTestEvents, ...studioErrors },
        },
      },
      async (request) => service.saveAsTests(request.params.id, request.body),
    );
  });
