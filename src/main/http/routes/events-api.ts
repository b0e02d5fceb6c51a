import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { CALL_TYPES } from '../../collect/call-types';
import type { EventPath } from '../../collect/parse';

const callSchema = (path: EventPath) => ({
  tags: ['events'],
  summary: path === 'batch' ? 'Send a series of calls in one request' : `Send one ${path} call`,
  description:
    path === 'batch'
      ? 'Body `{"batch": [calls with a type]}`; up to 4 MB per request and 32 KB per call; merge is not allowed in a batch. ' +
        'One bad entry rejects the whole request. Errors are 400 with a short text naming the entry, field or limit.'
      : `Body: the ${path} call (up to 32 KB). The type is taken from the path. Errors are 400 with a short text.`,
  security: [{ writeKey: [] }],
  body:
    path === 'batch'
      ? Type.Object({ batch: Type.Array(Type.Object({ type: Type.String() }, { additionalProperties: true })) }, { additionalProperties: true })
      : Type.Object({ userId: Type.Optional(Type.String()), anonymousId: Type.Optional(Type.String()) }, { additionalProperties: true }),
  response: {
    200: Type.String({ description: 'OK' }),
    400: Type.String({ description: 'what is wrong, e.g. "invalid write key", "batch[2]: track: \\"event\\" is required"' }),
  },
});

const beaconSchema = (path: EventPath) => ({
  ...callSchema(path),
  summary: `${callSchema(path).summary} (navigator.sendBeacon)`,
  description: 'As the /v1 path, with the write key in the query (`?writeKey=…`) and a text/plain JSON body, as the SDKs send from navigator.sendBeacon.',
  security: [],
  querystring: Type.Object({ writeKey: Type.String() }),
});

const sourceConfigSchema = {
  tags: ['events'],
  summary: "The SDKs' source config (control plane) for a write key",
  description:
    'What the JavaScript SDK reads at `configUrl`: the source, enabled, its config and the device-mode destinations to load in the page ' +
    '(none: the local pipeline runs destinations on the server). The write key comes from the query or Basic auth. CORS open.',
  querystring: Type.Object({ writeKey: Type.Optional(Type.String()) }, { additionalProperties: true }),
  response: { 200: Type.Object({ source: Type.Object({ id: Type.String(), enabled: Type.Boolean() }, { additionalProperties: true }) }, { additionalProperties: true }) },
};

const answeredElsewhere = async (_request: FastifyRequest, reply: FastifyReply) =>
  reply.code(503).type('text/plain; charset=utf-8').send('service unavailable: the server is shutting down');

/**
 * Event collection API (seed 001) in the OpenAPI document. Requests to these paths are answered by
 * the event API's node:http handler (collect/http/event-api-handler.ts) before Fastify routes them;
 * these routes describe them (and are reached only while the server shuts down).
 */
export const eventsApiRoutes = (): FastifyPluginAsync => async (app) => {
  for (const path of [...CALL_TYPES, 'batch'] as EventPath[]) {
    app.post(`/v1/${path}`, { schema: callSchema(path), validatorCompiler: () => () => true }, answeredElsewhere);
    app.post(`/beacon/v1/${path}`, { schema: beaconSchema(path), validatorCompiler: () => () => true }, answeredElsewhere);
  }
  app.get('/sourceConfig/', { schema: sourceConfigSchema, validatorCompiler: () => () => true }, answeredElsewhere);
};
