import { useCallback, useEffect, useState } from 'react';
import { pipelineApi, type DeliveryRow, type DestinationView } from '../../api/pipeline';
import { ErrorNotice } from '../../components/ErrorNotice';
import { VirtualList } from '../../components/VirtualList';
import { pageHref } from '../../hooks/routes';
import { navigate } from '../../hooks/useHashRoute';

const STATUSES = ['', 'delivered', 'failed', 'dropped', 'filtered'];

function DeliveryItem({ d }: { d: DeliveryRow }) {
  const [open, setOpen] = useState(false);
  return (
    <div className={`delivery delivery-${d.status}`} data-testid="delivery-row">
      <div className="delivery-line">
        <span className={`badge status-${d.status}`}>{d.status}</span>
        {d.eventId ? <a href={pageHref('events', { messageId: d.messageId ?? undefined })} title="The input event">event {d.eventId}</a> : <span className="muted">batch output</span>}
        <span className="muted">{d.eventType}</span>
        <span className="muted">{d.attempts} attempt{d.attempts === 1 ? '' : 's'}</span>
        <span className="muted">{new Date(d.createdAt).toLocaleString()}</span>
        <button type="button" className="link" onClick={() => setOpen(!open)} aria-expanded={open}>{open ? 'Hide' : 'Output and logs'}</button>
      </div>
      {d.error && <div className="error small delivery-error">{d.error}</div>}
      {open && (
        <div className="delivery-more">
          <pre className="json-view small-json">{d.output ? JSON.stringify(d.output, null, 2) : 'No output'}</pre>
          {d.logs.length > 0 && <pre className="small-json">{d.logs.join('\n')}</pre>}
        </div>
      )}
    </div>
  );
}

/** The per-event results of one destination, newest first, filtered by status, paged as you scroll. */
export function DeliveriesView({ destination, status }: { destination: DestinationView; status: string }) {
  const [rows, setRows] = useState<DeliveryRow[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);
  const load = useCallback(async (cursor?: string) => {
    setLoading(true);
    try {
      const page = await pipelineApi.listDeliveries({ destinationId: destination.id, status: status || undefined, limit: 200, cursor });
      setRows((current) => (cursor ? [...current, ...page.deliveries] : page.deliveries));
      setNext(page.next);
      setError(undefined);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setLoading(false);
    }
  }, [destination.id, status]);
  // Reload on a new filter and whenever the destination's counts move (new results arrived).
  const c = destination.delivery.counts;
  const countsKey = `${c.delivered}/${c.failed}/${c.dropped}/${c.filtered}/${destination.delivery.retrying}`;
  useEffect(() => void load(), [load, countsKey]);
  return (
    <div className="deliveries">
      <div className="filter-row">
        <label className="filter-field">
          <span>Status</span>
          <select aria-label="Delivery status" value={status} onChange={(e) => navigate(pageHref('destinations', { status: e.target.value }, destination.id))}>
            {STATUSES.map((s) => <option key={s} value={s}>{s || 'All'}</option>)}
          </select>
        </label>
        <span className="muted">{rows.length.toLocaleString()}{next ? '+' : ''} shown</span>
        {next && <button type="button" className="secondary" disabled={loading} onClick={() => void load(next)}>Load more</button>}
      </div>
      <ErrorNotice message={error} />
      {rows.length === 0 && !loading ? (
        <p className="muted" data-testid="no-deliveries">No {status || ''} deliveries yet.</p>
      ) : (
        <VirtualList className="deliveries-list" label="Deliveries" testId="deliveries-list" items={rows} itemKey={(d) => d.id} estimateSize={56} renderItem={(d) => <DeliveryItem d={d} />} />
      )}
    </div>
  );
}
