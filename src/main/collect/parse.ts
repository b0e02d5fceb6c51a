import { batchEntrySpans, bytesOver } from './batch-scan';
import { BATCH_TYPES, type CallType } from './call-types';
import { nestedDeeperThan } from './json-depth';
import { MAX_BATCH_BYTES, MAX_BATCH_CALL_BYTES, MAX_CALL_BYTES, MAX_JSON_DEPTH } from './limits';
import { isPlainObject, validateCall, type Json } from './validate';

/** Path of an event API call: one call type, or `batch`. */
export type EventPath = CallType | 'batch';

export interface ParsedBody {
  /** The body as text (stored as the raw request). */
  text: string;
  /** Each call with its raw JSON text as sent (when it could be located). */
  calls: { type: CallType; call: Json; raw?: string }[];
}

const sizeError = (what: string, size: number, limit: number, scope: string) =>
  `${what} size exceeds max limit: ${size} bytes is more than ${limit / 1024 >= 1024 ? `${limit / 1024 / 1024} MB` : `${limit / 1024} KB`} (${limit} bytes) ${scope}`;

const overBytes = (size: number) => (size > MAX_BATCH_CALL_BYTES ? size : undefined);

/** A value as JSON text for an error message, cut to stay short. */
const shortJson = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * Reads an event API body: size limits, JSON, batch shape, per-call rules. Returns the calls
 * or the short lower-case text the data plane answers with (which entry, field or limit).
 * One bad entry rejects the whole request.
 */
export function parseEventBody(path: EventPath, body: Buffer): ParsedBody | string {
  if (path === 'batch' && body.length > MAX_BATCH_BYTES) return sizeError('request', body.length, MAX_BATCH_BYTES, 'per batch request');
  if (path !== 'batch' && body.length > MAX_CALL_BYTES) return sizeError('request', body.length, MAX_CALL_BYTES, 'per call');
  const text = body.toString('utf8');
  if (!text.trim()) return 'invalid json: the body is empty';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return `invalid json: ${lowerFirst((error as Error).message)}`;
  }
  if (nestedDeeperThan(text, MAX_JSON_DEPTH)) return `invalid json: objects and arrays are nested more than ${MAX_JSON_DEPTH} levels deep`;
  if (path !== 'batch') {
    if (!isPlainObject(parsed)) return 'event is not a valid rudder event: the body must be a JSON object';
    const problem = validateCall(path, parsed);
    return problem ? problem : { text, calls: [{ type: path, call: parsed, raw: text.trim() }] };
  }
  if (!isPlainObject(parsed)) return 'invalid batch payload: the body must be a JSON object with a "batch" array';
  const batch = parsed.batch;
  if (batch === undefined || batch === null || (Array.isArray(batch) && batch.length === 0)) return 'empty batch payload';
  if (!Array.isArray(batch)) return 'invalid batch payload: "batch" must be an array';
  // Each call's raw text: the 32 KB limit is on the call as sent (only a body over 32 KB can
  // hold such a call), and enrichment extends the raw text.
  let spans = batchEntrySpans(text);
  if (spans?.length !== batch.length) spans = undefined;
  const measure = body.length > MAX_BATCH_CALL_BYTES;
  const calls: ParsedBody['calls'] = [];
  for (let i = 0; i < batch.length; i++) {
    const entry: unknown = batch[i];
    const where = `batch[${i}]`;
    if (!isPlainObject(entry)) return `${where}: event is not a valid rudder event: each entry must be a JSON object`;
    const type = entry.type;
    if (type === undefined || type === null) return `${where}: "type" is required (one of ${BATCH_TYPES.join(', ')})`;
    if (type === 'merge') return `${where}: merge is not allowed in a batch: send it on its own to /v1/merge`;
    if (typeof type !== 'string' || !BATCH_TYPES.includes(type)) {
      return `${where}: invalid type ${shortJson(type)}: expected one of ${BATCH_TYPES.join(', ')}`;
    }
    const span = spans?.[i];
    if (measure) {
      const size = span ? bytesOver(text, span[0], span[1], MAX_BATCH_CALL_BYTES) : overBytes(Buffer.byteLength(JSON.stringify(entry) ?? ''));
      if (size !== undefined) return `${where}: ${sizeError('event', size, MAX_BATCH_CALL_BYTES, 'per call in a batch')}`;
    }
    const problem = validateCall(type as CallType, entry);
    if (problem) return `${where}: ${problem}`;
    calls.push({ type: type as CallType, call: entry, raw: span ? text.slice(span[0], span[1]) : undefined });
  }
  return { text, calls };
}
