import './debugger.css';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { ChangeSet, Text } from '@codemirror/state';
import type { ProfileSummary } from '../../../shared/api/debug';
import type { CoverageResponse, LineCoverage } from '../../../shared/api/coverage';
import { lineMover, moveBreakpoints, moveLineMarks } from '../../editor/move-breakpoints';

// What the debugger and profiler keep while the app runs, shared by every editor: breakpoints per
// artifact (transformation or library id), the paused location, the last profile's line heat and
// the last coverage, by script url (the transformation's name, or `library <importName>`). Heat
// and coverage marks follow their lines through edits; coverage of a script whose code changed
// since it ran is out of date.

export interface CoverageMarks {
  result: CoverageResponse;
  /** What ran: "the saved tests", "captured events". */
  by: string;
  /** Per script url its line marks, moved with edits. */
  lines: Map<string, LineCoverage[]>;
  /** Per script url the code it ran on. */
  code: Map<string, string>;
  /** Script urls whose code changed since. */
  stale: Set<string>;
}

/** What makes a breakpoint conditional, or a logpoint (shared/api/debug.ts DebugBreakpoint). */
export interface BreakpointDetails {
  condition?: string;
  logMessage?: string;
}

interface DebugStore {
  breakpoints: Map<string, number[]>;
  /** Per artifact, the breakpoints (by line) with a condition or a log message. */
  details: Map<string, Map<number, BreakpointDetails>>;
  /** The breakpoint whose condition or log message is being edited. */
  editing?: { artifactId: string; line: number };
  paused?: { url: string; line: number };
  profile?: ProfileSummary;
  coverage?: CoverageMarks;
}

