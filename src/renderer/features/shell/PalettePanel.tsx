import { useMemo, useState, type KeyboardEvent } from 'react';
import { MOD_LABEL } from '../../hooks/useShortcuts';
import { useWorkspace } from '../workspace/useWorkspace';
import { filterCommands, paletteCommands } from './commands';
import './palette.css';

/** The palette itself: loaded on its first opening (CommandPalette.tsx), not with the first screen. */
export function Palette({ onClose, navigate }: { onClose: () => void; navigate: (href: string) => void }) {
  const { transformations, libraries } = useWorkspace();
  const all = useMemo(() => paletteCommands(navigate, transformations, libraries), [navigate, transformations, libraries]);
  const [query, setQuery] = useState('');
  const [index, setIndex] = useState(0);
  const shown = useMemo(() => filterCommands(all, query), [all, query]);
  const run = (i: number) => {
    const command = shown[i];
    if (!command) return;
    onClose();
    command.run();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') onClose();
    else if (e.key === 'ArrowDown') setIndex((i) => Math.min(shown.length - 1, i + 1));
    else if (e.key === 'ArrowUp') setIndex((i) => Math.max(0, i - 1));
    else if (e.key === 'Enter') run(index);
    else return;
    e.preventDefault();
  };
  return (
    <div className="palette-backdrop" onMouseDown={onClose}>
      <div role="dialog" aria-label="Command palette" className="palette" onMouseDown={(e) => e.stopPropagation()}>
        <input
          autoFocus
          role="combobox"
          aria-expanded="true"
          aria-controls="palette-list"
          aria-label="Type a command or a name"
          placeholder={`Type a command or a name · ${MOD_LABEL}+K`}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setIndex(0);
          }}
          onKeyDown={onKeyDown}
        />
        <ul id="palette-list" role="listbox" aria-label="Commands" className="palette-list">
          {shown.length === 0 && <li className="muted">No command matches.</li>}
          {shown.slice(0, 60).map((c, i) => (
            <li key={c.id} role="option" aria-selected={i === index} className={i === index ? 'active' : ''} onMouseEnter={() => setIndex(i)} onClick={() => run(i)}>
              <span className="muted palette-group">{c.group}</span>
              <span className="palette-label">{c.label}</span>
              {c.shortcut && <kbd>{c.shortcut}</kbd>}
            </li>
          ))}
        </ul>
        <p className="muted palette-help">↑↓ to choose · Enter to run · Esc to close · {MOD_LABEL}+K or {MOD_LABEL}+Shift+P opens this</p>
      </div>
    </div>
  );
}
