import type { FastifyPluginAsync } from 'fastify';
import { CreateSend, SendJob, SendResultsPage, SendResultsQuery } from '../../../shared/api/replay';
import type { SendService } from '../../replay/send-service';
import { jobRoutes } from './job-routes';
import { typedRoutes } from './typed-routes';

/** Studio API: re-send events to this instance's event API or a remote data plane. */
export const replaySendRoutes = (service: SendService): FastifyPluginAsync =>
  typedRoutes((app) => {
    const base = '/studio/api/replay/sends';
    const { one } = jobRoutes(
      app,
      {
        base,
        tags: ['replay'],
        Job: SendJob,
        Create: CreateSend,
        ResultsQuery: SendResultsQuery,
        ResultsPage: SendResultsPage,
        listKey: 'sends',
        summaries: {
          create: 'Send events (rate-limited, retried on 429/5xx, 4xx reported) as a background job',
          list: 'Send jobs, newest first',
          get: 'Status and counts of a send',
          results: 'Per-event results of a send',
          cancel: 'Cancel a running send',
          remove: 'Delete a send and its results',
        },
      },
      service,
    );
    app.post(`${base}/:id/retry`, one('Send the events not yet accepted again (never the accepted ones)'), async (request) => service.retry(request.params.id));
  });
