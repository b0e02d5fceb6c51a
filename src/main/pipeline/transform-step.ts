import type { Destination, PublishedCode } from '../store/destinations-repo';
import type { StoredEvent } from '../store/events-repo';
import type { Source } from '../store/sources-repo';
import { groupByEvent, type EventOutcome } from '../sandbox/protocol/grouped';
import { codeInput, type EventMetadata, type Sandbox } from '../sandbox';

export type { EventOutcome } from '../sandbox/protocol/grouped';

export interface TransformStepResult {
  /** One entry per input, same order. */
  perEvent: EventOutcome[];
  /** Outputs whose metadata names no input event (e.g. new events from transformBatch). */
  orphans: Record<string, unknown>[];
  /** Lines tied to no one input (transformBatch, top level, after an await), kept once per batch. */
  logs: string[];
  /** Per input, same order: the lines its transformEvent call wrote. */
  eventLogs: string[][];
  durationMs: number;
}

/** A run's log lines split by the input that wrote them (-1 or unknown: batch-level). */
export function splitLogs(logs: string[], logEvents: number[] | undefined, count: number): { logs: string[]; eventLogs: string[][] } {
  const eventLogs: string[][] = Array.from({ length: count }, () => []);
  const batch: string[] = [];
  logs.forEach((line, k) => {
    const owner = logEvents?.[k] ?? -1;
    if (owner >= 0 && owner < count) eventLogs[owner]!.push(line);
    else batch.push(line);
  });
  return { logs: batch, eventLogs };
}

/**
 * What `metadata(event)` says of one captured event at one destination besides what the isolate
 * derives from the event itself (messageId, type, event name, rudderId, receivedAt: derived once,
 * there): where it came from and where it goes.
 */
export function metadataFor(stored: StoredEvent, source: Source | undefined, destination: Destination, workspaceId: string, code: PublishedCode | undefined): EventMetadata {
  return {
    sourceId: stored.sourceId,
    sourceName: source?.name,
    sourceType: 'HTTP',
    workspaceId,
    destinationId: destination.id,
    destinationType: destination.kind.toUpperCase().replace('-', '_'),
    destinationName: destination.name,
    transformationId: code?.transformationId,
    transformationVersionId: code?.versionId,
  };
}

/** Without a transformation every event passes through unchanged. */
export function passThrough(events: Record<string, unknown>[]): TransformStepResult {
  return { perEvent: events.map((e) => ({ outputs: [e], errors: [] })), orphans: [], logs: [], eventLogs: events.map(() => []), durationMs: 0 };
}

/**
 * Runs the published version (with its pinned library versions) over a batch in the sandbox
 * and puts every output and per-event error with the input it came from (the index each result
 * carries).
 * Fatal problems (syntax error, timeout …) throw, as the sandbox contract says.
 */
export async function runTransformation(
  sandbox: Sandbox,
  code: PublishedCode,
  events: Record<string, unknown>[],
  metadata: EventMetadata[],
): Promise<TransformStepResult> {
  const output = await sandbox.transform({ ...codeInput({ ...code, id: code.versionId }), events, metadata });
  const { perEvent, orphans } = groupByEvent(output.results, events.length);
  return { perEvent, orphans, ...splitLogs(output.logs, output.logEvents, events.length), durationMs: output.durationMs };
}
