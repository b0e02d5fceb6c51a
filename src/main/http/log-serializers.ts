import { redactUrlCredentials } from '../../shared/url-secret';
import type { FastifyRequest } from 'fastify';

/** A URL as the log shows it: path only (query strings can carry write keys and tokens). */
export const pathOnly = (url: string | undefined) => (url ?? '').split('?')[0]!;

/** Request lines in the studio log: method, path without its query, client address; never headers. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return { method: request.method, url: pathOnly(request.url), remoteAddress: request.ip };
  },
  /** An error logged (an unhandled one): its type, message and stack, never a URL's password. */
  err(error: Error) {
    return { type: String(error?.name), message: redactUrlCredentials(String(error?.message)), stack: redactUrlCredentials(String(error?.stack ?? '')) };
  },
};
