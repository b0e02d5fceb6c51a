// log(...args): a global of user code. Runs entirely inside the isolate (no host call per line):
// each call is recorded as "Log: a b", objects through JSON.stringify, like the hosted service's
// test runs. The lines travel back with the batch's result as one copied string, each with the
// index of the input event whose transformEvent call was running when it was written (-1: batch
// level, or after an await, when events run concurrently and the line cannot be tied to one).

export const LOG_LIMITS = { maxLines: 10_000, maxChars: 2 * 1024 * 1024 };

/** Isolate-side source; runs inside the bootstrap closure (`G`, `state`, `stringify` in scope). */
export const logSource = /* js */ `
  G.log = function log() {
    if (state.logs.length >= ${LOG_LIMITS.maxLines} || state.logChars >= ${LOG_LIMITS.maxChars}) {
      state.logsDropped++;
      return;
    }
    let line = 'Log:';
    for (let k = 0; k < arguments.length; k++) {
      const arg = arguments[k];
      let part;
      try {
        part = typeof arg === 'object' ? stringify(arg) : String(arg);
        if (part === undefined) part = String(arg);
      } catch (_) {
        try { part = String(arg); } catch (__) { part = '[value that cannot be shown]'; }
      }
      line += ' ' + part;
    }
    state.logs.push(line);
    state.logEvents.push(state.current);
    state.logChars += line.length;
  };
`;

/** Appended when a run logged more than the limits allow (host side, after the run). */
export const droppedLogsLine = (count: number) =>
  `(${count} more log line${count === 1 ? '' : 's'} not recorded: at most ${LOG_LIMITS.maxLines} lines or ${LOG_LIMITS.maxChars / 1024 / 1024} MB per run)`;
