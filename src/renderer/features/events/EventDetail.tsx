import { useEffect, useState } from 'react';
import { pipelineApi, type EventDetail as Detail } from '../../api/pipeline';
import { CopyButton } from '../../components/CopyButton';
import './events.css';

const pretty = (text: string) => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

/** One event's JSON: enriched (as stored and delivered) and as received (the raw request). */
export function EventDetail({ id, onClose, onAddAsTest }: { id: string; onClose: () => void; onAddAsTest?: () => void }) {
  const [detail, setDetail] = useState<Detail>();
  const [error, setError] = useState<string>();
  const [view, setView] = useState<'enriched' | 'received'>('enriched');
  useEffect(() => {
    setDetail(undefined);
    setError(undefined);
    pipelineApi.getEvent(id).then(setDetail, (e: Error) => setError(e.message));
  }, [id]);
  const text = !detail ? '' : view === 'enriched' ? JSON.stringify(detail.event, null, 2) : detail.request ? pretty(detail.request.body) : '(the raw request is no longer stored)';
  return (
    <aside className="event-detail" aria-label="Event detail" data-testid="event-detail">
      <div className="detail-head">
        <strong>Event {id}</strong>
        <div role="tablist" aria-label="Event JSON" className="tabs tabs-small">
          <button type="button" role="tab" aria-selected={view === 'enriched'} className={view === 'enriched' ? 'active' : ''} onClick={() => setView('enriched')}>Enriched</button>
          <button type="button" role="tab" aria-selected={view === 'received'} className={view === 'received' ? 'active' : ''} onClick={() => setView('received')}>As received</button>
        </div>
        <CopyButton text={text} label="Copy JSON" />
        {onAddAsTest && <button type="button" className="secondary" onClick={onAddAsTest}>Add as test…</button>}
        <button type="button" className="link" onClick={onClose} aria-label="Close event detail">✕</button>
      </div>
      {error && <p className="error">{error}</p>}
      {detail?.request && view === 'received' && (
        <p className="muted small">POST /v1/{detail.request.callType} from {detail.request.requestIp ?? 'unknown'} · {detail.request.eventCount} event{detail.request.eventCount === 1 ? '' : 's'} in the request</p>
      )}
      <pre className="json-view" data-testid="event-json">{detail ? text : 'Loading…'}</pre>
    </aside>
  );
}
