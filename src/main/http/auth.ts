import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { StudioError } from '../errors';
import type { StudioContext } from '../context';
import { parseBasicAuth } from '../collect/write-key';

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** onRequest hook of the management and studio APIs: Basic `email:token` (or the session token). */
export function managementAuth(ctx: StudioContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const creds = parseBasicAuth(request.headers.authorization);
    if (!creds) {
      void reply.header('WWW-Authenticate', 'Basic realm="Transformation Studio"');
      throw new StudioError('unauthorized', 'missing or malformed Authorization header: use Basic auth with your e-mail and access token');
    }
    const ok =
      ctx.store.account.verify(creds.user, creds.password) ||
      (creds.user === ctx.account.email && sameSecret(creds.password, ctx.sessionToken));
    if (!ok) throw new StudioError('unauthorized', 'invalid e-mail or access token');
  };
}
