import { useCallback, useEffect, useMemo, useState } from 'react';
import type { SchemaResponse, SchemaWindow } from '../../../../shared/api/schema';
import { pipelineApi, type Source } from '../../../api/pipeline';
import { schemaApi } from '../../../api/schema';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { When } from '../../../components/When';
import { VirtualList } from '../../../components/VirtualList';
import { pageHref } from '../../../hooks/routes';
import { navigate } from '../../../hooks/useHashRoute';
import { usePaletteAction } from '../../../hooks/usePaletteAction';
import { saveTextFile } from '../../../lib/text-files';
import { SchemaTree } from './SchemaTree';
import { EventsViewTabs, schemaHref } from './EventsViewTabs';
import './schema.css';

const WINDOWS: { value: SchemaWindow; label: string }[] = [
  { value: 'all', label: 'All time' }, { value: '24h', label: 'Last 24 hours' }, { value: '7d', label: 'Last 7 days' }, { value: '30d', label: 'Last 30 days' },
];
const keyOf = (e: { type: string; name: string }) => `${e.type}\u0000${e.name}`;

/** The Schema view of the Events page: what captured events carry, per event name. */
export function SchemaPage({ params }: { params: Record<string, string> }) {
  const [sources, setSources] = useState<Source[]>([]);
  const [data, setData] = useState<SchemaResponse>();
  const [error, setError] = useState<string>();
  const [search, setSearch] = useState('');
  const query = useMemo(() => ({ sourceId: params.sourceId || undefined, window: (params.window as SchemaWindow) || undefined }), [params.sourceId, params.window]);
  const load = useCallback(() => schemaApi.schema(query).then((d) => { setData(d); setError(undefined); }, (e: Error) => setError(e.message)), [query]);
  useEffect(() => void pipelineApi.listSources().then((a) => setSources(a.sources), (e: Error) => setError(e.message)), []);
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), 3_000);
    return () => clearInterval(timer);
  }, [load]);
  const events = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (data?.events ?? []).filter((e) => !needle || `${e.type} ${e.name}`.toLowerCase().includes(needle) || e.paths.some((p) => p.path.toLowerCase().includes(needle)));
  }, [data, search]);
  const selected = events.find((e) => keyOf(e) === params.event) ?? events[0];
  const set = (patch: Record<string, string | undefined>) => navigate(schemaHref({ ...params, ...patch }));
  const exportJson = async () => {
    try {
      await saveTextFile('event-schemas.json', JSON.stringify(await schemaApi.jsonSchema(query), null, 2));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const status = data?.status;
  const rebuild = () => void schemaApi.rebuild().then(load, (e: Error) => setError(e.message));
  usePaletteAction({ id: 'schema-rebuild', label: 'Rebuild the event schema (learn it again from every stored event)', run: rebuild });
  usePaletteAction(data?.events.length ? { id: 'schema-export', label: 'Export the event schema as JSON Schema…', run: () => void exportJson() } : undefined);
  return (
    <section className="page schema-page" aria-labelledby="schema-title">
      <div className="page-head">
        <h2 id="schema-title">Events</h2>
        <EventsViewTabs current="schema" />
        <div className="page-actions">
          <button type="button" className="secondary" onClick={() => void exportJson()} disabled={!data?.events.length}>Export JSON Schema</button>
          <button type="button" className="secondary" onClick={rebuild}
            title="Forget the schema and learn it again from every stored event">Rebuild</button>
        </div>
      </div>
      <div className="filter-row schema-filters">
        <label className="filter-field">Source
          <select value={params.sourceId ?? ''} onChange={(e) => set({ sourceId: e.target.value || undefined, event: undefined })}>
            <option value="">All sources</option>
            {sources.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
          </select>
        </label>
        <label className="filter-field">Time window
          <select value={params.window ?? 'all'} onChange={(e) => set({ window: e.target.value === 'all' ? undefined : e.target.value })}>
            {WINDOWS.map((w) => <option key={w.value} value={w.value}>{w.label}</option>)}
          </select>
        </label>
        <label className="filter-field filter-wide">Search events and paths
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="e.g. total, context.traits" />
        </label>
      </div>
      {status && (
        <p className="muted schema-status" data-testid="schema-status">
          Learned from {status.foldedUpTo.toLocaleString()} captured events
          {status.behind > 0 ? ` · ${status.behind.toLocaleString()} newer ones are being folded in` : ' · up to date'}.
          <span className="schema-legend"><span className="badge badge-error">conflict</span> several types <span className="badge badge-new">new</span> first seen in the last 24 h</span>
        </p>
      )}
      <ErrorNotice message={error} onDismiss={() => setError(undefined)} onRetry={() => void load()} />
      {data && data.events.length === 0 ? (
        <EmptyState title="No schema yet" action={<a href="#/sources">Send events from the Sources page</a>}>
          The schema is learned from captured and imported events{params.sourceId || params.window ? ' of this source and time window' : ''}.
        </EmptyState>
      ) : (
        <div className="schema-body">
          <VirtualList items={events} itemKey={keyOf} estimateSize={44} label="Event names" testId="schema-events" className="schema-events"
            renderItem={(e) => (
              <button type="button" className={`schema-event ${selected && keyOf(selected) === keyOf(e) ? 'selected' : ''}`} onClick={() => set({ event: keyOf(e) })}>
                <span className="schema-event-name">{e.name || <em>({e.type})</em>}</span>
                <span className="muted">{e.type} · {e.count.toLocaleString()} · {e.paths.length} paths</span>
              </button>
            )} />
          {selected && (
            <div className="schema-detail" data-testid="schema-detail">
              <div className="schema-detail-head">
                <h3>{selected.name || selected.type}</h3>
                <span className="muted">{selected.type} · {selected.count.toLocaleString()} events · first <When iso={selected.firstSeen} /> · last <When iso={selected.lastSeen} /></span>
                <a href={pageHref('events', { type: selected.type, event: selected.name || undefined, sourceId: params.sourceId })}>Show these events</a>
              </div>
              {selected.droppedPaths > 0 && <p className="notice">{selected.droppedPaths.toLocaleString()} further paths were not kept (2,000 per event and day).</p>}
              <SchemaTree event={selected} search={search} />
            </div>
          )}
        </div>
      )}
    </section>
  );
}
