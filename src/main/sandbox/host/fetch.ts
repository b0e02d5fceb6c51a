import { findMock, mockResponse } from './fetch-mocks';
import { sendRequest } from './http-request';
import { BlockedAddressError } from './network-guard';
import { errorMessage, failWith, type HostAnswer, type HostCallEnv } from './host-call';

// fetch(url, options) resolves to the parsed JSON body or 'ERROR' (never rejects);
// fetchV2(url, options) resolves to {url, status, headers, body} and rejects on network failure.

// The isolate half (isolate/runtime/globals.js) checks the URL argument first, as the hosted host
// half does (fetchWithDnsWrapper: `if (args.length === 0) throw …; args[0].trim()`).

export const FETCH_LIMITS = { maxUrlLength: 16 * 1024, maxBodyBytes: 5 * 1024 * 1024, maxRequestBytes: 5 * 1024 * 1024 };

interface FetchRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * Checks the copied arguments; answers a request or the error they give. Hosted order and words:
 *   new URL(url) fails          -> throw new Error(`invalid url, ${error.message}`)
 *   !url.startsWith('http')     -> throw new Error(`invalid protocol, only http and https are supported`)
 *   other scheme (node-fetch)   -> TypeError('Only HTTP(S) protocols are supported')
 */
export function parseFetchArgs(args: unknown[]): FetchRequest | Error {
  const [rawUrl, options] = args;
  if (typeof rawUrl !== 'string') return new Error('fetch url is required');
  const url = rawUrl.trim();
  if (url.length > FETCH_LIMITS.maxUrlLength) return new Error(`fetch url is longer than ${FETCH_LIMITS.maxUrlLength} characters`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (error) {
    return new Error(`invalid url, ${(error as Error).message}`);
  }
  if (!url.startsWith('http')) return new Error('invalid protocol, only http and https are supported');
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return new TypeError('Only HTTP(S) protocols are supported');
  if (options !== null && (typeof options !== 'object' || Array.isArray(options))) return new TypeError('fetch options must be an object');
  const opts = (options ?? {}) as Record<string, unknown>;
  const method = opts.method === undefined || opts.method === null ? 'GET' : String(opts.method).toUpperCase();
  if (!/^[A-Z!#$%&'*+.^_`|~0-9-]{1,32}$/.test(method)) return new TypeError(`invalid method: ${method}`);
  const headers: Record<string, string> = {};
  const rawHeaders = opts.headers;
  const pairs: unknown[] = Array.isArray(rawHeaders)
    ? rawHeaders
    : rawHeaders && typeof rawHeaders === 'object'
      ? Object.entries(rawHeaders as Record<string, unknown>)
      : [];
  for (const pair of pairs) {
    if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== 'string') return new TypeError('fetch headers must map names to values');
    const value = pair[1];
    if (value === undefined || value === null) continue;
    headers[pair[0].toLowerCase()] = typeof value === 'string' ? value : String(value);
  }
  let body: string | undefined;
  if (opts.body !== undefined && opts.body !== null) {
    body = typeof opts.body === 'string' ? opts.body : typeof opts.body === 'object' ? '[object Object]' : String(opts.body);
    if (method === 'GET' || method === 'HEAD') return new TypeError('Request with GET/HEAD method cannot have body');
    if (Buffer.byteLength(body) > FETCH_LIMITS.maxRequestBytes) return new Error(`fetch body is larger than ${FETCH_LIMITS.maxRequestBytes} bytes`);
  }
  return { url: parsed.href, method, headers, body };
}

async function send(args: unknown[], env: HostCallEnv) {
  const request = parseFetchArgs(args);
  if (request instanceof Error) throw request;
  const started = performance.now();
  const took = () => Math.round((performance.now() - started) * 100) / 100;
  const mock = findMock(env.fetchMocks, request.method, request.url);
  if (mock) {
    const response = await mockResponse(mock, request.url);
    env.network?.push({ url: request.url, method: request.method, status: response.status, durationMs: took(), mocked: true });
    return response;
  }
  try {
    const response = await sendRequest({ ...request, allowPrivate: env.allowPrivateNetwork, timeoutMs: env.timeoutMs, maxBodyBytes: FETCH_LIMITS.maxBodyBytes });
    env.network?.push({ url: request.url, method: request.method, status: response.status, durationMs: took() });
    return response;
  } catch (error) {
    const blocked = error instanceof BlockedAddressError || (error as { cause?: unknown }).cause instanceof BlockedAddressError;
    env.network?.push({ url: request.url, method: request.method, durationMs: took(), error: errorMessage(error), ...(blocked ? { blocked } : {}) });
    throw error;
  }
}

/** fetch: the parsed JSON body, or a failure (the isolate turns it into 'ERROR'). */
export async function handleFetch(args: unknown[], env: HostCallEnv): Promise<HostAnswer> {
  try {
    const response = await send(args, env);
    return { ok: true, value: JSON.parse(response.body) as unknown };
  } catch (error) {
    return failWith(error);
  }
}

/** fetchV2: {url, status, headers, body} with the body parsed as JSON when possible. */
export async function handleFetchV2(args: unknown[], env: HostCallEnv): Promise<HostAnswer> {
  try {
    const response = await send(args, env);
    let body: unknown = response.body;
    try {
      body = JSON.parse(response.body);
    } catch {
      // not JSON: keep the text
    }
    return { ok: true, value: { url: response.url, status: response.status, headers: sortedHeaders(response.headers), body } };
  } catch (error) {
    return failWith(error);
  }
}

/** node-fetch's Headers iterate in sorted name order (lower case, repeated values joined with ", "). */
function sortedHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.keys(headers).sort().map((name) => [name, headers[name]!]));
}
