import { useEffect, useState } from 'react';
import { navigate } from '../../hooks/useHashRoute';
import { loadable } from '../../lib/loadable';
import { matchesKey } from '../../hooks/keymap';

const isOpenKey = (e: globalThis.KeyboardEvent) => matchesKey('palette', e);

// The palette's list, commands and filter load on its first opening (a local chunk: no visible wait),
// so the first screen carries only the key listener.
const Palette = loadable(() => import('./PalettePanel').then((m) => m.Palette), () => null);

/** Ctrl/⌘+K or Ctrl/⌘+Shift+P: every navigation and action by name, with its shortcut. */
export function CommandPalette() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Control' || e.key === 'Meta') void Palette.preload().catch(() => undefined); // on its way before the K (once the core answers)
      if (!isOpenKey(e)) return;
      e.preventDefault();
      e.stopPropagation();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey, true); // before the editors see the key
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
  return open ? <Palette onClose={() => setOpen(false)} navigate={navigate} /> : null;
}
