import { useEffect, useState } from 'react';
import type { EventFilterQuery, EventTypeCounts } from '../../../shared/api/events';
import type { Source } from '../../api/pipeline';

const TYPES = ['track', 'identify', 'page', 'screen', 'group', 'alias', 'merge'];

/** ISO <-> the value of a datetime-local input (local time). */
const toLocalInput = (iso: string | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : undefined);

/** The filter bar: source, type chips with counts, name, user, time range, free text, JSON-path. */
export function EventFilters({ filter, counts, sources, onChange }: { filter: EventFilterQuery; counts: EventTypeCounts | undefined; sources: Source[]; onChange: (f: EventFilterQuery) => void }) {
  const [draft, setDraft] = useState(filter);
  const filterKey = JSON.stringify(filter);
  useEffect(() => setDraft(filter), [filterKey]);
  const types = filter.type ? filter.type.split(',') : [];
  const toggleType = (type: string) => {
    const next = types.includes(type) ? types.filter((t) => t !== type) : [...types, type];
    onChange({ ...filter, type: next.join(',') || undefined });
  };
  const text = (key: 'event' | 'user' | 'q' | 'where', label: string, placeholder: string, wide = false) => (
    <label className={`filter-field ${wide ? 'filter-wide' : ''}`}>
      <span>{label}</span>
      <input value={draft[key] ?? ''} placeholder={placeholder} onChange={(e) => setDraft({ ...draft, [key]: e.target.value || undefined })} />
    </label>
  );
  const shown = TYPES.filter((t) => (counts?.types[t] ?? 0) > 0 || types.includes(t));
  return (
    <form className="event-filters" aria-label="Event filters" onSubmit={(e) => { e.preventDefault(); onChange(draft); }}>
      <div className="filter-row">
        <label className="filter-field">
          <span>Source</span>
          <select value={filter.sourceId ?? ''} onChange={(e) => onChange({ ...filter, sourceId: e.target.value || undefined })}>
            <option value="">All sources</option>
            {sources.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
          </select>
        </label>
        {text('event', 'Event name', 'Order Completed')}
        {text('user', 'User', 'userId or anonymousId')}
        <label className="filter-field">
          <span>From</span>
          <input type="datetime-local" step="1" aria-label="Received from" value={toLocalInput(draft.from)} onChange={(e) => setDraft({ ...draft, from: fromLocalInput(e.target.value) })} />
        </label>
        <label className="filter-field">
          <span>To</span>
          <input type="datetime-local" step="1" aria-label="Received to" value={toLocalInput(draft.to)} onChange={(e) => setDraft({ ...draft, to: fromLocalInput(e.target.value) })} />
        </label>
      </div>
      <div className="filter-row">
        {text('q', 'Text', 'anything in the JSON')}
        {text('where', 'JSON path', 'properties.revenue > 100 and context.library.name = "analytics-node"', true)}
        <div className="filter-buttons">
          <button type="submit">Apply</button>
          <button type="button" className="secondary" onClick={() => onChange({})}>Clear</button>
        </div>
      </div>
      <div className="type-chips" role="group" aria-label="Types">
        <span className="muted">{counts ? `${counts.total.toLocaleString()} matching` : '…'}</span>
        {shown.map((t) => (
          <button key={t} type="button" className={`chip ${types.includes(t) ? 'chip-on' : ''}`} aria-pressed={types.includes(t)} onClick={() => toggleType(t)} data-testid={`type-chip-${t}`}>
            {t} <span className="chip-count">{(counts?.types[t] ?? 0).toLocaleString()}</span>
          </button>
        ))}
      </div>
    </form>
  );
}
