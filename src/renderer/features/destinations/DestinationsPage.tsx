import { useCallback, useEffect, useMemo, useState } from 'react';
import { pipelineApi, type DestinationView, type Source } from '../../api/pipeline';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useActions } from '../../hooks/useActions';
import { navigate } from '../../hooks/useHashRoute';
import { usePaletteAction } from '../../hooks/usePaletteAction';
import { DeliveriesView } from './DeliveriesView';
import { LiveView } from './LiveView';
import { pageHref } from '../../hooks/routes';
import { DestinationCard } from './DestinationCard';
import { DestinationForm } from './DestinationForm';
import './destinations.css';

/** Destinations with their delivery health; one destination's deliveries when `id` is given. */
export function DestinationsPage({ id, params }: { id?: string; params: Record<string, string> }) {
  const [destinations, setDestinations] = useState<DestinationView[]>();
  const [sources, setSources] = useState<Source[]>([]);
  const [editing, setEditing] = useState<DestinationView | 'new'>();
  const [deleting, setDeleting] = useState<DestinationView>();
  const load = useCallback(async () => {
    try {
      const [d, s] = await Promise.all([pipelineApi.listDestinations(), pipelineApi.listSources()]);
      setDestinations(d.destinations);
      setSources(s.sources);
    } catch (e) {
      setError((e as Error).message);
    }
  }, []);
  const { act, error, setError, notice, setNotice } = useActions(load);
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), 1500); // delivery state moves on its own
    return () => clearInterval(timer);
  }, [load]);
  // "New destination…" from the command palette.
  useEffect(() => {
    if (params.new === '1') setEditing('new');
  }, [params.new]);
  const sourceMap = useMemo(() => new Map(sources.map((s) => [s.id, s])), [sources]);
  const shown = id ? destinations?.filter((d) => d.id === id) : destinations;
  const retry = (d: DestinationView) =>
    void act(async () => {
      const { queued } = await pipelineApi.retryFailed(d.id);
      setNotice(`Queued ${queued} failed event${queued === 1 ? '' : 's'} of ${d.name} for another delivery.`);
    });
  const toggle = (d: DestinationView) => {
    // A quarantined destination is enabled but paused by the studio: Resume enables it again.
    const enabled = !d.enabled || !!d.delivery.quarantine;
    void act(() => pipelineApi.updateDestination(d.id, { enabled }), enabled ? `Resumed ${d.name}.` : `Paused ${d.name}.`);
  };
  const failing = (shown ?? []).filter((d) => d.delivery.counts.failed > 0);
  // Retry: of the destination shown, else of the first failing one (the palette names it).
  const target = id ? shown?.[0] : failing[0];
  usePaletteAction(target && target.delivery.counts.failed > 0 ? { id: 'retry', label: `Retry the failed events of ${target.name} now`, run: () => retry(target) } : undefined);
  usePaletteAction(id && shown?.[0] ? { id: 'toggle-destination', label: `${shown[0].enabled && !shown[0].delivery.quarantine ? 'Pause' : 'Resume'} ${shown[0].name}`, run: () => toggle(shown[0]!) } : undefined);
  const card = (d: DestinationView) => (
    <DestinationCard key={d.id} d={d} sources={sourceMap}
      onEdit={() => setEditing(d)}
      onToggle={() => toggle(d)}
      onRetry={() => retry(d)}
      onDisconnect={() => void act(() => pipelineApi.disconnect(d.id), `Disconnected the transformation from ${d.name}: events pass through unchanged.`)}
      onDelete={() => setDeleting(d)} />
  );
  return (
    <section className="page" aria-labelledby="destinations-title">
      <div className="page-head">
        <h2 id="destinations-title">{id ? <><a href="#/destinations">Destinations</a> / {shown?.[0]?.name ?? id}</> : 'Destinations'}</h2>
        <div className="page-actions"><button type="button" onClick={() => setEditing('new')}>New destination</button></div>
      </div>
      <ErrorNotice message={error} onDismiss={() => setError(undefined)} />
      {notice && <p role="status" className="notice">{notice} <button type="button" className="link" onClick={() => setNotice(undefined)} aria-label="Dismiss">✕</button></p>}
      {destinations?.length === 0 && !id && (
        <EmptyState title="No destinations yet" action={<button type="button" onClick={() => setEditing('new')}>New destination</button>}>
          A destination receives the events of its sources, through a published transformation if you connect one: a webhook, an NDJSON file, another data plane, or capture only.
        </EmptyState>
      )}
      {id && destinations && !shown?.length && <EmptyState title="No such destination" action={<a href="#/destinations">All destinations</a>}>It may have been deleted.</EmptyState>}
      <ul className="card-list destination-list" aria-label="Destinations">{shown?.map(card)}</ul>
      {id && shown?.[0] && (
        <>
          <div className="tabs destination-tabs" role="tablist" aria-label="Destination views">
            <a role="tab" href={pageHref('destinations', {}, id)} aria-selected={params.view !== 'live'} className={params.view !== 'live' ? 'active' : ''}>Deliveries</a>
            <a role="tab" href={pageHref('destinations', { view: 'live' }, id)} aria-selected={params.view === 'live'} className={params.view === 'live' ? 'active' : ''}>Live</a>
          </div>
          {params.view === 'live' ? <LiveView destination={shown[0]} /> : <DeliveriesView key={shown[0].id} destination={shown[0]} status={params.status ?? ''} name={params.name ?? ''} />}
        </>
      )}
      {editing && (
        <DestinationForm destination={editing === 'new' ? undefined : editing} sources={sources} onClose={() => { setEditing(undefined); if (params.new) navigate('#/destinations'); }}
          onSaved={(d) => { setEditing(undefined); setNotice(`Saved ${d.name}.`); void load(); }} />
      )}
      {deleting && (
        <ConfirmDialog title={`Delete destination “${deleting.name}”?`} confirmLabel="Delete destination" danger onCancel={() => setDeleting(undefined)}
          onConfirm={() => { const d = deleting; setDeleting(undefined); void act(() => pipelineApi.deleteDestination(d.id), `Deleted ${d.name}.`); }}>
          Its queue position and its {(deleting.delivery.counts.delivered + deleting.delivery.counts.failed).toLocaleString()} delivery results go; captured events stay.
        </ConfirmDialog>
      )}
    </section>
  );
}
