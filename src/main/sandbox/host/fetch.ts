import { sendRequest } from './http-request';
import { BlockedAddressError } from './network-guard';
import { errorMessage, fail, type HostAnswer, type HostCallEnv } from './host-call';

// fetch(url, options) resolves to the parsed JSON body or 'ERROR' (never rejects);
// fetchV2(url, options) resolves to {url, status, headers, body} and rejects on network failure.

/** Isolate-side source; runs inside the bootstrap closure (`G`, `hostCall`, `P` in scope). */
export const fetchSource = /* js */ `
  const fetchArgs = (url, options) => [String(url), options === undefined ? null : options];
  G.fetch = function fetch(url, options) {
    let args;
    try { args = fetchArgs(url, options); } catch (_) { return P.resolve('ERROR'); }
    return hostCall('fetch', args).then((value) => value, () => 'ERROR');
  };
  G.fetchV2 = function fetchV2(url, options) {
    let args;
    try { args = fetchArgs(url, options); } catch (error) { return P.reject(error); }
    return hostCall('fetchV2', args);
  };
`;

export const FETCH_LIMITS = { maxUrlLength: 16 * 1024, maxBodyBytes: 5 * 1024 * 1024, maxRequestBytes: 5 * 1024 * 1024 };

interface FetchRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** Checks the copied arguments; answers a request or the reason they are unusable. */
export function parseFetchArgs(args: unknown[]): FetchRequest | string {
  const [url, options] = args;
  if (typeof url !== 'string' || url.trim() === '') return 'fetch url is required';
  if (url.length > FETCH_LIMITS.maxUrlLength) return `fetch url is longer than ${FETCH_LIMITS.maxUrlLength} characters`;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return `Only absolute URLs are supported: ${url}`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'invalid protocol, only http and https are supported';
  if (options !== null && (typeof options !== 'object' || Array.isArray(options))) return 'fetch options must be an object';
  const opts = (options ?? {}) as Record<string, unknown>;
  const method = opts.method === undefined || opts.method === null ? 'GET' : String(opts.method).toUpperCase();
  if (!/^[A-Z!#$%&'*+.^_`|~0-9-]{1,32}$/.test(method)) return `invalid method: ${method}`;
  const headers: Record<string, string> = {};
  const rawHeaders = opts.headers;
  const pairs: unknown[] = Array.isArray(rawHeaders)
    ? rawHeaders
    : rawHeaders && typeof rawHeaders === 'object'
      ? Object.entries(rawHeaders as Record<string, unknown>)
      : [];
  for (const pair of pairs) {
    if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== 'string') return 'fetch headers must map names to values';
    const value = pair[1];
    if (value === undefined || value === null) continue;
    headers[pair[0].toLowerCase()] = typeof value === 'string' ? value : String(value);
  }
  let body: string | undefined;
  if (opts.body !== undefined && opts.body !== null) {
    body = typeof opts.body === 'string' ? opts.body : typeof opts.body === 'object' ? '[object Object]' : String(opts.body);
    if (method === 'GET' || method === 'HEAD') return 'Request with GET/HEAD method cannot have body';
    if (Buffer.byteLength(body) > FETCH_LIMITS.maxRequestBytes) return `fetch body is larger than ${FETCH_LIMITS.maxRequestBytes} bytes`;
  }
  return { url: parsed.href, method, headers, body };
}

async function send(args: unknown[], env: HostCallEnv) {
  const request = parseFetchArgs(args);
  if (typeof request === 'string') throw new Error(request);
  const started = performance.now();
  const took = () => Math.round((performance.now() - started) * 100) / 100;
  try {
    const response = await sendRequest({ ...request, allowPrivate: env.allowPrivateNetwork, timeoutMs: env.timeoutMs, maxBodyBytes: FETCH_LIMITS.maxBodyBytes });
    env.network?.push({ url: request.url, method: request.method, status: response.status, durationMs: took() });
    return response;
  } catch (error) {
    const blocked = error instanceof BlockedAddressError || (error as { code?: string }).code === 'EBLOCKED';
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
    return fail(errorMessage(error));
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
    return { ok: true, value: { url: response.url, status: response.status, headers: response.headers, body } };
  } catch (error) {
    return fail(errorMessage(error));
  }
}
