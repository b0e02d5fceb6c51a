import type { TransformResult } from './types';

/** What one input event became: its outputs and per-event errors. */
export interface EventOutcome {
  outputs: Record<string, unknown>[];
  errors: string[];
}

/**
 * Maps every output and per-event error of a run back to its input by the metadata's
 * messageId (the first input with that id). Outputs naming no input are orphans (e.g. new events
 * from transformBatch); an error naming none (a transformBatch that threw) fails every event that
 * has no result.
 */
export function groupByEvent(results: TransformResult[], messageIds: (string | null | undefined)[]): { perEvent: EventOutcome[]; orphans: Record<string, unknown>[] } {
  const indexByMessageId = new Map<string, number>();
  messageIds.forEach((id, i) => {
    if (id !== undefined && id !== null && !indexByMessageId.has(id)) indexByMessageId.set(id, i);
  });
  const perEvent: EventOutcome[] = Array.from({ length: messageIds.length }, () => ({ outputs: [], errors: [] }));
  const orphans: Record<string, unknown>[] = [];
  const batchErrors: string[] = [];
  for (const result of results) {
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
  if (batchErrors.length) {
    for (const outcome of perEvent) if (!outcome.outputs.length && !outcome.errors.length) outcome.errors.push(...batchErrors);
  }
  return { perEvent, orphans };
}
