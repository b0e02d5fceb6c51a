import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { CreateSend, SendJob, SendResultsPage, SendResultsQuery } from '../../../shared/api/replay';
import type { SendService } from '../../replay/send-service';
import { IdParam, studioErrors } from './pipeline-schemas';
import { typedRoutes } from './typed-routes';

const tags = ['replay'];
const base = '/studio/api/replay/sends';

/** Studio API: re-send events to this instance's event API or a remote data plane. */
export const replaySendRoutes =
  (service: SendService): FastifyPluginAsync =>
  typedRoutes((app) => {
    const one = (summary: string) => ({ schema: { tags, summary, params: IdParam, response: { 200: SendJob, ...studioErrors } } });
    app.post(
      base,
      {
        schema: { tags, summary: 'Send events (rate-limited, retried on 429/5xx, 4xx reported) as a background job', body: CreateSend, response: { 200: SendJob, ...studioErrors } },
        bodyLimit: 64 * 1024 * 1024,
      },
      async (request) => service.create(request.body),
    );
    app.get(
      base,
      {
        schema: {
          tags,
          summary: 'Send jobs, newest first',
          querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })) }),
          response: { 200: Type.Object({ sends: Type.Array(SendJob) }), ...studioErrors },
        },
      },
      async (request) => ({ sends: service.list(request.query.limit) }),
    );
    app.get(`${base}/:id`, one('Status and counts of a send'), async (request) => service.get(request.params.id));
    app.get(
      `${base}/:id/results`,
      { schema: { tags, summary: 'Per-event results of a send', params: IdParam, querystring: SendResultsQuery, response: { 200: SendResultsPage, ...studioErrors } } },
      async (request) => service.results(request.params.id, request.query),
    );
    app.post(`${base}/:id/retry`, one('Send the events not yet accepted again (never the accepted ones)'), async (request) => service.retry(request.params.id));
    app.post(`${base}/:id/cancel`, one('Cancel a running send'), async (request) => service.cancel(request.params.id));
    app.delete(
      `${base}/:id`,
      { schema: { tags, summary: 'Delete a send and its results', params: IdParam, response: { 200: Type.Object({ success: Type.Boolean() }), ...studioErrors } } },
      async (request) => {
        service.remove(request.params.id);
        return { success: true };
      },
    );
  });
