import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { DeliveriesQuery, type DeliveriesService } from '../../pipeline/deliveries-query';
import { Delivery, NullableText, studioErrors } from './pipeline-schemas';
import { typedRoutes } from './typed-routes';

const KEEPALIVE_MS = 15_000;

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
          response: { 200: Type.Object({ deliveries: Type.Array(Delivery), next: NullableText }), ...studioErrors },
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
          querystring: Type.Object({ destinationId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) }, { additionalProperties: false }),
          response: { ...studioErrors },
        },
      },
      async (request, reply) => {
        const only = request.query.destinationId;
        reply.hijack();
        reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
        reply.raw.write(': listening\n\n');
        const stop = deliveries.onRecorded((destinationId) => {
          if (!only || only === destinationId) reply.raw.write(`data: ${JSON.stringify({ destinationId })}\n\n`);
        });
        const keepalive = setInterval(() => reply.raw.write(': keepalive\n\n'), KEEPALIVE_MS);
        keepalive.unref?.();
        request.raw.on('close', () => {
          clearInterval(keepalive);
          stop();
        });
      },
    );
  });
