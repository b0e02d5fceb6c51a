import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { StudioError } from '../errors';
import type { StudioContext } from '../context';
import type { Source } from '../store/sources-repo';

export interface BasicCredentials {
  user: string;
  password: string;
}

/** Parses `Authorization: Basic base64(user:password)`; undefined when absent or malformed. */
export function parseBasicAuth(header: string | undefined): BasicCredentials | undefined {
  if (!header) return undefined;
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

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

declare module 'fastify' {
  interface FastifyRequest {
    source?: Source;
  }
}

/** Resolves the event API's write key (Basic `writeKey:`); returns an error text or the source. */
export function resolveWriteKey(ctx: StudioContext, header: string | undefined): Source | string {
  if (!header) return 'failed to read writekey from header';
  const creds = parseBasicAuth(header);
  if (!creds || !creds.user) return 'failed to read writekey from header';
  const source = ctx.store.sources.byWriteKey(creds.user);
  if (!source) return 'invalid write key';
  if (!source.enabled) return 'source is disabled';
  return source;
}
