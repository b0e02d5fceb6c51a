import type { Source } from '../../store/sources-repo';
import cors from '@fastify/cors';
import type { FastifyBaseLogger, FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { StudioContext } from '../../context';
import { CALL_TYPES } from '../../collect/call-types';
import { requestIp } from '../../collect/enrich';
import { EVENT_BODY_LIMIT } from '../../collect/limits';
import type { EventPath } from '../../collect/parse';
import { TOO_LARGE, installFastLane } from '../../collect/fast-lane';

declare module 'fastify' {
  interface FastifyRequest {
    /** The event API's source, resolved from the write key before the body is read. */
    source?: Source;
  }
}

const TEXT = 'text/plain; charset=utf-8';

const badRequest = (reply: FastifyReply, message: string) => reply.code(400).type(TEXT).send(message);

/** Fastify's own errors in the event scope, as the data plane's short texts (always 400). */
function eventErrorText(error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) return TOO_LARGE;
  if (error.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') return 'invalid request: the body does not match its Content-Length';
  return `invalid request: ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)}`;
}

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

/**
 * Event collection API (seed 001): POST /v1/<call type> and /v1/batch. The body is read
 * here as raw bytes (size limits, JSON and rules are checked by the collect service) and
 * every error is a 400 text, as the hosted data plane answers. CORS is open (SDKs post
 * cross-origin), only under /v1.
 */
export const eventsApiRoutes =
  (ctx: StudioContext): FastifyPluginAsync =>
  async (app) => {
    // POSTs to the call endpoints take the fast lane (collect/fast-lane.ts) unless it is
    // switched off (STUDIO_EVENT_FAST_LANE=0); these Fastify routes answer the same way.
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    if (process.env.STUDIO_EVENT_FAST_LANE !== '0') installFastLane(ctx, app.server, () => closing);
    await app.register(
      async (v1) => {
        await v1.register(cors, { origin: true, credentials: true, methods: ['POST', 'OPTIONS'], maxAge: 86_400 });
        v1.removeAllContentTypeParsers();
        v1.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: EVENT_BODY_LIMIT }, (_request, body, done) => done(null, body));
        v1.setErrorHandler((error: FastifyError, request, reply) => {
          if (!error.statusCode || error.statusCode >= 500) {
            request.log.error({ err: error }, 'event API failure');
            return reply.code(503).type(TEXT).send('service unavailable: the event could not be stored, try again');
          }
          return badRequest(reply, eventErrorText(error));
        });
        v1.setNotFoundHandler((request, reply) => reply.code(404).type(TEXT).send(`404 page not found: ${request.method} ${request.url.split('?')[0]}`));
        // Auth before the body is read: missing or unknown write keys cost nothing.
        v1.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
          if (request.method === 'OPTIONS') return;
          const source = ctx.collect.resolveSource(request.headers.authorization);
          if (typeof source === 'string') return badRequest(reply, source);
          request.source = source;
        });
        const accept = () => () => true; // the handler validates the raw body itself
        // High-volume routes: one shared warn-level logger instead of a child logger per
        // request (which costs about a third of the throughput); errors are still logged.
        const quiet = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();
        const childLoggerFactory = (logger: FastifyBaseLogger) => {
          let child = quiet.get(logger);
          if (!child) {
            child = logger.child({ scope: 'event-api' }, { level: 'warn' });
            quiet.set(logger, child);
          }
          return child;
        };
        for (const path of [...CALL_TYPES, 'batch'] as EventPath[]) {
          v1.post(`/${path}`, { schema: callSchema(path), validatorCompiler: accept, childLoggerFactory }, async (request, reply) => {
            const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
            const ip = requestIp(request.headers['x-forwarded-for'], request.socket.remoteAddress);
            const result = await ctx.collect.ingest(request.source!, path, body, ip);
            if (!result.ok) return badRequest(reply, result.error!);
            return reply.type(TEXT).send('OK');
          });
        }
      },
      { prefix: '/v1' },
    );
  };
