import { messages, sandboxError } from './errors';
import { droppedLogsLine } from './host/log';
import { eventCount, type EventMetadata, type StoredEvents, type TransformResult } from './types';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Metadata of an input event: fields derived from the event, overridden by the given ones. */
export function deriveMetadata(event: Record<string, unknown>, given?: EventMetadata): EventMetadata {
  const m: EventMetadata = {};
  if (typeof event.messageId === 'string') m.messageId = event.messageId;
  if (typeof event.type === 'string') m.eventType = event.type;
  if (typeof event.event === 'string') m.eventName = event.event;
  if (typeof event.rudderId === 'string') m.rudderId = event.rudderId;
  if (typeof event.receivedAt === 'string') m.receivedAt = event.receivedAt;
  return given ? { ...m, ...given } : m;
}

/**
 * Reads the isolate's answer (one JSON string) and shapes it as TransformResults. The answer is
 * checked, not trusted: user code can tamper with its own realm's JSON and Array.
 */
export function readRunAnswer(
  json: string,
  events: Record<string, unknown>[] | StoredEvents,
  metadata: EventMetadata[] | undefined,
  maxOutputBytes: number,
): { results: TransformResult[]; logs: string[]; logEvents: number[] } {
  let answer: unknown;
  try {
    answer = JSON.parse(json);
  } catch {
    throw sandboxError('The transformation produced a result that cannot be read (was JSON replaced?)');
  }
  if (!isPlainObject(answer)) throw sandboxError('The transformation produced a result that cannot be read');
  if (typeof answer.f === 'string') {
    throw sandboxError(answer.f === 'output-too-large' ? messages.outputTooLarge(maxOutputBytes) : answer.f);
  }
  const entries = answer.r;
  if (!Array.isArray(entries)) throw sandboxError('The transformation produced a result that cannot be read');
  const count = eventCount(events);
  const cache = new Map<number, EventMetadata>();
  const metadataOf = (index: unknown): EventMetadata => {
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= count) return {};
    let m = cache.get(index);
    if (!m) {
      // Stored events are not parsed here: their metadata comes complete with the run.
      m = deriveMetadata(Array.isArray(events) ? events[index]! : {}, metadata?.[index]);
      cache.set(index, m);
    }
    return m;
  };
  const results: TransformResult[] = entries.map((entry: unknown) => {
    if (!Array.isArray(entry)) return { error: 'invalid result entry', metadata: {}, statusCode: 400 };
    const index: unknown = entry[0];
    const kind: unknown = entry[1];
    const value: unknown = entry[2];
    if (kind === 0 && isPlainObject(value)) return { output: value, metadata: metadataOf(index), statusCode: 200 };
    if (kind === 0) return { error: 'returned event from transformEvent(event) is not an object', metadata: metadataOf(index), statusCode: 400 };
    return { error: typeof value === 'string' ? value : String(value), metadata: metadataOf(index), statusCode: 400 };
  });
  const logs: string[] = [];
  const logEvents: number[] = [];
  const lines: unknown[] = Array.isArray(answer.l) ? answer.l : [];
  const owners: unknown[] = Array.isArray(answer.li) ? answer.li : [];
  lines.forEach((line, k) => {
    if (typeof line !== 'string') return;
    const owner = owners[k];
    logs.push(line);
    logEvents.push(typeof owner === 'number' && Number.isInteger(owner) && owner >= 0 && owner < count ? owner : -1);
  });
  if (typeof answer.d === 'number' && answer.d > 0) {
    logs.push(droppedLogsLine(answer.d));
    logEvents.push(-1);
  }
  return { results, logs, logEvents };
}
