import type { HostileCase } from './hostile-cases';

/** Longer than this, an answer to a hostile request counts as a hang. */
export const LIMIT_MS = 5_000;

/** What came back for one hostile request. */
export interface Outcome {
  status: number;
  text: string;
  type: string;
  ms: number;
}

/**
 * What is wrong with the answer to one hostile request (undefined: nothing): a 4xx with a message
 * saying what to fix (JSON `{error}` naming the field of a wrong type; short text on the event
 * API), or a 2xx where the input is in fact acceptable; never a 5xx, a redirect or a slow answer.
 */
export function judge(r: Outcome, c: HostileCase, events: boolean): string | undefined {
  if (r.ms > LIMIT_MS) return `slow answer (${Math.round(r.ms)} ms)`;
  if (r.status >= 500 || r.status < 200 || (r.status >= 300 && r.status < 400)) return 'status is not 2xx or 4xx';
  if (!events && c.wrongType && r.status !== 400) return `a value of the wrong type for "${c.field}" was not refused with 400`;
  if (r.status < 400) {
    if (process.env.HOSTILE_DEBUG) console.log('accepted', r.status, c.method, c.path.slice(0, 60), c.label);
    return undefined;
  }
  if (events) {
    if (!r.type.startsWith('text/plain')) return `event API error is not text (${r.type})`;
    if (!r.text.trim() || r.text.length > 500) return 'event API error text is empty or not short';
    return undefined;
  }
  let body: unknown;
  try {
    body = JSON.parse(r.text);
  } catch {
    return 'error body is not JSON';
  }
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error !== 'string' || !error.trim()) return 'error body has no {error: message}';
  if (/internal error/i.test(error)) return 'internal error message';
  if (c.wrongType && c.field && !error.includes(c.field) && !/too large|not valid JSON/.test(error)) {
    return `message does not name the field "${c.field}"`;
  }
  return undefined;
}
