// The event schema learned from captured traffic, as pure functions: what one event carries
// (every property path, its JSON types, a sample), and how observations add up per event
// bucket (source, call type, event name, day). The store keeps the buckets; the fold job
// (schema-fold.ts) feeds them; queries merge buckets with the same functions.

export type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array';

/** Largest number of paths kept per event bucket; further new paths are counted as dropped. */
export const MAX_PATHS_PER_BUCKET = 2_000;
/** Distinct sample values kept per path. */
export const MAX_SAMPLES = 5;
/** A sample is the JSON text of a value, cut to this many characters. */
export const MAX_SAMPLE_CHARS = 120;
/** Paths read from one event at most (a huge event cannot blow the schema up). */
export const MAX_PATHS_PER_EVENT = 1_000;
const MAX_DEPTH = 12;
const MAX_KEY_CHARS = 100;

export interface PathObservation {
  types: Set<JsonType>;
  /** JSON text of the first leaf value seen at this path in the event (strings, numbers, booleans). */
  sample?: string;
}

export interface PathStats {
  /** Events that carry the path. */
  count: number;
  /** Events per JSON type seen at the path (an event counts once per type). */
  types: Partial<Record<JsonType, number>>;
  samples: string[];
  firstSeen: string;
  lastSeen: string;
}

export interface EventKey {
  sourceId: string;
  type: string;
  name: string;
  day: string;
}

export interface BucketStats extends EventKey {
  count: number;
  firstSeen: string;
  lastSeen: string;
  paths: Map<string, PathStats>;
}

/** One captured event as the fold reads it. */
export interface CapturedRow {
  sourceId: string;
  type: string;
  eventName: string | null;
  receivedAt: string;
  event: string;
}

export const typeOf = (value: unknown): JsonType =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'object' ? 'object' : (typeof value as 'string' | 'number' | 'boolean');

const sampleOf = (value: unknown): string | undefined => {
  if (value === null || typeof value === 'object') return undefined;
  const text = JSON.stringify(value);
  return text.length > MAX_SAMPLE_CHARS ? `${text.slice(0, MAX_SAMPLE_CHARS - 1)}…` : text;
};

/**
 * Every path of one event: `properties.total`, `context.traits.email`, array elements as
 * `properties.products[].sku`. Each path lists the JSON types seen there (an array's elements
 * may differ) and the first sample value.
 */
export function observePaths(event: unknown): Map<string, PathObservation> {
  const out = new Map<string, PathObservation>();
  const note = (path: string, value: unknown) => {
    let seen = out.get(path);
    if (!seen) {
      if (out.size >= MAX_PATHS_PER_EVENT) return false;
      seen = { types: new Set() };
      out.set(path, seen);
    }
    seen.types.add(typeOf(value));
    seen.sample ??= sampleOf(value);
    return true;
  };
  const walk = (value: unknown, prefix: string, depth: number) => {
    if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      const path = `${prefix}[]`;
      for (const item of value) if (note(path, item)) walk(item, path, depth + 1);
      return;
    }
    for (const [key, child] of Object.entries(value)) {
      if (key.length > MAX_KEY_CHARS) continue;
      const path = prefix ? `${prefix}.${key}` : key;
      if (note(path, child)) walk(child, path, depth + 1);
    }
  };
  walk(event, '', 0);
  return out;
}

/** Adds one event's observations of a path to its stats (new stats when none). */
export function observe(stats: PathStats | undefined, seen: PathObservation, at: string): PathStats {
  const next = stats ?? { count: 0, types: {}, samples: [], firstSeen: at, lastSeen: at };
  next.count += 1;
  for (const t of seen.types) next.types[t] = (next.types[t] ?? 0) + 1;
  if (seen.sample !== undefined && next.samples.length < MAX_SAMPLES && !next.samples.includes(seen.sample)) next.samples.push(seen.sample);
  if (at < next.firstSeen) next.firstSeen = at;
  if (at > next.lastSeen) next.lastSeen = at;
  return next;
}

/** The sum of two stats of one path (buckets of several days or sources); inputs unchanged. */
export function mergeStats(a: PathStats | undefined, b: PathStats): PathStats {
  if (!a) return { ...b, types: { ...b.types }, samples: [...b.samples] };
  const types = { ...a.types };
  for (const [t, n] of Object.entries(b.types) as [JsonType, number][]) types[t] = (types[t] ?? 0) + n;
  const samples = [...a.samples];
  for (const s of b.samples) if (samples.length < MAX_SAMPLES && !samples.includes(s)) samples.push(s);
  return {
    count: a.count + b.count,
    types,
    samples,
    firstSeen: a.firstSeen < b.firstSeen ? a.firstSeen : b.firstSeen,
    lastSeen: a.lastSeen > b.lastSeen ? a.lastSeen : b.lastSeen,
  };
}

export const bucketId = (k: EventKey) => JSON.stringify([k.sourceId, k.type, k.name, k.day]);

/**
 * Folds captured events into buckets (source, type, event name, UTC day of receipt). An
 * event whose JSON does not parse is skipped. Each bucket keeps at most `maxPaths` paths.
 */
export function foldEvents(rows: CapturedRow[], maxPaths = MAX_PATHS_PER_BUCKET): Map<string, BucketStats> {
  const buckets = new Map<string, BucketStats>();
  for (const row of rows) {
    let event: unknown;
    try {
      event = JSON.parse(row.event);
    } catch {
      continue;
    }
    const key: EventKey = { sourceId: row.sourceId, type: row.type, name: row.eventName ?? '', day: row.receivedAt.slice(0, 10) };
    const id = bucketId(key);
    let bucket = buckets.get(id);
    if (!bucket) {
      bucket = { ...key, count: 0, firstSeen: row.receivedAt, lastSeen: row.receivedAt, paths: new Map() };
      buckets.set(id, bucket);
    }
    bucket.count += 1;
    if (row.receivedAt < bucket.firstSeen) bucket.firstSeen = row.receivedAt;
    if (row.receivedAt > bucket.lastSeen) bucket.lastSeen = row.receivedAt;
    for (const [path, seen] of observePaths(event)) {
      const stats = bucket.paths.get(path);
      if (!stats && bucket.paths.size >= maxPaths) continue;
      bucket.paths.set(path, observe(stats, seen, row.receivedAt));
    }
  }
  return buckets;
}

export { isConflict } from '../../shared/event-schema';
