import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { StudioContext } from '../context';
import { CALL_TYPES } from './call-types';
import { requestIp } from './enrich';
import { EVENT_BODY_LIMIT } from './limits';
import type { EventPath } from './parse';

// The event API's fast lane. The Fastify routes of /v1 (events-api.ts) define the API, its
// OpenAPI document, preflight and fallbacks; Fastify's per-request machinery (routing, hooks,
// reply, logging) alone took about half the request budget of a single call, so POSTs to the
// call endpoints are answered here straight from node:http, with the same service, texts and
// CORS headers. Everything else under /v1 (OPTIONS, unknown paths, other methods) goes on to
// Fastify.

const PATHS = new Set<string>([...CALL_TYPES, 'batch'].map((p) => `/v1/${p}`));
const TEXT = 'text/plain; charset=utf-8';
export const TOO_LARGE = 'request size exceeds max limit: the body is larger than 4 MB per batch request and 32 KB per call';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** Headers of the usual answer (200 OK, no Origin); node:http only reads them. */
const OK_HEADERS: Readonly<Record<string, string | number>> = { 'content-type': TEXT, 'content-length': 2 };

function send(req: IncomingMessage, res: ServerResponse, status: number, text: string, close = false): void {
  if (status === 200 && text === 'OK' && !close && !req.headers.origin) {
    res.writeHead(200, OK_HEADERS);
    res.end(text);
    return;
  }
  const headers: Record<string, string | number> = { 'content-type': TEXT, 'content-length': Buffer.byteLength(text) };
  const origin = req.headers.origin;
  if (origin) {
    // As @fastify/cors answers with origin: true, credentials: true.
    headers['access-control-allow-origin'] = origin;
    headers['access-control-allow-credentials'] = 'true';
    headers.vary = 'Origin';
  }
  if (close) headers.connection = 'close';
  res.writeHead(status, headers);
  res.end(text);
}

/** Answers one POST to a call endpoint. */
function handle(ctx: StudioContext, req: IncomingMessage, res: ServerResponse, path: EventPath): void {
  const source = ctx.collect.resolveSource(req.headers.authorization);
  if (typeof source === 'string') {
    req.resume();
    send(req, res, 400, source);
    return;
  }
  const declared = Number(req.headers['content-length']);
  if (declared > EVENT_BODY_LIMIT) {
    // Answer at once and drop the connection after the answer instead of reading the body.
    send(req, res, 400, TOO_LARGE, true);
    res.once('finish', () => req.socket.destroy());
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  req.on('data', (chunk: Buffer) => {
    if (tooLarge) return;
    size += chunk.length;
    if (size > EVENT_BODY_LIMIT) {
      tooLarge = true;
      chunks.length = 0;
      send(req, res, 400, TOO_LARGE, true);
      res.once('finish', () => req.socket.destroy());
      return;
    }
    chunks.push(chunk);
  });
  req.on('error', () => {});
  req.on('end', () => {
    if (tooLarge) return;
    const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
    const ip = requestIp(req.headers['x-forwarded-for'], req.socket.remoteAddress);
    ctx.collect.ingest(source, path, body, ip).then(
      (result) => {
        if (!res.writableEnded) send(req, res, result.ok ? 200 : 400, result.ok ? 'OK' : result.error!);
      },
      (error: unknown) => {
        ctx.log.error({ err: error }, 'event API failure');
        if (!res.writableEnded) send(req, res, 503, 'service unavailable: the event could not be stored, try again');
      },
    );
  });
}

/**
 * Puts the fast lane in front of Fastify's request listener. Returns false (and changes
 * nothing) when the server does not have exactly one request listener to wrap.
 */
export function installFastLane(ctx: StudioContext, server: Server, isClosing: () => boolean): boolean {
  const listeners = server.listeners('request') as Listener[];
  if (listeners.length !== 1) return false;
  const fastify = listeners[0]!;
  server.removeListener('request', fastify);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '';
    if (req.method !== 'POST' || !url.startsWith('/v1/') || isClosing()) return fastify(req, res);
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    if (!PATHS.has(path)) return fastify(req, res);
    handle(ctx, req, res, path.slice(4) as EventPath);
  });
  return true;
}
