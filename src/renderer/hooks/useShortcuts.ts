import { useEffect, useRef } from 'react';
import { matchesKey } from './keymap';

export interface Shortcuts {
  onSave?: () => void;
  onRun?: () => void;
  onFormat?: () => void;
}

/** The shortcuts of the page being shown (the command palette offers them as actions). */
export const activeShortcuts: { current?: Shortcuts } = {};

/** Page-wide save, run test and format (keys of hooks/keymap.ts) outside the editors. */
export function useShortcuts(shortcuts: Shortcuts): void {
  const latest = useRef(shortcuts);
  latest.current = shortcuts;
  useEffect(() => {
    const proxy: Shortcuts = {
      onSave: () => latest.current.onSave?.(),
      onRun: latest.current.onRun ? () => latest.current.onRun?.() : undefined,
      onFormat: () => latest.current.onFormat?.(),
    };
    activeShortcuts.current = proxy;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return; // an editor already handled it
      let action: (() => void) | undefined;
      if (matchesKey('save', event)) action = latest.current.onSave;
      else if (matchesKey('run', event)) action = latest.current.onRun; // not Mod+Shift+Enter: that one is Publish
      else if (matchesKey('format', event)) action = latest.current.onFormat;
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      if (activeShortcuts.current === proxy) activeShortcuts.current = undefined;
    };
  }, []);
}

export { MOD_LABEL } from './keymap';
