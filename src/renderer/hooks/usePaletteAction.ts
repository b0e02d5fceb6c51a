import { useEffect, useRef } from 'react';

/** An action a page offers while it is shown: in the command palette, and on its key. */
export interface PaletteAction {
  id: string;
  label: string;
  /** The key as the palette shows it, e.g. "Ctrl+Shift+Enter". */
  shortcut?: string;
  /** Whether a key press is this action's shortcut. */
  matches?: (event: KeyboardEvent) => boolean;
  /** Offered by the app whatever the page (theme, sign-out): listed after the page's own actions. */
  late?: boolean;
  run: () => void;
}

const registry = new Map<string, PaletteAction>();
const listeners = new Set<() => void>();
let version = 0;
const changed = () => {
  version++;
  for (const listener of listeners) listener();
};

/** For useSyncExternalStore: a page that mounts or unmounts while the palette is open changes its list. */
export const pageActionsStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  version: () => version,
};

/** The actions of the pages shown now, in the order they were offered. */
export const pageActions = (): PaletteAction[] => [...registry.values()];

/** Runs an action a page offers now (false: none with that id is offered). */
export function runPageAction(id: string): boolean {
  const action = registry.get(id);
  action?.run();
  return action !== undefined;
}

/** Offers `action` while the calling component is mounted (undefined: offers nothing). */
export function usePaletteAction(action: PaletteAction | undefined): void {
  const latest = useRef(action);
  latest.current = action;
  const id = action?.id;
  useEffect(() => {
    if (!id) return;
    const entry: PaletteAction = {
      id,
      get label() { return latest.current?.label ?? id; },
      get shortcut() { return latest.current?.shortcut; },
      get late() { return latest.current?.late; },
      run: () => latest.current?.run(),
    };
    registry.set(id, entry);
    changed();
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !latest.current?.matches?.(event)) return;
      event.preventDefault();
      latest.current.run();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      if (registry.get(id) === entry) {
        registry.delete(id);
        changed();
      }
    };
  }, [id]);
}
