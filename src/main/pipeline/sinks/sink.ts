/** One try to hand an output event over: when, the receiver's HTTP status and answer, how long. */
export interface AttemptRecord {
  at: string;
  statusCode: number | null;
  latencyMs: number;
  /** The start of the answer's body (bounded). */
  responseBody: string | null;
  error: string | null;
}

/** What happened to one output event at a sink. */
export interface SinkOutcome {
  ok: boolean;
  error?: string;
  attempts: number;
  /** A failure that may pass later (network, 408, 429, 5xx): it is tried again over time. */
  retry?: boolean;
  log?: AttemptRecord[];
}

/** Where a send job's events go; `seqs` are the captured events' ids (null: imported), in the same order. */
export interface SendSink {
  deliver(events: Record<string, unknown>[], signal: AbortSignal, seqs: (number | null)[]): Promise<SinkOutcome[]>;
}

/** A destination kind's way of delivering output events. */
export interface Sink {
  /**
   * Delivers the events (in order) and returns one outcome per event. Throws only when
   * `signal` aborts (shutdown): the batch is then not recorded and is delivered again later.
   */
  deliver(events: Record<string, unknown>[], signal: AbortSignal): Promise<SinkOutcome[]>;
}
