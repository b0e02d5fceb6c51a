import type { FastifyPluginAsync } from 'fastify';
import { DeliveriesPage, DeliveriesQuery, DeliveriesStreamQuery } from '../../../shared/api/pipeline';
import type { DeliveriesService } from '../../pipeline/deliveries-query';
import { typedRoutes } from './typed-routes';
import { eventStream } from './event-stream';
import { studioErrors } from './error-responses';

/** Studio API: per-event delivery results, newest first, and a push when new ones are recorded. */
export const deliveriesRoutes =
  (deliveries: DeliveriesService): FastifyPluginAsync =>
  typedRoutes((app) => {
    app.get(
      '/studio/api/deliveries',
      {
        schema: {
          tags: ['destinations'],
          summary: 'List delivery results (output, error, logs, status, attempts) with filters',
          querystring: DeliveriesQuery,
          response: { 200: DeliveriesPage, ...studioErrors },
        },
      },
      async (request) => deliveries.list(request.query),
    );
    app.get(
      '/studio/api/deliveries/stream',
      {
        schema: {
          tags: ['destinations'],
          summary: 'Server-sent events: one {"destinationId"} each time delivery results of that destination (or any, without destinationId) are recorded',
          querystring: DeliveriesStreamQuery,
          response: { ...studioErrors },
        },
      },
      async (request, reply) => {
        const only = request.query.destinationId;
        eventStream(request, reply, (send) =>
          deliveries.onRecorded((destinationId) => {
            if (!only || only === destinationId) send({ destinationId });
          }),
        );
      },
    );
  });
