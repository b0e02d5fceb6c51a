// The soak's memory verdict (scripts/soak.mjs): whether the tree's RSS stayed flat after a warm-up.

export const mean = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

/**
 * Prints the per-window RSS means and the verdict, and returns whether the RSS stayed flat: the
 * last window within `TOLERANCE` of the first one after the warm-up (a third of the windows, at
 * least 2 minutes), and the least-squares slope after the warm-up under 1 % of the mean a minute.
 * `perMinute`: each window's core RSS, sandbox process count and RSS per sandbox process.
 */
export function rssVerdict(rss, perMinute, WINDOW_S, TOLERANCE) {
  const warmUp = Math.min(rss.length - 1, Math.max(Math.ceil(120 / WINDOW_S), Math.ceil(rss.length / 3)));
  const after = rss.slice(warmUp);
  const baseline = after[0];
  const last = rss.at(-1);
  // Least-squares slope of the per-minute means after the warm-up (MB per minute).
  const xMean = (after.length - 1) / 2;
  const yMean = mean(after);
  const slope = after.length > 1 ? after.reduce((s, y, x) => s + (x - xMean) * (y - yMean), 0) / after.reduce((s, _, x) => s + (x - xMean) ** 2, 0) : 0;
  const withinTolerance = last <= baseline * (1 + TOLERANCE);
  const notClimbing = slope * (60 / WINDOW_S) < 0.01 * yMean; // per minute
  const flat = withinTolerance && notClimbing;
  console.log(`RSS means per ${WINDOW_S} s: ${rss.map((x) => x.toFixed(0)).join(', ')} MB (warm-up: ${warmUp} windows)`);
  console.log(`  core: ${perMinute.map((m) => m.core.toFixed(0)).join(', ')} MB; sandbox processes at once: ${perMinute.map((m) => m.count.toFixed(1)).join(', ')}; RSS per sandbox process: ${perMinute.map((m) => m.each.toFixed(0)).join(', ')} MB`);
  console.log(
    `RSS: window ${warmUp + 1} ${baseline.toFixed(0)} MB, last window ${last.toFixed(0)} MB (${withinTolerance ? 'within' : 'MORE than'} ${TOLERANCE * 100} %); slope after the warm-up ${slope >= 0 ? '+' : ''}${(slope * (60 / WINDOW_S)).toFixed(1)} MB/min (${notClimbing ? 'not climbing' : 'CLIMBING'}) → ${flat ? 'flat' : 'GREW'}`,
  );
  return flat;
}
