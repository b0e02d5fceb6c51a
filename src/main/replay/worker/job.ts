// What replay's batch worker is asked and answers (a job of the sandbox's background process).

/** Batches of a stored replay run, one after the other from `from` on: inputs through each side, results stored batch by batch. */
export interface ReplayJob {
  /** The studio database the run is stored in (the core's, migrated; opened there as a second connection). */
  dbFile: string;
  runId: string;
  /** Position of the first batch's first input (a multiple of the batch size from the run's start). */
  from: number;
  workspaceId: string;
  /** Batches to run at most before answering (the caller then sends the next ones). */
  maxBatches: number;
}

/** What the batches did. */
export interface ReplayJobResult {
  /** Position after the last batch stored (`from` when none was). */
  done: number;
  /** True when the run had no inputs left at `done`. */
  finished: boolean;
  /** False when a batch found the run gone or its progress elsewhere (nothing of it written). */
  written: boolean;
}
