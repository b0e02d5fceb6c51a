import { useEffect, useId, useState } from 'react';
import type { EventFilterQuery, EventTypeCounts } from '../../../shared/api/events';
import { parseWhereExpression } from '../../../shared/where-expression';
import type { Source } from '../../api/pipeline';
import './events.css';

const TYPES = ['track', 'identify', 'page', 'screen', 'group', 'alias', 'merge'];

/** ISO <-> the value of a datetime-local input (local time). */
const toLocalInput = (iso: string | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : undefined);
/** A filter as a comparable text: only the fields that are set, in one order. */
const filterText = (f: EventFilterQuery) => JSON.stringify(Object.entries(f).filter(([, v]) => v !== undefined && v !== '').sort(([a], [b]) => a.localeCompare(b)));

/**
 * The filter bar: source, type chips with counts, name, user, time range, free text, JSON-path.
 * `whereError` is what is wrong with the applied filter's JSON path (it was not applied: the page
 * shows no result for it); an edited JSON path is checked as it is written, and the bar says when
 * the form holds edits the table does not show yet (`onPendingChange`).
 */
export function EventFilters({ filter, counts, notApplied, whereError, sources, onChange, onPendingChange }: {
  filter: EventFilterQuery;
  counts: EventTypeCounts | undefined;
  /** The applied filter gave no result (invalid, or refused by the server). */
  notApplied: boolean;
  whereError: string | undefined;
  sources: Source[];
  onChange: (f: EventFilterQuery) => void;
  onPendingChange: (pending: boolean) => void;
}) {
  const [draft, setDraft] = useState(filter);
  const [whereLeft, setWhereLeft] = useState(false);
  const filterKey = JSON.stringify(filter);
  useEffect(() => setDraft(filter), [filterKey]);
  const pending = filterText(draft) !== filterText(filter);
  useEffect(() => onPendingChange(pending), [pending, onPendingChange]);
  const whereId = useId();
  const draftCheck = parseWhereExpression(draft.where);
  // The applied expression's error; an edit's own error once the field is left (or at once while
  // fixing an expression that did not apply).
  const shownWhereError =
    (draft.where ?? '') === (filter.where ?? '') ? whereError : !draftCheck.ok && (whereLeft || whereError) ? draftCheck.error : undefined;
  const types = filter.type ? filter.type.split(',') : [];
  const toggleType = (type: string) => {
    const next = types.includes(type) ? types.filter((t) => t !== type) : [...types, type];
    onChange({ ...filter, type: next.join(',') || undefined });
  };
  const text = (key: 'event' | 'user' | 'q', label: string, placeholder: string) => (
    <label className="filter-field">
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
        {text('event', 'Event name', 'exact, Order* or *order*')}
        {text('user', 'User', 'userId or anonymousId')}
        <label className="filter-field filter-time">
          <span>From</span>
          <input type="datetime-local" step="1" aria-label="Received from" value={toLocalInput(draft.from)} onChange={(e) => setDraft({ ...draft, from: fromLocalInput(e.target.value) })} />
        </label>
        <label className="filter-field filter-time">
          <span>To</span>
          <input type="datetime-local" step="1" aria-label="Received to" value={toLocalInput(draft.to)} onChange={(e) => setDraft({ ...draft, to: fromLocalInput(e.target.value) })} />
        </label>
      </div>
      <div className="filter-row">
        {text('q', 'Text', 'anything in the JSON')}
        <div className="filter-field filter-wide">
          <label htmlFor={`${whereId}-input`}>JSON path</label>
          <input
            id={`${whereId}-input`}
            value={draft.where ?? ''}
            placeholder='properties.revenue > 100 and context.library.name = "analytics-node"'
            aria-invalid={shownWhereError ? true : undefined}
            aria-describedby={shownWhereError ? `${whereId}-error` : undefined}
            onChange={(e) => {
              setWhereLeft(false);
              setDraft({ ...draft, where: e.target.value || undefined });
            }}
            onBlur={() => setWhereLeft(true)}
          />
        </div>
        <div className="filter-buttons">
          <button type="submit">Apply</button>
          <button type="button" className="secondary" onClick={() => onChange({})}>Clear</button>
          {pending && (
            <span className="muted small" data-testid="filters-pending">
              Edited, not applied yet:{' '}
              <button type="button" className="link" onClick={() => setDraft(filter)}>undo edits</button>
            </span>
          )}
        </div>
      </div>
      {/* Under the row of the JSON path field (inside the field it would push the row's inputs out of line). */}
      <p id={`${whereId}-error`} className="field-error" aria-live="polite" hidden={!shownWhereError}>
        {shownWhereError && <span data-testid="where-error"><strong>JSON path not applied:</strong> {shownWhereError}</span>}
      </p>
      <div className="type-chips" role="group" aria-label="Types">
        <span className={notApplied ? 'error' : 'muted'} data-testid="match-count">
          {notApplied
            ? 'Filter not applied'
            : counts?.more
              ? `${counts.total.toLocaleString()}+ matching, counting… ${Math.floor((100 * counts.more.counted) / Math.max(1, counts.more.of))}%`
              : counts
                ? `${counts.total.toLocaleString()} matching`
                : '…'}
        </span>
        {shown.map((t) => (
          <button key={t} type="button" className={`chip ${types.includes(t) ? 'chip-on' : ''}`} aria-pressed={types.includes(t)} onClick={() => toggleType(t)} data-testid={`type-chip-${t}`}>
            {t} {counts && <span className="chip-count">{(counts.types[t] ?? 0).toLocaleString()}</span>}
          </button>
        ))}
      </div>
    </form>
  );
}
