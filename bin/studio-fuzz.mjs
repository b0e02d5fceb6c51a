// `studio fuzz`: events generated from the learned schema through a transformation's latest saved
// code (POST /studio/api/fuzz), seeded: the same seed, code and captured traffic give the same
// minimal events. Exit code 1 when anything failed.
//
//   studio fuzz --transformation NAME|ID [--seed N] [--runs N] [--seconds S] [--event NAME] [--json]

export const FUZZ_USAGE = 'studio fuzz --transformation NAME|ID [--seed N] [--runs N] [--seconds S] [--event NAME] [--json]';

const int = (value, name, fail) => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n)) fail(2, `--${name} must be a whole number, not "${value}"\nusage: ${FUZZ_USAGE}`);
  return n;
};

/** Runs the fuzzer on one transformation and prints each failure with its minimal event. */
export async function fuzzCommand(target, flags, api, fail) {
  const wanted = flags.transformation;
  if (!wanted || wanted === true) fail(2, `--transformation NAME|ID is required\nusage: ${FUZZ_USAGE}`);
  const seconds = flags.seconds === undefined ? undefined : Number(flags.seconds);
  if (seconds !== undefined && !(seconds > 0)) fail(2, `--seconds must be a positive number, not "${flags.seconds}"\nusage: ${FUZZ_USAGE}`);
  const { transformations } = await api(target, 'GET', '/transformations');
  const found = transformations.filter((t) => t.id === wanted || t.name === wanted);
  if (found.length === 0) fail(1, `no transformation named "${wanted}" (studio has: ${transformations.map((t) => t.name).join(', ') || 'none'})`);
  if (found.length > 1) fail(1, `${found.length} transformations are named "${wanted}": give its id`);
  const transformation = found[0];
  const body = {
    code: transformation.code,
    transformationName: transformation.name,
    transformationId: transformation.id,
    seed: int(flags.seed, 'seed', fail),
    maxRuns: int(flags.runs, 'runs', fail),
    timeLimitMs: seconds === undefined ? undefined : Math.round(seconds * 1000),
    eventName: flags.event,
  };
  const result = await api(target, 'POST', '/studio/api/fuzz', body);
  if (flags.json) {
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return result.failures.length > 0 ? 1 : 0;
  }
  const out = (line) => process.stdout.write(`${line}\n`);
  out(`fuzzed "${transformation.name}" with seed ${result.seed}: ${result.runs} events in ${(result.durationMs / 1000).toFixed(1)} s (stopped by ${result.stoppedBy === 'time' ? 'the time limit' : 'the event count'}; shapes: ${result.eventNames.join(', ')})`);
  for (const failure of result.failures) {
    const where = failure.line !== undefined ? ` at ${failure.module}:${failure.line}` : '';
    out(`FAIL ${failure.message}${where} (${failure.count} of ${result.runs} events, first #${failure.firstRun})`);
    out(`  minimal event ${JSON.stringify(failure.event)}${failure.shrunk ? '' : ' (not fully shrunk: time ran out)'}`);
  }
  out(result.failures.length === 0 ? 'no failures' : `${result.failures.length} failure${result.failures.length === 1 ? '' : 's'}; again with: studio fuzz --transformation ${JSON.stringify(transformation.name)} --seed ${result.seed}`);
  return result.failures.length > 0 ? 1 : 0;
}