let store: DebugStore = { breakpoints: new Map(), details: new Map() };
const listeners = new Set<() => void>();
const update = (change: (current: DebugStore) => DebugStore) => {
  store = change(store);
  listeners.forEach((listener) => listener());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const debugStore = {
  get: () => store,
  breakpointsOf: (artifactId: string) => store.breakpoints.get(artifactId) ?? [],
  detailsOf: (artifactId: string, line: number): BreakpointDetails | undefined => store.details.get(artifactId)?.get(line),
  /** Sets a breakpoint on the line with its condition or log message (none: a plain breakpoint); `remove` takes it away. */
  setBreakpoint(artifactId: string, line: number, details: BreakpointDetails | 'remove') {
    update((current) => {
      const lines = (current.breakpoints.get(artifactId) ?? []).filter((l) => l !== line);
      const kept = new Map(current.details.get(artifactId));
      kept.delete(line);
      if (details !== 'remove' && (details.condition?.trim() || details.logMessage?.trim())) kept.set(line, details);
      const next = details === 'remove' ? lines : [...lines, line].sort((a, b) => a - b);
      return { ...current, editing: undefined, breakpoints: new Map(current.breakpoints).set(artifactId, next), details: new Map(current.details).set(artifactId, kept) };
    });
  },
  editBreakpointAt: (editing: DebugStore['editing']) => update((current) => ({ ...current, editing })),
  toggleBreakpoint(artifactId: string, line: number) {
    update((current) => {
      const lines = current.breakpoints.get(artifactId) ?? [];
      const next = lines.includes(line) ? lines.filter((l) => l !== line) : [...lines, line].sort((a, b) => a - b);
      const kept = new Map(current.details.get(artifactId));
      kept.delete(line);
      return { ...current, breakpoints: new Map(current.breakpoints).set(artifactId, next), details: new Map(current.details).set(artifactId, kept) };
    });
  },
  /** An edit of the artifact's code: its breakpoints follow their lines (no update when none moved). */
  editBreakpoints(artifactId: string, before: Text, after: Text, changes: ChangeSet) {
    const lines = store.breakpoints.get(artifactId);
    if (!lines || lines.length === 0) return;
    const moved = moveBreakpoints(lines, before, after, changes);
    if (moved.length === lines.length && moved.every((line, i) => line === lines[i])) return;
    const move = lineMover(before, after, changes);
    const details = new Map<number, BreakpointDetails>();
    for (const [line, detail] of store.details.get(artifactId) ?? []) {
      const to = move(line);
      if (to !== undefined) details.set(to, detail);
    }
    update((current) => ({ ...current, breakpoints: new Map(current.breakpoints).set(artifactId, moved), details: new Map(current.details).set(artifactId, details) }));
  },
  /** An edit of an artifact's code (script `url`): breakpoints, heat and coverage marks follow their lines; coverage of changed code goes out of date. */
  edit(artifactId: string, url: string, before: Text, after: Text, changes: ChangeSet) {
    debugStore.editBreakpoints(artifactId, before, after, changes);
    const { profile, coverage } = store;
    if (profile?.lines.some((line) => line.url === url)) {
      const moved = moveLineMarks(profile.lines.filter((line) => line.url === url), before, after, changes);
      update((current) => ({ ...current, profile: current.profile && { ...current.profile, lines: [...current.profile.lines.filter((line) => line.url !== url), ...moved] } }));
    }
    const lines = coverage?.lines.get(url);
    if (coverage && lines) {
      const changed = after.toString() !== coverage.code.get(url);
      const stale = new Set(coverage.stale);
      if (changed) stale.add(url);
      else stale.delete(url);
      update((current) => ({ ...current, coverage: { ...coverage, lines: new Map(coverage.lines).set(url, moveLineMarks(lines, before, after, changes)), stale } }));
    }
  },
  setCoverage(result: CoverageResponse | undefined, by: string, code: Map<string, string>) {
    update((current) => ({ ...current, coverage: result && { result, by, code, stale: new Set(), lines: new Map(result.scripts.map((script) => [script.url, script.lines])) } }));
  },
  setPaused: (paused: DebugStore['paused']) => update((current) => ({ ...current, paused })),
  setProfile: (profile: ProfileSummary | undefined) => update((current) => ({ ...current, profile })),
};

export function useDebugStore(): DebugStore {
  return useSyncExternalStore(subscribe, debugStore.get);
}

/** The marks an editor of this artifact (script `url`) shows: its breakpoints, the paused line, the profile's heat. */
export function useEditorMarks(artifactId: string, url: string) {
  const current = useDebugStore();
  const toggle = useCallback((line: number) => debugStore.toggleBreakpoint(artifactId, line), [artifactId]);
  const edit = useCallback((before: Text, after: Text, changes: ChangeSet) => debugStore.edit(artifactId, url, before, after, changes), [artifactId, url]);
  const breakpoints = current.breakpoints.get(artifactId);
  const details = current.details.get(artifactId);
  const editDetails = useCallback((line: number) => debugStore.editBreakpointAt({ artifactId, line }), [artifactId]);
  const currentLine = current.paused?.url === url ? current.paused.line : undefined;
  const { profile, coverage } = current;
  return useMemo(() => {
    const covered = coverage?.lines.get(url);
    const hottest = Math.max(0, ...(profile?.lines.map((line) => line.selfMs) ?? []));
    const lines = profile?.lines.filter((line) => line.url === url) ?? [];
    return {
      breakpoints: breakpoints ?? [],
      breakpointKinds: new Map([...(details ?? [])].map(([line, d]) => [line, d.logMessage?.trim() ? ('log' as const) : ('conditional' as const)])),
      onToggleBreakpoint: toggle,
      onEditBreakpoint: editDetails,
      onEdit: edit,
      currentLine,
      heat: hottest > 0 ? lines.map((line) => ({ line: line.line, selfMs: line.selfMs, share: line.selfMs / hottest })) : undefined,
      coverage: covered && coverage ? { lines: covered, stale: coverage.stale.has(url), by: coverage.by } : undefined,
    };
  }, [breakpoints, details, toggle, editDetails, edit, currentLine, profile, coverage, url]);
}
