import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import type { Store } from '../../store';
import { DeliveriesQuery, listDeliveries } from '../../pipeline/deliveries-query';
import { Delivery, NullableText, studioErrors } from './pipeline-schemas';
import { typedRoutes } from './typed-routes';

/** Studio API: per-event delivery results, newest first. */
export const deliveriesRoutes =
  (deliveries: Store['deliveries']): FastifyPluginAsync =>
  typedRoutes((app) => {
    app.get(
      '/studio/api/deliveries',
      {
        schema: {
          tags: ['destinations'],
          summary: 'List delivery results (output, error, logs, status, attempts) with filters',
          querystring: DeliveriesQuery,
          response: { 200: Type.Object({ deliveries: Type.Array(Delivery), next: NullableText }), ...studioErrors },
        },
      },
      async (request) => listDeliveries(deliveries, request.query),
    );
  });
