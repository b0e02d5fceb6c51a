// Helpers for the event API's integration tests (real server, real HTTP).
import type { TestStudio } from './harness';

export interface TextAnswer {
  status: number;
  text: string;
  headers: Headers;
}

/** POSTs to the event API with the test write key (or the given headers). */
export async function send(t: TestStudio, path: string, body: unknown, headers: Record<string, string> = {}): Promise<TextAnswer> {
  const response = await fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { authorization: t.writeKeyAuth, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** GET /studio/api/events with a query string; returns the parsed page. */
export async function listEvents(t: TestStudio, query = ''): Promise<{ events: any[]; next: string | null }> {
  const answer = await t.call('GET', `/studio/api/events${query ? `?${query}` : ''}`);
  if (answer.status !== 200) throw new Error(`GET /studio/api/events?${query}: ${answer.status} ${answer.text}`);
  return answer.body;
}

/** Every captured event (follows the cursor). */
export async function allEvents(t: TestStudio, query = ''): Promise<any[]> {
  const out: any[] = [];
  let cursor: string | null = null;
  do {
    const page = await listEvents(t, [query, 'limit=500', cursor ? `cursor=${cursor}` : ''].filter(Boolean).join('&'));
    out.push(...page.events);
    cursor = page.next;
  } while (cursor);
  return out;
}

/** JSON text of `base` padded (in `properties.pad` unless `field` says otherwise) to exactly `bytes` bytes. */
export function jsonOfSize(base: Record<string, unknown>, bytes: number, field = 'pad'): string {
  const withPad = (pad: string) => JSON.stringify({ ...base, [field]: pad });
  const empty = Buffer.byteLength(withPad(''));
  if (empty > bytes) throw new Error(`base is already ${empty} bytes`);
  const text = withPad('x'.repeat(bytes - empty));
  if (Buffer.byteLength(text) !== bytes) throw new Error('padding went wrong');
  return text;
}

/** A batch body of exactly `bytes` bytes: `count` copies of `entry`, padded to (nearly) equal sizes. */
export function batchOfSize(entry: Record<string, unknown>, count: number, bytes: number): string {
  const overhead = Buffer.byteLength('{"batch":[]}') + (count - 1);
  const each = Math.floor((bytes - overhead) / count);
  const extra = bytes - overhead - each * count;
  const entries = Array.from({ length: count }, (_, i) => jsonOfSize(entry, each + (i < extra ? 1 : 0)));
  return `{"batch":[${entries.join(',')}]}`;
}

export const basic = (user: string, password = '') => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** Polls `check` until it returns a value (not undefined) or the time is up. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The answer body of a call that must answer 200 (throws with the status and text otherwise). */
export async function callOk(target: TestStudio, method: string, path: string, body?: unknown): Promise<any> {
  const answer = await target.call(method, path, body);
  if (answer.status !== 200) throw new Error(`${method} ${path} → ${answer.status}: ${answer.text}`);
  return answer.body;
}

/** Sends one track call with a known messageId; answers the event API's text ("OK"). */
export const trackOnce = async (target: TestStudio, messageId: string, event = 'fine') =>
  (await send(target, '/v1/track', { type: 'track', userId: 'u', event, messageId, properties: {} })).text;

/** The deliveries of one destination (up to 500), once there are at least `count` (20 s at most). */
export async function deliveriesOf(target: TestStudio, destinationId: string, count: number): Promise<any[]> {
  return eventually(
    async () => {
      const { body } = await target.call('GET', `/studio/api/deliveries?destinationId=${destinationId}&limit=500`);
      return body.deliveries.length >= count ? body.deliveries : undefined;
    },
    20_000,
    `${count} results of ${destinationId}`,
  );
}
