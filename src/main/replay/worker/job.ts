import type { EventMetadata, GroupedLines } from '../../sandbox/worker-api';

// What replay's batch worker is asked and answers (a job of the sandbox's background process).
// The core reads the batch and stores its results; the worker only runs the batch's events
// through each side, so the process that runs user code never opens the database.

/** One batch of a run through each side (one for a replay, two for a compare). */
export interface ReplayJob {
  /** The batch's present events: their stored JSON texts joined with commas (one text for every side). */
  events: string;
  /** Per side: each event's metadata(event). */
  metadata: EventMetadata[][];
}

/** One side's answer over the batch: per input event, or the error that failed the whole run. */
export type SideAnswer = { ok: GroupedLines; durationMs: number } | { error: string };

/** Per side, in the job's order. */
export interface ReplayJobResult {
  sides: SideAnswer[];
}
