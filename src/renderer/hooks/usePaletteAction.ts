import { useEffect, useRef } from 'react';

/** An action a page offers while it is shown: in the command palette, and on its key. */
export interface PaletteAction {
  id: string;
  label: string;
  /** The key as the palette shows it, e.g. "Ctrl+Shift+Enter". */
  shortcut?: string;
  /** Whether a key press is this action's shortcut. */
  matches?: (event: KeyboardEvent) => boolean;
  run: () => void;
}

const registry = new Map<string, PaletteAction>();

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
      run: () => latest.current?.run(),
    };
    registry.set(id, entry);
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !latest.current?.matches?.(event)) return;
      event.preventDefault();
      latest.current.run();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      if (registry.get(id) === entry) registry.delete(id);
    };
  }, [id]);
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
/** Ctrl (⌘ on a Mac) held. */
export const modKey = (e: KeyboardEvent) => (isMac ? e.metaKey : e.ctrlKey);
