import { useState } from 'react';
import type { EventFilterQuery } from '../../../shared/api/events';
import { userStorage } from '../../lib/core-storage';
import './events.css';

/** Saved filters live in the core's UI state (SQLite), by name. */
const KEY = 'studio.eventFilters';

function readSaved(): Record<string, EventFilterQuery> {
  try {
    const parsed: unknown = JSON.parse(userStorage().getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, EventFilterQuery>) : {};
  } catch {
    return {};
  }
}

const sameFilter = (a: EventFilterQuery, b: EventFilterQuery) => {
  const clean = (f: EventFilterQuery) => JSON.stringify(Object.entries(f).filter(([, v]) => v !== undefined && v !== '').sort(([x], [y]) => x.localeCompare(y)));
  return clean(a) === clean(b);
};

/** Pick a saved filter, save the current one under a name, or delete one. */
export function SavedFilters({ filter, onApply }: { filter: EventFilterQuery; onApply: (f: EventFilterQuery) => void }) {
  const [saved, setSaved] = useState(readSaved);
  const [naming, setNaming] = useState<string>();
  const store = (next: Record<string, EventFilterQuery>) => {
    userStorage().setItem(KEY, JSON.stringify(next));
    setSaved(next);
  };
  const current = Object.keys(saved).find((name) => sameFilter(saved[name]!, filter)) ?? '';
  return (
    <div className="saved-filters" data-testid="saved-filters">
      <select aria-label="Saved filters" value={current} onChange={(e) => e.target.value && onApply(saved[e.target.value]!)}>
        <option value="">{Object.keys(saved).length ? 'Saved filters…' : 'No saved filters'}</option>
        {Object.keys(saved).sort().map((name) => <option key={name} value={name}>{name}</option>)}
      </select>
      {naming === undefined ? (
        <>
          <button type="button" className="secondary" onClick={() => setNaming('')} disabled={!!current}>Save filter…</button>
          {current && <button type="button" className="link danger-link" onClick={() => store(Object.fromEntries(Object.entries(saved).filter(([n]) => n !== current)))}>Delete “{current}”</button>}
        </>
      ) : (
        <form className="inline-form" onSubmit={(e) => { e.preventDefault(); if (naming.trim()) { store({ ...saved, [naming.trim()]: filter }); setNaming(undefined); } }}>
          <input autoFocus aria-label="Name of the saved filter" value={naming} maxLength={100} placeholder="Name" onChange={(e) => setNaming(e.target.value)} />
          <button type="submit" disabled={!naming.trim()}>Save</button>
          <button type="button" className="link" onClick={() => setNaming(undefined)}>Cancel</button>
        </form>
      )}
    </div>
  );
}
