import type { FlameNode, HotFunction, LineHeat, ProfileSummary } from '../../shared/api/debug';

/** The parts of a CDP Profiler.Profile read here. */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
    positionTicks?: { line: number; ticks: number }[];
  }[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** Flame nodes smaller than this share of all samples are left out. */
const FLAME_MIN_SHARE = 0.002;
const TOP_FUNCTIONS = 50;
const SLOWEST = 10;

const round = (ms: number) => Math.round(ms * 1000) / 1000;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * What the profile view shows, from V8's CPU profile and each event's time: self time per line of
 * the user's scripts (V8 gives line ticks for the sampled top frame only, so a line's time is its
 * own, not that of the calls it makes), self and total time per function, the call tree for the
 * flame chart, and the distribution of the events' times. A sample counts `(end - start) / samples`.
 */
export function summarizeProfile(profile: CpuProfile, times: number[], userUrls: string[]): ProfileSummary {
  const samples = profile.samples ?? [];
  const sampleMs = samples.length > 0 ? (profile.endTime - profile.startTime) / 1000 / samples.length : 0;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const hits = new Map<number, number>();
  for (const id of samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  const user = new Set(userUrls);

  const lines = new Map<string, LineHeat>();
  for (const node of profile.nodes) {
    if (!user.has(node.callFrame.url)) continue;
    for (const tick of node.positionTicks ?? []) {
      const key = `${node.callFrame.url}\n${tick.line}`;
      const line = lines.get(key) ?? { url: node.callFrame.url, line: tick.line, selfMs: 0 };
      line.selfMs += tick.ticks * sampleMs;
      lines.set(key, line);
    }
  }

  // Per function: self from its nodes' hits, total once per sample whatever the recursion.
  const fnKey = (id: number) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    return `${functionName}\n${url}\n${lineNumber}`;
  };
  const functions = new Map<string, HotFunction>();
  const fnOf = (id: number) => {
    const key = fnKey(id);
    let fn = functions.get(key);
    if (!fn) {
      const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
      fn = { name: functionName || '(anonymous)', url, line: lineNumber + 1, selfMs: 0, totalMs: 0, user: user.has(url) };
      functions.set(key, fn);
    }
    return fn;
  };
  for (const [id, count] of hits) {
    fnOf(id).selfMs += count * sampleMs;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = fnKey(at);
      if (seen.has(key)) continue;
      seen.add(key);
      fnOf(at).totalMs += count * sampleMs;
    }
  }

  const totalOf = new Map<number, number>();
  const subtotal = (id: number): number => {
    let sum = (hits.get(id) ?? 0) * sampleMs;
    for (const child of byId.get(id)!.children ?? []) sum += subtotal(child);
    totalOf.set(id, sum);
    return sum;
  };
  const root = profile.nodes[0];
  const allMs = root ? subtotal(root.id) : 0;
  const flameOf = (id: number): FlameNode => {
    const node = byId.get(id)!;
    const children = (node.children ?? []).filter((child) => (totalOf.get(child) ?? 0) >= allMs * FLAME_MIN_SHARE).map(flameOf);
    children.sort((a, b) => b.totalMs - a.totalMs);
    const { functionName, url, lineNumber } = node.callFrame;
    return { name: functionName || '(anonymous)', url, line: lineNumber + 1, selfMs: round((hits.get(id) ?? 0) * sampleMs), totalMs: round(totalOf.get(id) ?? 0), children };
  };

  const sorted = [...times].sort((a, b) => a - b);
  const slowest = times
    .map((ms, index) => ({ index, ms: round(ms) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, SLOWEST);
  return {
    events: times.length,
    sampleMs: round(sampleMs),
    profiledMs: round(allMs),
    lines: [...lines.values()].map((line) => ({ ...line, selfMs: round(line.selfMs) })).sort((a, b) => b.selfMs - a.selfMs),
    functions: [...functions.values()]
      .filter((fn) => fn.url !== '' || fn.selfMs > 0)
      .map((fn) => ({ ...fn, selfMs: round(fn.selfMs), totalMs: round(fn.totalMs) }))
      .sort((a, b) => b.selfMs - a.selfMs)
      .slice(0, TOP_FUNCTIONS),
    flame: root ? flameOf(root.id) : { name: '(root)', url: '', line: 0, selfMs: 0, totalMs: 0, children: [] },
    times: { p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? 0), totalMs: round(times.reduce((a, b) => a + b, 0)) },
    histogram: histogramOf(sorted),
    slowest,
  };
}

/** 20 buckets of equal width from the fastest to the slowest event: counts. */
function histogramOf(sorted: number[]): ProfileSummary['histogram'] {
  const min = sorted[0] ?? 0;
  const max = sorted.at(-1) ?? 0;
  const width = (max - min) / 20 || 1;
  const counts = new Array<number>(20).fill(0);
  for (const ms of sorted) counts[Math.min(19, Math.floor((ms - min) / width))]!++;
  return { fromMs: round(min), bucketMs: round(width), counts };
}
