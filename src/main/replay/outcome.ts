import type { ChangeKind, OutcomeCounts, ReplaySummary } from '../../shared/api/replay';
import { CHANGE_KINDS } from '../../shared/api/replay';
import { fieldChanges, jsonEqual, type FieldChange } from '../../shared/field-diff';

/**
 * What one event became in one version: its outputs as the JSON array text the isolate wrote
 * (stored as it is), parsed only when a comparison needs the values.
 */
export interface SideOutcome {
  json: string;
  /** Number of outputs. */
  count: number;
  error: string | null;
  parsed?: Record<string, unknown>[];
}

export const sideOutcome = (json: string, count: number, error: string | null): SideOutcome => ({ json, count, error });

/** No outputs. */
export const NO_OUTPUTS = '[]';

/** The outputs' values (parsed once). */
export function outputsOf(side: SideOutcome): Record<string, unknown>[] {
  side.parsed ??= JSON.parse(side.json) as Record<string, unknown>[];
  return side.parsed;
}

const MAX_PATHS_TRACKED = 500;
const MAX_ERRORS_TRACKED = 200;
const TOP_PATHS = 20;
const MAX_MESSAGE = 500;

export const emptyCounts = (): OutcomeCounts => ({ kept: 0, dropped: 0, split: 0, failed: 0 });

export function emptySummary(compare: boolean): ReplaySummary {
  return {
    a: emptyCounts(),
    ...(compare ? { b: emptyCounts(), changes: Object.fromEntries(CHANGE_KINDS.map((k) => [k, 0])) as Record<ChangeKind, number> } : {}),
    paths: [],
    errors: [],
  };
}

/** Stored error text: the first 500 characters (grouped by exact text). */
export const errorText = (error: string) => (error.length > MAX_MESSAGE ? `${error.slice(0, MAX_MESSAGE)}…` : error);

function count(counts: OutcomeCounts, side: SideOutcome): void {
  if (side.error !== null) counts.failed++;
  else if (side.count === 0) counts.dropped++;
  else if (side.count === 1) counts.kept++;
  else counts.split++;
}

/** How B's result differs from A's for one event (one kind per event; they add up to the total). */
export function classify(a: SideOutcome, b: SideOutcome): ChangeKind {
  if (a.error === null && b.error !== null) return 'newlyFailing';
  if (a.error !== null && b.error === null) return 'fixed';
  if (a.error !== null && b.error !== null) return 'stillFailing';
  // The same text is the same outputs; other texts may still be equal values (key order).
  if (a.json === b.json || jsonEqual(outputsOf(a), outputsOf(b))) return 'unchanged';
  if (b.count === 0) return 'dropped';
  if (a.count === 0) return 'newlyKept';
  if (a.count !== b.count) return 'split';
  return 'changed';
}

/**
 * Whether two sides' outputs naming no input event (JSON array texts) differ: by value, in order
 * (the pipeline delivers them in that order after the batch's other outputs).
 */
export const orphansDiffer = (a: string, b: string): boolean => a !== b && !jsonEqual(JSON.parse(a), JSON.parse(b));

/** Field changes of B's outputs against A's, output by output. */
export function outputChanges(a: SideOutcome, b: SideOutcome): FieldChange[] {
  if (a.error !== null || b.error !== null) return [];
  const changes: FieldChange[] = [];
  const [outputsA, outputsB] = [outputsOf(a), outputsOf(b)];
  const n = Math.min(outputsA.length, outputsB.length);
  for (let i = 0; i < n; i++) {
    for (const c of fieldChanges(outputsA[i], outputsB[i], 50)) if (!changes.some((x) => x.path === c.path)) changes.push(c);
  }
  return changes;
}

/** Adds one event's outcome to the running summary (mutates it). */
/** Lookup of a summary's path and error entries (the summary keeps arrays: it is stored as JSON). */
interface SummaryIndex {
  paths: Map<string, ReplaySummary['paths'][number]>;
  errors: Map<string, ReplaySummary['errors'][number]>;
}
const indexes = new WeakMap<ReplaySummary, SummaryIndex>();

function indexOf(summary: ReplaySummary): SummaryIndex {
  let index = indexes.get(summary);
  if (!index) {
    index = {
      paths: new Map(summary.paths.map((p) => [p.path, p])),
      errors: new Map(summary.errors.map((e) => [`${e.side}\u0000${e.message}`, e])),
    };
    indexes.set(summary, index);
  }
  return index;
}

export function addToSummary(summary: ReplaySummary, a: SideOutcome, b: SideOutcome | null, change: ChangeKind | null, changes: FieldChange[]): void {
  count(summary.a, a);
  const index = indexOf(summary);
  const addError = (side: 'a' | 'b', error: string | null) => {
    if (error === null) return;
    const message = errorText(error);
    const key = `${side}\u0000${message}`;
    const found = index.errors.get(key);
    if (found) found.count++;
    else if (summary.errors.length < MAX_ERRORS_TRACKED) {
      const entry = { side, message, count: 1 };
      summary.errors.push(entry);
      index.errors.set(key, entry);
    }
  };
  addError('a', a.error);
  if (b && summary.b && summary.changes && change) {
    count(summary.b, b);
    summary.changes[change] = (summary.changes[change] ?? 0) + 1;
    addError('b', b.error);
    for (const c of changes) {
      let entry = index.paths.get(c.path);
      if (!entry) {
        if (summary.paths.length >= MAX_PATHS_TRACKED) continue;
        entry = { path: c.path, added: 0, removed: 0, changed: 0 };
        summary.paths.push(entry);
        index.paths.set(c.path, entry);
      }
      entry[c.kind]++;
    }
  }
}

/** The summary as the API shows it: top paths and errors by count. */
export function presentSummary(summary: ReplaySummary): ReplaySummary {
  const total = (p: ReplaySummary['paths'][number]) => p.added + p.removed + p.changed;
  return {
    ...summary,
    paths: [...summary.paths].sort((x, y) => total(y) - total(x) || x.path.localeCompare(y.path)).slice(0, TOP_PATHS),
    errors: [...summary.errors].sort((x, y) => y.count - x.count),
  };
}
