import { useEffect, useRef } from 'react';

export interface Shortcuts {
  onSave?: () => void;
  onRun?: () => void;
  onFormat?: () => void;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The shortcuts of the page being shown (the command palette offers them as actions). */
export const activeShortcuts: { current?: Shortcuts } = {};

/** Page-wide Mod-s (save), Mod-Enter (run test), Shift-Alt-f (format) outside the editors. */
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
      const mod = isMac ? event.metaKey : event.ctrlKey;
      let action: (() => void) | undefined;
      if (mod && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 's') action = latest.current.onSave;
      else if (mod && event.key === 'Enter') action = latest.current.onRun;
      else if (event.shiftKey && event.altKey && event.code === 'KeyF') action = latest.current.onFormat;
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

export const MOD_LABEL = isMac ? '⌘' : 'Ctrl';
