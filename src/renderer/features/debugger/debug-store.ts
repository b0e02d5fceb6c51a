import './debugger.css';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { ChangeSet, Text } from '@codemirror/state';
import type { ProfileSummary } from '../../../shared/api/debug';
import { moveBreakpoints } from '../../editor/move-breakpoints';

// What the debugger and profiler keep while the app runs, shared by every editor: breakpoints per
// artifact (transformation or library id), the paused location and the last profile's line heat,
// by script url (the transformation's name, or `library <importName>`).

interface DebugStore {
  breakpoints: Map<string, number[]>;
  paused?: { url: string; line: number };
  profile?: ProfileSummary;
}

let store: DebugStore = { breakpoints: new Map() };
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
  toggleBreakpoint(artifactId: string, line: number) {
    update((current) => {
      const lines = current.breakpoints.get(artifactId) ?? [];
      const next = lines.includes(line) ? lines.filter((l) => l !== line) : [...lines, line].sort((a, b) => a - b);
      return { ...current, breakpoints: new Map(current.breakpoints).set(artifactId, next) };
    });
  },
  /** An edit of the artifact's code: its breakpoints follow their lines (no update when none moved). */
  editBreakpoints(artifactId: string, before: Text, after: Text, changes: ChangeSet) {
    const lines = store.breakpoints.get(artifactId);
    if (!lines || lines.length === 0) return;
    const moved = moveBreakpoints(lines, before, after, changes);
    if (moved.length === lines.length && moved.every((line, i) => line === lines[i])) return;
    update((current) => ({ ...current, breakpoints: new Map(current.breakpoints).set(artifactId, moved) }));
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
  const edit = useCallback((before: Text, after: Text, changes: ChangeSet) => debugStore.editBreakpoints(artifactId, before, after, changes), [artifactId]);
  const breakpoints = current.breakpoints.get(artifactId);
  const currentLine = current.paused?.url === url ? current.paused.line : undefined;
  const { profile } = current;
  return useMemo(() => {
    const hottest = Math.max(0, ...(profile?.lines.map((line) => line.selfMs) ?? []));
    const lines = profile?.lines.filter((line) => line.url === url) ?? [];
    return {
      breakpoints: breakpoints ?? [],
      onToggleBreakpoint: toggle,
      onEdit: edit,
      currentLine,
      heat: hottest > 0 ? lines.map((line) => ({ line: line.line, selfMs: line.selfMs, share: line.selfMs / hottest })) : undefined,
    };
  }, [breakpoints, toggle, edit, currentLine, profile, url]);
}
