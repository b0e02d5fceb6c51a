import { useCallback, useEffect, useState } from 'react';
import { pipelineApi, type DeliveryRow, type DestinationView } from '../../api/pipeline';
import { ErrorNotice } from '../../components/ErrorNotice';
import { VirtualList } from '../../components/VirtualList';
import { When } from '../../components/When';
import { retryText } from '../../../shared/retry-text';
import { useNow } from '../../hooks/useNow';
import { eventLabel } from '../../../shared/event-label';
import { pageHref } from '../../hooks/routes';
import { navigate } from '../../hooks/useHashRoute';
import { DeliveryDetail } from './DeliveryDetail';
import { StandingPill } from './StandingPill';
import { DebugEventButton } from '../debugger';

/** The Status filter: a delivery's standing (derived by the core, the word its Status pill shows), or several. */
const STANDINGS: [value: string, label: string][] = [
  ['', 'All'],
  ['delivered', 'delivered'],
  ['retrying,gave-up,failed', 'not delivered (retrying, gave up or failed)'],
  ['retrying', 'retrying'],
  ['gave-up', 'gave up'],
  ['failed', 'failed (not retried)'],
  ['dropped', 'dropped'],
  ['filtered', 'filtered'],
];

/** "retrying (attempt 3 of 5, next in 12 s)" until it gives up, then "gave up after 5 attempts" with each attempt's status and latency. */
function RetryLine({ d, retry }: { d: DeliveryRow; retry: NonNullable<DeliveryRow['retry']> }) {
  const now = useNow();
  const tries = retry.state === 'gave-up' ? d.attemptLog.map((a) => `${a.statusCode ?? 'no answer'} in ${Math.round(a.latencyMs)} ms`).join(', ') : '';
  return (
    <div className={`small ${retry.state === 'gave-up' ? 'error' : 'muted'}`} data-testid="delivery-retry" title={retry.nextAttemptAt ?? undefined}>
      {retryText(retry, now)}{tries && `: ${tries}`}
    </div>
  );
}

function DeliveryItem({ d }: { d: DeliveryRow }) {
  const [open, setOpen] = useState(false);
  return (
    <div className={`delivery delivery-${d.status}`} data-testid="delivery-row">
      <button type="button" className="delivery-grid delivery-line" onClick={() => setOpen(!open)} aria-expanded={open} title={open ? 'Hide details' : 'Logs, attempts and output'}>
        <span className="col-event" title={d.eventName ?? ''}>
          {d.eventId || d.messageId ? (d.eventName ?? (eventLabel(d.output?.[0]) || <span className="muted">{d.eventType}</span>)) : <span className="muted">batch output</span>}
          {d.sendId && <span className="badge muted via-send" data-testid="delivery-via-send" title={`Delivered by a send (replay to this destination) ${d.sendId}, not the live pipeline`}>replay</span>}
        </span>
        <span><span className={`badge type-${d.eventType}`}>{d.eventType ?? '—'}</span></span>
        <span><StandingPill d={d} /></span>
        <span className="num" data-testid="delivery-attempts-count">{d.attempts}</span>
        <span className={`num ${d.statusCode !== null && d.statusCode >= 300 ? 'error' : ''}`} data-testid="delivery-status-code">{d.statusCode ?? '—'}</span>
        <span className="num" data-testid="delivery-latency">{d.latencyMs === null ? '—' : `${Math.round(d.latencyMs)} ms`}</span>
        <span className="col-when"><When iso={d.createdAt} /></span>
      </button>
      {d.error && <div className="error small delivery-error">{d.error}</div>}
      {d.retry && <RetryLine d={d} retry={d.retry} />}
      {open && (
        <>
          <div className="delivery-actions">
            {d.eventId && <a className="small" href={pageHref('events', { messageId: d.messageId ?? undefined })}>Open event {d.eventId}</a>}
            {d.eventId && d.transformationId && (
              <DebugEventButton transformationId={d.transformationId} load={async () => (await pipelineApi.getEvent(d.eventId!)).event} label={`delivery of event ${d.eventId}`}
                title="Open the destination's transformation with this captured event in its test bench and run it under the debugger (its current code, gutter breakpoints, debugger; statements)" />
            )}
          </div>
          <DeliveryDetail d={d} />
        </>
      )}
    </div>
  );
}

/** The per-event results of one destination, newest first, filtered by event name and status, paged as you scroll. */
export function DeliveriesView({ destination, status, name }: { destination: DestinationView; status: string; name: string }) {
  const [rows, setRows] = useState<DeliveryRow[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);
  const [typed, setTyped] = useState(name);
  const load = useCallback(async (cursor?: string) => {
    setLoading(true);
    try {
      const page = await pipelineApi.listDeliveries({ destinationId: destination.id, standing: status || undefined, eventName: name || undefined, limit: 200, cursor });
      setRows((current) => (cursor ? [...current, ...page.deliveries] : page.deliveries));
      setNext(page.next);
      setError(undefined);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setLoading(false);
    }
  }, [destination.id, status, name]);
  // Reload on a new filter and whenever the destination's counts move (new results arrived, a retry moved on).
  const countsKey = `${JSON.stringify(destination.delivery.standings)}/${destination.delivery.retrying}/${destination.delivery.nextAttemptAt}`;
  useEffect(() => void load(), [load, countsKey]);
  const go = (change: Record<string, string>) => navigate(pageHref('destinations', { status, name, ...change }, destination.id));
  return (
    <div className="deliveries">
      <div className="filter-row">
        <label className="filter-field">
          <span>Event name</span>
          <input type="search" aria-label="Event name contains" placeholder="Part of the name" value={typed}
            onChange={(e) => setTyped(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && go({ name: typed.trim() })} onBlur={() => typed.trim() !== name && go({ name: typed.trim() })} />
        </label>
        <label className="filter-field">
          <span>Status</span>
          <select aria-label="Delivery status" value={status} onChange={(e) => go({ status: e.target.value })}>
            {!STANDINGS.some(([value]) => value === status) && <option value={status}>{status}</option>}
            {STANDINGS.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
        </label>
        <span className="muted">{rows.length.toLocaleString()}{next ? '+' : ''} shown</span>
        {next && <button type="button" className="secondary" disabled={loading} onClick={() => void load(next)}>Load more</button>}
      </div>
      <ErrorNotice message={error} />
      {rows.length === 0 && !loading ? (
        <p className="muted" data-testid="no-deliveries">No {status ? `${STANDINGS.find(([value]) => value === status)?.[1] ?? status} ` : ''}deliveries{name ? ` of events named like “${name}”` : ''} yet.</p>
      ) : (
        <div className="deliveries-table" role="table" aria-label="Deliveries">
          <div className="delivery-grid deliveries-head" role="row">
            <span role="columnheader">Event</span><span role="columnheader">Type</span><span role="columnheader">Status</span>
            <span role="columnheader" className="num">Attempts</span><span role="columnheader" className="num">HTTP</span>
            <span role="columnheader" className="num">Latency</span><span role="columnheader">At</span>
          </div>
          <VirtualList className="deliveries-list" label="Deliveries" testId="deliveries-list" items={rows} itemKey={(d) => d.id} estimateSize={40} renderItem={(d) => <DeliveryItem d={d} />} />
        </div>
      )}
    </div>
  );
}
