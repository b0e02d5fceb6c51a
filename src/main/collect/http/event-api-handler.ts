import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { CALL_TYPES } from '../call-types';
import type { CollectService } from '../collect-service';
import { requestIp } from '../enrich';
import type { EventPath } from '../parse';
import { corsHeaders, preflightHeaders } from './cors';
import { drain, readEventBody } from './read-body';
import { sourceConfigAnswer } from './source-config';
import type { Source } from '../../store/sources-repo';
import { parseBasicAuth } from '../write-key';

// The event API's one HTTP path, in front of Fastify (http/server.ts installs it with Fastify's
// serverFactory): POST /v1/<call>|batch (write key in Basic auth), POST /beacon/v1/<call>|batch
// (write key in the query, text/plain bodies from navigator.sendBeacon), GET /sourceConfig (the
// SDKs' control plane), and their CORS preflights. Fastify's per-request machinery took about half
// of a single call's budget, so these are answered straight from node:http; the Fastify routes of
// the same paths only describe them in the OpenAPI document.

export const TOO_LARGE = 'request size exceeds max limit: the body is larger than 4 MB per batch request and 32 KB per call';
const UNAVAILABLE = 'service unavailable: the event could not be stored, try again';
const TEXT = 'text/plain; charset=utf-8';
const CALLS = new Set<string>([...CALL_TYPES, 'batch']);

/** Headers of the usual answer (200 OK, no Origin); node:http only reads them. */
const OK_HEADERS: Readonly<Record<string, string | number>> = { 'content-type': TEXT, 'content-length': 2 };

export interface EventApiDeps {
  collect: CollectService;
  sources: { byWriteKey(writeKey: string): Source | undefined };
  log: () => FastifyBaseLogger;
  workspaceId: string;
}

function send(req: IncomingMessage, res: ServerResponse, status: number, text: string, close = false): void {
  if (status === 200 && text === 'OK' && !close && !req.headers.origin) {
    res.writeHead(200, OK_HEADERS);
    res.end(text);
    return;
  }
  const headers: Record<string, string | number> = { 'content-type': TEXT, 'content-length': Buffer.byteLength(text), ...corsHeaders(req) };
  if (close) headers.connection = 'close';
  res.writeHead(status, headers);
  res.end(text);
}

const basicOfWriteKey = (key: string | null) => (key ? `Basic ${Buffer.from(`${key}:`).toString('base64')}` : undefined);

/** Returns the handler: true when it answered the request, false to hand it to Fastify. */
export function createEventApiHandler(deps: EventApiDeps): (req: IncomingMessage, res: ServerResponse) => boolean {
  const ingest = (req: IncomingMessage, res: ServerResponse, path: EventPath, authorization: string | undefined) => {
    const source = deps.collect.resolveSource(authorization);
    if (typeof source === 'string') {
      req.resume();
      return send(req, res, 400, source);
    }
    readEventBody(req, TOO_LARGE, (read) => {
      if (!read.ok) {
        // Answer now and keep reading what is left of the upload (bounded in bytes and time), with
        // the connection kept open: closing it while the client still sends resets the connection
        // before the client has read the 400 (and SDKs retry a reset).
        send(req, res, 400, read.error);
        if (read.tooLarge) drain(req);
        return;
      }
      const ip = requestIp(req.headers['x-forwarded-for'], req.socket.remoteAddress);
      deps.collect.ingest(source, path, read.body, ip, (error, result) => {
        if (result) {
          if (!res.writableEnded) send(req, res, result.ok ? 200 : 400, result.ok ? 'OK' : result.error!);
          return;
        }
        deps.log().error({ err: error }, 'event API failure');
        if (!res.writableEnded) send(req, res, 503, UNAVAILABLE);
      });
    });
  };

  const sourceConfig = (req: IncomingMessage, res: ServerResponse, query: URLSearchParams) => {
    // The SDKs send the write key in the query and in Basic auth; a disabled source is answered
    // (enabled: false), so the SDK says why it does not send.
    const writeKey = query.get('writeKey') || parseBasicAuth(req.headers.authorization)?.user;
    if (!writeKey) return send(req, res, 400, 'failed to read writekey from the query (writeKey=…) or the Authorization header');
    const source = deps.sources.byWriteKey(writeKey);
    if (!source) return send(req, res, 400, 'invalid write key');
    const body = JSON.stringify(sourceConfigAnswer(source, deps.workspaceId));
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store', ...corsHeaders(req) });
    res.end(body);
  };

  return (req, res) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const method = req.method ?? 'GET';
    if (path.startsWith('/v1/')) {
      if (method === 'OPTIONS') return preflight(req, res, 'POST, OPTIONS');
      const call = path.slice(4);
      if (method === 'POST' && CALLS.has(call)) return ingest(req, res, call as EventPath, req.headers.authorization), true;
      req.resume();
      return send(req, res, 404, `404 page not found: ${method} ${path}`), true;
    }
    if (path.startsWith('/beacon/v1/')) {
      if (method === 'OPTIONS') return preflight(req, res, 'POST, OPTIONS');
      const call = path.slice('/beacon/v1/'.length);
      if (method === 'POST' && CALLS.has(call)) {
        const writeKey = new URLSearchParams(q < 0 ? '' : url.slice(q + 1)).get('writeKey');
        return ingest(req, res, call as EventPath, basicOfWriteKey(writeKey) ?? req.headers.authorization), true;
      }
      req.resume();
      return send(req, res, 404, `404 page not found: ${method} ${path}`), true;
    }
    if (path === '/sourceConfig' || path === '/sourceConfig/') {
      if (method === 'OPTIONS') return preflight(req, res, 'GET, OPTIONS');
      if (method === 'GET') return sourceConfig(req, res, new URLSearchParams(q < 0 ? '' : url.slice(q + 1))), true;
    }
    return false;
  };
}

function preflight(req: IncomingMessage, res: ServerResponse, methods: string): true {
  req.resume();
  res.writeHead(204, preflightHeaders(req, methods));
  res.end();
  return true;
}
