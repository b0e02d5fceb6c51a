// Phases of the core's start, for bench/startup.mjs: with STUDIO_STARTUP_TRACE=1 the core prints
// one stderr line `startup-trace {"modules":ms,…}` after its URL line (ms since the process began,
// performance.now()). Off by default: then mark() only compares a boolean.
const enabled = process.env.STUDIO_STARTUP_TRACE === '1';
const marks: Array<[string, number]> = [];

/** Records that the phase `name` ended now. */
export function startupMark(name: string): void {
  if (enabled) marks.push([name, performance.now()]);
}

/** Prints the marks once (stderr, one line), when tracing is on. */
export function printStartupTrace(): void {
  if (!enabled || marks.length === 0) return;
  process.stderr.write(`startup-trace ${JSON.stringify(Object.fromEntries(marks.map(([name, at]) => [name, Math.round(at * 10) / 10])))}\n`);
  marks.length = 0;
}
