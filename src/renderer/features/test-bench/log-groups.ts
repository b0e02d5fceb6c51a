/** Log lines of a run split by the input event that wrote them. */
export interface LogGroups {
  /** Lines per input event index (in the order written). */
  byEvent: Map<number, string[]>;
  /** Lines not tied to one event: transformBatch, the module's top level, after an await. */
  batch: string[];
}

/**
 * Groups the lines of a test run by `logEvents` (per line: the index of the input event, or -1).
 * Without `logEvents` (transformBatch, or a server that does not send it) every line is batch-level.
 */
export function groupLogs(logs: string[], logEvents: number[] | undefined, eventCount: number): LogGroups {
  const byEvent = new Map<number, string[]>();
  const batch: string[] = [];
  logs.forEach((line, k) => {
    const owner = logEvents?.[k];
    if (owner === undefined || owner < 0 || owner >= eventCount || !Number.isInteger(owner)) {
      batch.push(line);
      return;
    }
    const list = byEvent.get(owner);
    if (list) list.push(line);
    else byEvent.set(owner, [line]);
  });
  return { byEvent, batch };
}
