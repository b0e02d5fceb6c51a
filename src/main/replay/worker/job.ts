import type { GroupedLines } from '../../sandbox/worker-api';

// What replay's batch worker is asked and answers (a job of the sandbox's background process).
// The core reads the batch and stores its results; the worker only runs the batch's events
// through each side, so the process that runs user code never opens the database. Both ways the
// bulk travels as text (one string each way per side), not as 200 values each: the IPC channel's
// structured clone costs per value, in the core and in the sandbox process.

/** One batch of a run through each side (one for a replay, two for a compare). */
export interface ReplayJob {
  /** The batch's present events: their stored JSON texts joined with commas (one text for every side). */
  events: string;
  /** How many events `events` holds. */
  count: number;
  /** Per side: each event's metadata(event), as the JSON array text of the isolate's payload (`"m"`). */
  metadata: string[];
}

/**
 * One side's results per input event, as they cross back: each event's outputs (a JSON array
 * text) one after the other with a line feed between them (JSON never holds a raw line feed),
 * and only the events that have per-event errors.
 */
export interface SideLines {
  text: string;
  /** Outputs per event (the length of each array in `text`). */
  counts: number[];
  /** [event index, its errors] for the events with errors. */
  errors: [number, string[]][];
  logs: string[];
  orphans: GroupedLines['orphans'];
}

/** One side's answer over the batch: per input event, or the error that failed the whole run. */
export type SideAnswer = { ok: SideLines; durationMs: number } | { error: string };

/** Per side, in the job's order. */
export interface ReplayJobResult {
  sides: SideAnswer[];
}

/** A side's grouped results as they cross (the worker's side). */
export function sideLinesOf(grouped: GroupedLines): SideLines {
  const errors: [number, string[]][] = [];
  grouped.errors.forEach((list, i) => {
    if (list.length > 0) errors.push([i, list]);
  });
  // The isolate's answer already holds the lines with a line feed between them: that span crosses as it is.
  return { text: grouped.text, counts: grouped.counts, errors, logs: grouped.logs, orphans: grouped.orphans };
}

/** The events' output texts of a side's answer, in order (the core's side). */
export function linesOf(side: SideLines): string[] {
  const lines: string[] = [];
  const { text } = side;
  let start = 0;
  for (let i = 0; i < side.counts.length; i++) {
    const end = i === side.counts.length - 1 ? text.length : text.indexOf('\n', start);
    if (end < 0) throw new Error('a replay answer has fewer output lines than events');
    lines.push(text.slice(start, end));
    start = end + 1;
  }
  return lines;
}
