import type { FastifyInstance } from 'fastify';
import { StudioError } from '../errors';

// State-changing requests of the management and studio APIs carry JSON or nothing. A browser sends
// a cross-site form or `fetch` without a preflight only as a "simple request" (text/plain,
// form-urlencoded or multipart, or no body), so refusing every other Content-Type — and any
// request a browser marks as coming from another site — keeps a web page from acting with
// credentials the browser remembers (Basic auth). A browser also names the page's origin on every
// cross-origin POST (Origin, whatever its Content-Type, with or without a body) and on same-origin
// ones other than GET/HEAD: an Origin that is not this server's own (the Host it was reached by,
// which the Host check has allowed) is refused, so a page elsewhere cannot send a body-less POST
// that needs no Content-Type. Clients that are not browsers send no Origin. The event API (/v1/, /beacon/) is exempt: the
// SDKs send text/plain from navigator.sendBeacon.

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const EVENT_PATHS = /^\/(v1|beacon)\//;
const JSON_TYPE = /^application\/json\s*(;|$)/i;

export function registerJsonOnly(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!CHANGES.has(request.method) || EVENT_PATHS.test(request.url)) return;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') {
      throw new StudioError('forbidden', `a ${request.method} request from another site is refused: use the studio's own page or a client that is not a browser`);
    }
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== `http://${request.headers.host ?? ''}` && origin !== `https://${request.headers.host ?? ''}`) {
      throw new StudioError('forbidden', `a ${request.method} request from the page ${JSON.stringify(origin)} is refused: only the studio's own page (or a client that is not a browser) may change things`);
    }
    const type = request.headers['content-type'];
    const hasBody = request.headers['transfer-encoding'] !== undefined || (request.headers['content-length'] ?? '0') !== '0';
    if (type === undefined ? hasBody : !JSON_TYPE.test(type)) {
      throw new StudioError('bad_request', `unsupported Content-Type${type ? ` "${type}"` : ''}: send the body as application/json`);
    }
  });
}
