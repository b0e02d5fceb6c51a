import type { IncomingMessage } from 'node:http';

/** CORS of the event API: any origin, with credentials (the SDKs post and ask for config cross-origin). */
export function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  if (!origin) return {};
  return { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', vary: 'Origin' };
}

/** Headers of a preflight answer (204): the requested headers (Authorization included) allowed. */
export function preflightHeaders(req: IncomingMessage, methods: string): Record<string, string> {
  const requested = req.headers['access-control-request-headers'];
  return {
    ...corsHeaders(req),
    'access-control-allow-methods': methods,
    'access-control-allow-headers': typeof requested === 'string' && requested ? requested : 'Authorization, Content-Type, AnonymousId',
    'access-control-max-age': '86400',
    'content-length': '0',
  };
}
