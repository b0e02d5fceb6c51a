import type { FastifyRequest } from 'fastify';
import { StudioError } from '../errors';
import type { AccountAuth } from '../security/account-auth';
import { parseBasicAuth } from '../collect/write-key';

/** onRequest hook of the management and studio APIs: Basic `email:token` (or the session token). */
export function managementAuth(auth: AccountAuth) {
  // No `WWW-Authenticate: Basic` on the 401: it would make a browser ask for (and then send on its
  // own, to any page's requests) credentials it remembers; the studio's page signs in itself.
  return async (request: FastifyRequest) => {
    const creds = parseBasicAuth(request.headers.authorization);
    if (!creds) {
      throw new StudioError('unauthorized', 'missing or malformed Authorization header: use Basic auth with your e-mail and access token');
    }
    if (!(await auth.verify(creds.user, creds.password))) throw new StudioError('unauthorized', 'invalid e-mail or access token');
  };
}
