// log(...args): a global of user code, written entirely in the isolate (isolate/runtime/globals.js).
// The lines travel back with the batch's result; here: the limits, and the line saying what was dropped.

export const LOG_LIMITS = { maxLines: 10_000, maxChars: 2 * 1024 * 1024 };

/** Appended when a run logged more than the limits allow (host side, after the run). */
export const droppedLogsLine = (count: number) =>
  `(${count} more log line${count === 1 ? '' : 's'} not recorded: at most ${LOG_LIMITS.maxLines} lines or ${LOG_LIMITS.maxChars / 1024 / 1024} MB per run)`;
