import type { EventFilterQuery, EventTypeCounts } from '../../../shared/api/events';
import { pipelineApi } from '../../api/pipeline';

/** How long one counting request may scan before it answers with the counts so far. */
const STEP_BUDGET_MS = 150;

/**
 * The counts of a filter, asked for in budgeted steps: a filter the maintained counts answer
 * comes back whole at once; a scan (a JSON path, free text…) comes back newest ids first, step by
 * step, and `progress` gets the sums so far (with `more`: ids counted of all) after each step.
 * `progress` returning false stops it (a newer filter took over); then this resolves undefined.
 */
export async function countInSteps(
  filter: EventFilterQuery,
  cursor: string,
  progress: (sofar: EventTypeCounts) => boolean,
): Promise<EventTypeCounts | undefined> {
  const types: Record<string, number> = {};
  let total = 0;
  let counted = 0;
  let of: number | undefined;
  let next: string | undefined = cursor;
  while (next !== undefined) {
    const step: EventTypeCounts = await pipelineApi.countEvents(filter, next, STEP_BUDGET_MS);
    total += step.total;
    for (const [type, n] of Object.entries(step.types)) types[type] = (types[type] ?? 0) + n;
    if (!step.more) return { total, types };
    of ??= step.more.of;
    counted += step.more.counted;
    next = step.more.cursor;
    if (!progress({ total, types: { ...types }, more: { cursor: next, counted, of } })) return undefined;
  }
  return { total, types };
}
