import type { DestinationView, Source } from '../../api/pipeline';
import { HEALTH_CLASS } from '../../../shared/destination-health';
import { untilText } from '../../../shared/retry-text';
import { useNow } from '../../hooks/useNow';
import { hrefFor, pageHref } from '../../hooks/routes';
import { whenAgo } from './format';
import './destinations.css';

/** ", next attempt in 12 s" (or "now" once it is due), the time itself on hover. */
function NextAttempt({ iso }: { iso: string }) {
  const now = useNow();
  return <>, next attempt <time dateTime={iso} title={iso}>{untilText(iso, now)}</time></>;
}

/** One destination: kind, transformation live on it, sources, state and delivery health, actions. */
export function DestinationCard({ d, sources, onEdit, onToggle, onRetry, onDisconnect, onDelete }: {
  d: DestinationView;
  sources: Map<string, Source>;
  onEdit: () => void;
  onToggle: () => void;
  onRetry: () => void;
  onDisconnect: () => void;
  onDelete: () => void;
}) {
  const c = d.delivery.counts;
  const s = d.delivery.standings; // by each delivery's standing, as its row's Status pill (derived by the core)
  const quarantine = d.delivery.quarantine?.reason;
  const health = d.health; // computed by the core
  return (
    <li className="card destination-card" data-testid="destination-card" aria-label={d.name}>
      <div className="card-row">
        <a className="card-title" href={pageHref('destinations', {}, d.id)}>{d.name}</a>
        <span className="badge">{d.kind}</span>
        <span className={`badge ${HEALTH_CLASS[health]}`} data-testid="destination-state" title={`Worker: ${d.delivery.state}`}>{health}</span>
      </div>
      {quarantine && <p className="notice notice-error" data-testid="quarantine">Paused by the studio: {quarantine}</p>}
      <div className="card-row muted">
        <span>Transformation:</span>
        {d.transformation ? (
          <>
            <a href={hrefFor('transformation', d.transformation.id)}>{d.transformation.name}</a>
            <span className="small" data-testid="live-version">
              {d.transformation.publishedVersionId ? (d.transformation.publishedVersionNumber ? `live v${d.transformation.publishedVersionNumber}` : 'live version') : 'no published version'}
            </span>
            <button type="button" className="link" onClick={onDisconnect}>Disconnect</button>
          </>
        ) : (
          <span>none (events pass through unchanged)</span>
        )}
      </div>
      <div className="card-row muted">
        <span>Sources:</span>
        <span>{d.sourceIds.length ? d.sourceIds.map((id) => sources.get(id)?.name ?? id).join(', ') : 'none'}</span>
      </div>
      <div className="card-row counts" data-testid="delivery-counts">
        <a href={pageHref('destinations', { status: 'delivered' }, d.id)} className="ok">{s.delivered.toLocaleString()} delivered</a>
        {s.retrying > 0 && (
          <a href={pageHref('destinations', { status: 'retrying' }, d.id)} className="muted" data-testid="retrying">
            {s.retrying.toLocaleString()} retrying{d.delivery.nextAttemptAt && <NextAttempt iso={d.delivery.nextAttemptAt} />}
          </a>
        )}
        {s['gave-up'] > 0 && <a href={pageHref('destinations', { status: 'gave-up' }, d.id)} className="error" data-testid="gave-up-count">{s['gave-up'].toLocaleString()} gave up</a>}
        <a href={pageHref('destinations', { status: 'failed' }, d.id)} className={s.failed ? 'error' : 'muted'} data-testid="failed-count" title="Failed and not retried">{s.failed.toLocaleString()} failed</a>
        <span className="muted">{d.delivery.pending.toLocaleString()} pending</span>
        {s.dropped + s.filtered > 0 && <span className="muted">{(s.dropped + s.filtered).toLocaleString()} dropped/filtered</span>}
      </div>
      {d.delivery.lastError && !quarantine && <p className="error small last-error" data-testid="last-error" title={d.delivery.lastError}>Last error: {d.delivery.lastError}</p>}
      <p className="muted small">Last success: {whenAgo(d.delivery.lastSuccessAt)}{d.delivery.lastFailure ? ` · last failure: ${whenAgo(d.delivery.lastFailure.at)}` : ''}</p>
      <div className="card-row card-actions">
        <button type="button" className="secondary" onClick={onEdit}>Edit</button>
        <button type="button" className="secondary" onClick={onToggle}>{d.enabled && !quarantine ? 'Pause' : 'Resume'}</button>
        <button type="button" className="secondary" onClick={onRetry} disabled={c.failed === 0} title="Deliver every failed event again now, without waiting for its next attempt">Retry now</button>
        <a href={pageHref('destinations', {}, d.id)}>Deliveries</a>
        <a href={pageHref('destinations', { view: 'live' }, d.id)}>Live</a>
        <button type="button" className="link danger-link" onClick={onDelete}>Delete</button>
      </div>
    </li>
  );
}
