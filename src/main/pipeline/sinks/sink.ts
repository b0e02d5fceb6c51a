/** What happened to one output event at a sink. */
export interface SinkOutcome {
  ok: boolean;
  error?: string;
  attempts: number;
}

/** A destination kind's way of delivering output events. */
export interface Sink {
  /**
   * Delivers the events (in order) and returns one outcome per event. Throws only when
   * `signal` aborts (shutdown): the batch is then not recorded and is delivered again later.
   */
  deliver(events: Record<string, unknown>[], signal: AbortSignal): Promise<SinkOutcome[]>;
}
