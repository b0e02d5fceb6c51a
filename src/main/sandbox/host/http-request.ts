import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';
import type { Socket } from 'node:net';
import { BLOCKED_MESSAGE, BlockedAddressError, checkHostAllowed, guardedLookup, isPublicAddress } from './network-guard';
import { FetchError } from './host-call';

export interface OutgoingRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  allowPrivate: boolean;
  timeoutMs: number;
  maxBodyBytes: number;
  maxRedirects?: number;
}

export interface IncomingResponse {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * One HTTP(S) request on behalf of user code: only http/https, non-public addresses refused
 * unless allowed (checked on every redirect hop and on the resolved addresses), a deadline,
 * a cap on the body size, gzip/deflate/br decoded, redirects followed like node-fetch.
 */
export async function sendRequest(request: OutgoingRequest): Promise<IncomingResponse> {
  const deadline = Date.now() + request.timeoutMs;
  let url = new URL(request.url);
  let method = request.method;
  let body = request.body;
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('invalid protocol, only http and https are supported');
    checkHostAllowed(url, request.allowPrivate);
    const response = await once(url, method, request.headers, body, request.allowPrivate, Math.max(1, deadline - Date.now()));
    const location = response.headers.location;
    if (REDIRECTS.has(response.statusCode ?? 0) && typeof location === 'string') {
      response.resume();
      if (hop >= (request.maxRedirects ?? 20)) throw new FetchError(`maximum redirect reached at: ${url.href}`, 'max-redirect');
      url = new URL(location, url);
      if (response.statusCode === 303 || ((response.statusCode === 301 || response.statusCode === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
      continue;
    }
    const text = await readBody(response, url.href, request.maxBodyBytes, Math.max(1, deadline - Date.now()));
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    return { url: url.href, status: response.statusCode ?? 0, headers, body: text };
  }
}

function once(url: URL, method: string, headers: Record<string, string>, body: string | undefined, allowPrivate: boolean, timeoutMs: number): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(url, {
      // A new connection for every request and redirect hop, closed after it: no socket pooled
      // from another run, another hop or an earlier guard setting is ever reused.
      agent: false,
      method,
      headers: { 'accept-encoding': 'gzip, deflate, br', ...headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) },
      lookup: allowPrivate ? undefined : guardedLookup,
      signal: AbortSignal.timeout(timeoutMs),
    });
    req.on('response', resolve);
    // The address of the socket the request actually uses is checked once it is connected.
    if (!allowPrivate) req.on('socket', (socket: Socket) => guardSocket(socket, url, (error) => req.destroy(error)));
    // node-fetch's words: FetchError(`network timeout at: ${request.url}`, 'request-timeout') and
    // FetchError(`request to ${request.url} failed, reason: ${err.message}`, 'system', err).
    req.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.name === 'AbortError'
          ? new FetchError(`network timeout at: ${url.href}`, 'request-timeout')
          : new FetchError(`request to ${url.href} failed, reason: ${error.message}`, 'system', error instanceof BlockedAddressError ? undefined : error.code, error),
      ),
    );
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/**
 * Refuses a connection whose peer is not a public address: checked as it connects, before any
 * byte of the request leaves (the listener goes first), or at once for a socket already connected.
 */
function guardSocket(socket: Socket, url: URL, refuse: (error: Error) => void): void {
  const check = () => {
    const address = socket.remoteAddress;
    if (address === undefined || !isPublicAddress(address)) refuse(new BlockedAddressError(`${BLOCKED_MESSAGE}: ${url.hostname} (${address ?? 'no address'})`));
  };
  if (!socket.connecting) check();
  else socket.prependOnceListener('connect', check);
}

function readBody(response: IncomingMessage, href: string, maxBytes: number, timeoutMs: number): Promise<string> {
  const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase();
  let stream: Readable = response;
  if (encoding === 'gzip' || encoding === 'x-gzip') stream = response.pipe(createGunzip());
  else if (encoding === 'deflate') stream = response.pipe(createInflate());
  else if (encoding === 'br') stream = response.pipe(createBrotliDecompress());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => fail(new FetchError(`Response timeout while trying to fetch ${href} (over ${timeoutMs}ms)`, 'body-timeout')), timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      response.destroy();
      stream.destroy();
      reject(error);
    };
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return fail(new Error(`response body is larger than ${maxBytes} bytes`));
      chunks.push(chunk);
    });
    stream.on('end', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    stream.on('error', fail);
    response.on('error', fail);
  });
}
