import { useMemo, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { pageActionsStore } from '../../hooks/usePaletteAction';
import { keyLabel } from '../../hooks/keymap';
import { useWorkspace } from '../workspace';
import { filterCommands, paletteCommands, recentCommands, rememberCommand } from './commands';
import { KeymapTable } from './KeymapTable';
import './palette.css';

/** The label with the characters the query matched marked. */
function Marked({ text, positions }: { text: string; positions: Set<number> }) {
  if (positions.size === 0) return <>{text}</>;
  return <>{[...text].map((ch, i) => (positions.has(i) ? <mark key={i}>{ch}</mark> : ch))}</>;
}

/** The palette itself: loaded on its first opening (CommandPalette.tsx), not with the first screen. */
export function Palette({ onClose, navigate }: { onClose: () => void; navigate: (href: string) => void }) {
  const { transformations, libraries } = useWorkspace();
  const [keys, setKeys] = useState(false);
  const actions = useSyncExternalStore(pageActionsStore.subscribe, pageActionsStore.version);
  const all = useMemo(() => paletteCommands(navigate, transformations, libraries, () => setKeys(true)), [navigate, transformations, libraries, actions]);
  const [query, setQuery] = useState('');
  const [index, setIndex] = useState(0);
  const recent = useMemo(recentCommands, []);
  const shown = useMemo(() => filterCommands(all, query, recent), [all, query, recent]);
  const run = (i: number) => {
    const command = shown[i]?.command;
    if (!command) return;
    rememberCommand(command.id);
    if (command.id === 'keyboard-shortcuts') return command.run(); // shown here, the palette stays
    onClose();
    command.run();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      if (keys) setKeys(false);
      else onClose();
    } else if (e.key === 'ArrowDown') setIndex((i) => Math.min(shown.length - 1, i + 1));
    else if (e.key === 'ArrowUp') setIndex((i) => Math.max(0, i - 1));
    else if (e.key === 'Enter' && !keys) run(index);
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
          placeholder={`Type a command or a name (fuzzy: “ordpip” finds “Order pipeline”) · ${keyLabel('palette').split(' or ')[0]}`}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setKeys(false);
            setIndex(0);
          }}
          onKeyDown={onKeyDown}
        />
        {keys ? (
          <div className="palette-keys">
            <KeymapTable />
          </div>
        ) : (
          <ul id="palette-list" role="listbox" aria-label="Commands" className="palette-list">
            {shown.length === 0 && <li className="muted">No command matches.</li>}
            {shown.slice(0, 60).map(({ command: c, positions }, i) => (
              <li key={c.id} role="option" aria-selected={i === index} className={i === index ? 'active' : ''} onMouseEnter={() => setIndex(i)} onClick={() => run(i)}>
                <span className="muted palette-group">{!query && recent.includes(c.id) ? 'Recent' : c.group}</span>
                <span className="palette-label"><Marked text={c.label} positions={positions} /></span>
                {c.shortcut && <kbd>{c.shortcut}</kbd>}
              </li>
            ))}
          </ul>
        )}
        <p className="muted palette-help">
          ↑↓ to choose · Enter to run · Esc to close · {keyLabel('palette')} opens this ·{' '}
          <button type="button" className="link" onClick={() => setKeys(!keys)}>{keys ? 'Back to the commands' : 'Keyboard shortcuts'}</button>
        </p>
      </div>
    </div>
  );
}
