import type { Destination, PublishedCode } from '../store/destinations-repo';
import type { StoredEvent } from '../store/events-repo';
import type { Source } from '../store/sources-repo';
import { eventCount, type EventMetadata, type Sandbox, type StoredEvents } from '../sandbox/types';

/** What one input event became after the transformation step. */
export interface EventOutcome {
  outputs: Record<string, unknown>[];
  errors: string[];
}

export interface TransformStepResult {
  /** One entry per input, same order. */
  perEvent: EventOutcome[];
  /** Outputs whose metadata names no input event (e.g. new events from transformBatch). */
  orphans: Record<string, unknown>[];
  logs: string[];
  durationMs: number;
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The metadata `metadata(event)` returns for one captured event at one destination. */
export function metadataFor(
  event: Record<string, unknown>,
  stored: StoredEvent,
  source: Source | undefined,
  destination: Destination,
  workspaceId: string,
  code: PublishedCode | undefined,
): EventMetadata {
  return {
    sourceId: stored.sourceId,
    sourceName: source?.name,
    sourceType: 'HTTP',
    workspaceId,
    destinationId: destination.id,
    destinationType: destination.kind.toUpperCase().replace('-', '_'),
    destinationName: destination.name,
    messageId: stored.messageId,
    rudderId: str(event.rudderId),
    receivedAt: stored.receivedAt,
    eventName: stored.eventName ?? undefined,
    eventType: stored.type,
    transformationId: code?.transformationId,
    transformationVersionId: code?.versionId,
  };
}

/** Without a transformation every event passes through unchanged. */
export function passThrough(events: Record<string, unknown>[]): TransformStepResult {
  return { perEvent: events.map((e) => ({ outputs: [e], errors: [] })), orphans: [], logs: [], durationMs: 0 };
}

/**
 * Runs the published version (with its pinned library versions) over a batch in the sandbox
 * and maps every output and per-event error back to its input by the metadata's messageId.
 * Fatal problems (syntax error, timeout …) throw, as the sandbox contract says.
 */
export async function runTransformation(
  sandbox: Sandbox,
  code: PublishedCode,
  events: Record<string, unknown>[] | StoredEvents,
  metadata: EventMetadata[],
): Promise<TransformStepResult> {
  const output = await sandbox.transform({
    code: code.code,
    name: code.name,
    cacheKey: [code.versionId, ...code.libraries.map((l) => l.versionId)].join(':'),
    libraries: code.libraries.map((l) => ({ importName: l.importName, code: l.code, versionId: l.versionId })),
    events,
    metadata,
  });
  const indexByMessageId = new Map<string, number>();
  metadata.forEach((m, i) => {
    if (m.messageId !== undefined && !indexByMessageId.has(m.messageId)) indexByMessageId.set(m.messageId, i);
  });
  const perEvent: EventOutcome[] = Array.from({ length: eventCount(events) }, () => ({ outputs: [], errors: [] }));
  const orphans: Record<string, unknown>[] = [];
  const batchErrors: string[] = [];
  for (const result of output.results) {
    const index = result.metadata?.messageId === undefined ? undefined : indexByMessageId.get(result.metadata.messageId);
    const target = index === undefined ? undefined : perEvent[index];
    if (result.error !== undefined) {
      if (target) target.errors.push(result.error);
      else batchErrors.push(result.error);
    } else if (result.output !== undefined) {
      if (target) target.outputs.push(result.output);
      else orphans.push(result.output);
    }
  }
  // An error tied to no event (a transformBatch that threw) fails every event without a result.
  if (batchErrors.length) {
    for (const outcome of perEvent) if (!outcome.outputs.length && !outcome.errors.length) outcome.errors.push(...batchErrors);
  }
  return { perEvent, orphans, logs: output.logs, durationMs: output.durationMs };
}
