import type { FastifyReply, FastifyRequest } from 'fastify';
import { StudioError } from '../errors';
import type { AccountAuth } from '../security/account-auth';
import { parseBasicAuth } from '../collect/write-key';

/** onRequest hook of the management and studio APIs: Basic `email:token` (or the session token). */
export function managementAuth(auth: AccountAuth) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const creds = parseBasicAuth(request.headers.authorization);
    if (!creds) {
      void reply.header('WWW-Authenticate', 'Basic realm="Transformation Studio"');
      throw new StudioError('unauthorized', 'missing or malformed Authorization header: use Basic auth with your e-mail and access token');
    }
    if (!(await auth.verify(creds.user, creds.password))) throw new StudioError('unauthorized', 'invalid e-mail or access token');
  };
}
