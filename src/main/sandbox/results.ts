import { messages, sandboxError } from './errors';
import { droppedLogsLine } from './host/log';
import type { EventMetadata, TransformResult } from './types';

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
 * Reads the isolate's answer, one JSON string or several parts of a long one, and shapes it as
 * TransformResults. The answer is checked, not trusted: user code can tamper with its own realm's
 * JSON and Array.
 */
export class AnswerReader {
  readonly results: TransformResult[] = [];
  readonly logs: string[] = [];
  private readonly cache = new Map<number, EventMetadata>();

  constructor(
    private readonly events: Record<string, unknown>[],
    private readonly metadata: EventMetadata[] | undefined,
    private readonly maxOutputBytes: number,
  ) {}

  private metadataOf(index: unknown): EventMetadata {
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= this.events.length) return {};
    let m = this.cache.get(index);
    if (!m) {
      m = deriveMetadata(this.events[index]!, this.metadata?.[index]);
      this.cache.set(index, m);
    }
    return m;
  }

  /** Reads one answer (or one part of it: the parts before the last carry no logs). */
  read(json: string): void {
    let answer: unknown;
    try {
      answer = JSON.parse(json);
    } catch {
      throw sandboxError('The transformation produced a result that cannot be read (was JSON replaced?)');
    }
    if (!isPlainObject(answer)) throw sandboxError('The transformation produced a result that cannot be read');
    if (typeof answer.f === 'string') {
      throw sandboxError(answer.f === 'output-too-large' ? messages.outputTooLarge(this.maxOutputBytes) : answer.f);
    }
    const entries = answer.r;
    if (!Array.isArray(entries)) throw sandboxError('The transformation produced a result that cannot be read');
    const results = this.results;
    for (const entry of entries as unknown[]) {
      if (!Array.isArray(entry)) {
        results.push({ error: 'invalid result entry', metadata: {}, statusCode: 400 });
        continue;
      }
      const index: unknown = entry[0];
      const kind: unknown = entry[1];
      const value: unknown = entry[2];
      if (kind === 0 && isPlainObject(value)) results.push({ output: value, metadata: this.metadataOf(index), statusCode: 200 });
      else if (kind === 0) results.push({ error: 'returned event from transformEvent(event) is not an object', metadata: this.metadataOf(index), statusCode: 400 });
      else results.push({ error: typeof value === 'string' ? value : String(value), metadata: this.metadataOf(index), statusCode: 400 });
    }
    if (Array.isArray(answer.l)) for (const line of answer.l as unknown[]) if (typeof line === 'string') this.logs.push(line);
    if (typeof answer.d === 'number' && answer.d > 0) this.logs.push(droppedLogsLine(answer.d));
  }
}

/** Reads a whole answer in one piece. */
export function readRunAnswer(
  json: string,
  events: Record<string, unknown>[],
  metadata: EventMetadata[] | undefined,
  maxOutputBytes: number,
): { results: TransformResult[]; logs: string[] } {
  const reader = new AnswerReader(events, metadata, maxOutputBytes);
  reader.read(json);
  return { results: reader.results, logs: reader.logs };
}
