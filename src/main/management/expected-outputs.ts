import type { EventObject } from '../../shared/api/management';
import { fieldChanges } from '../../shared/field-diff';
import type { EventMetadata, TransformResult } from '../sandbox/types';

/** Tag that lets outputs of an event without a messageId be matched back to it. */
const tagOf = (index: number) => `saved-test-event-${index}`;

/** messageId in the metadata of events that have none, so their outputs can be matched. */
export function tagMetadata(events: EventObject[], base: EventMetadata): EventMetadata[] {
  return events.map((event, i) => (typeof event.messageId === 'string' ? base : { ...base, messageId: tagOf(i) }));
}

/** Outputs and errors per input event, matched by the metadata's messageId (first event wins). */
export function groupByEvent(events: EventObject[], results: TransformResult[]): { outputs: EventObject[]; errors: string[] }[] {
  const index = new Map<string, number>();
  events.forEach((event, i) => {
    const id = typeof event.messageId === 'string' ? event.messageId : tagOf(i);
    if (!index.has(id)) index.set(id, i);
  });
  const grouped = events.map(() => ({ outputs: [] as EventObject[], errors: [] as string[] }));
  for (const result of results) {
    const i = result.metadata?.messageId === undefined ? undefined : index.get(result.metadata.messageId);
    if (i === undefined) continue;
    if (result.error !== undefined) grouped[i]!.errors.push(result.error);
    else if (result.output !== undefined) grouped[i]!.outputs.push(result.output);
  }
  return grouped;
}

/** One message per event whose outputs differ from its expected outputs. */
export function expectationFailures(
  events: EventObject[],
  expected: (EventObject[] | undefined)[],
  results: TransformResult[],
): { messageId?: string; error: string }[] {
  const grouped = groupByEvent(events, results);
  const failures: { messageId?: string; error: string }[] = [];
  expected.forEach((want, i) => {
    if (want === undefined) return;
    const got = grouped[i]!;
    if (got.errors.length) return; // already reported as an error of the run
    const changes =
      want.length === got.outputs.length ? want.flatMap((w, j) => fieldChanges(w, got.outputs[j], 3, `[${j}]`)).slice(0, 3) : [{ path: 'number of outputs' }];
    if (changes.length === 0) return;
    const where = changes.map((c) => c.path).join(', ');
    const messageId = typeof events[i]!.messageId === 'string' ? (events[i]!.messageId as string) : undefined;
    failures.push({
      ...(messageId ? { messageId } : {}),
      error: `saved test event ${i + 1}: output does not equal the expected output (expected ${want.length} event(s), got ${got.outputs.length}; differs at ${where})`,
    });
  });
  return failures;
}
