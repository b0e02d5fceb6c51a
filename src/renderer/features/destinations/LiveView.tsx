import { useEffect, useRef, useState } from 'react';
import { pipelineApi, type DeliveryRow, type DestinationView } from '../../api/pipeline';
import { readServerEvents } from '../../api/server-events';
import { ErrorNotice } from '../../components/ErrorNotice';
import { When } from '../../components/When';
import { StandingPill } from './StandingPill';
import { eventLabel } from '../../../shared/event-label';
import { useCoreDown } from '../../api/core-connection';

const KEEP = 200;

/**
 * What the destination received after transformation, as it arrives (like RudderStack's Live
 * Events): each delivered output with its input event's name, status and HTTP answer, newest on
 * top; pausing keeps the list still while new results are counted.
 */
export function LiveView({ destination }: { destination: DestinationView }) {
  const [rows, setRows] = useState<DeliveryRow[]>([]);
  const [paused, setPaused] = useState(false);
  const [missed, setMissed] = useState(0);
  const [error, setError] = useState<string>();
  const [open, setOpen] = useState<string>();
  const newest = useRef<number>(0);
  const [connected, setConnected] = useState(false);
  const coreDown = useCoreDown();
  // Pushed, not polled: the core tells (server-sent events) when results of this destination are
  // recorded, and the view then fetches the new ones. The stream is opened again if it drops.
  useEffect(() => {
    const abort = new AbortController();
    let fetching: Promise<void> | undefined;
    let again = false;
    const fetchNew = async () => {
      try {
        const page = await pipelineApi.listDeliveries({ destinationId: destination.id, limit: 100 });
        const fresh = page.deliveries.filter((d) => Number(d.id) > newest.current);
        if (fresh.length && !abort.signal.aborted) {
          newest.current = Math.max(...fresh.map((d) => Number(d.id)));
          if (paused) setMissed((n) => n + fresh.length);
          else setRows((current) => [...fresh, ...current].slice(0, KEEP));
        }
        setError(undefined);
      } catch (e) {
        if (!abort.signal.aborted) setError((e as Error).message);
      }
    };
    // One fetch at a time; a push during a fetch asks for one more after it.
    const pushed = () => {
      if (fetching) {
        again = true;
        return;
      }
      fetching = fetchNew().finally(() => {
        fetching = undefined;
        if (again && !abort.signal.aborted) {
          again = false;
          pushed();
        }
      });
    };
    const listen = async () => {
      while (!abort.signal.aborted) {
        try {
          await readServerEvents(`/studio/api/deliveries/stream?destinationId=${encodeURIComponent(destination.id)}`, pushed, abort.signal, () => {
            setConnected(true);
            pushed(); // what arrived before the stream opened
          });
        } catch (e) {
          if (abort.signal.aborted) return;
          setError(`The live stream stopped: ${(e as Error).message}; reconnecting…`);
        }
        setConnected(false);
        if (!abort.signal.aborted) await new Promise((r) => setTimeout(r, 2000));
      }
    };
    void listen();
    return () => abort.abort();
  }, [destination.id, paused]);
  return (
    <div className="live-view" data-testid="live-view">
      <div className="filter-row">
        <span className={`live-dot ${paused || coreDown ? 'paused' : ''}`} aria-hidden="true" />
        <strong data-testid="live-state" data-connected={connected && !coreDown}>{coreDown ? 'Not live' : paused ? 'Paused' : 'Live'}</strong>
        <span className="muted">What {destination.name} received{destination.transformation ? ` after ${destination.transformation.name}` : ' (no transformation: events as captured)'}, newest first</span>
        <button type="button" className="secondary" onClick={() => {
          if (paused) {
            // Resumed: the newest results again, the ones that came while paused included.
            newest.current = 0;
            setRows([]);
            setMissed(0);
          }
          setPaused(!paused);
        }}>{paused ? `Resume${missed ? ` (${missed} new)` : ''}` : 'Pause'}</button>
        {rows.length > 0 && <button type="button" className="link" onClick={() => setRows([])}>Clear</button>}
      </div>
      <ErrorNotice message={error} />
      {rows.length === 0 ? (
        <p className="muted" data-testid="live-empty">Waiting for events… Send one to a source of this destination and it shows here once delivered.</p>
      ) : (
        <ol className="live-list" aria-label="Received events">
          {rows.map((d) => (
            <li key={d.id} className={`live-item delivery-${d.status}`} data-testid="live-item">
              <button type="button" className="live-line" aria-expanded={open === d.id} onClick={() => setOpen(open === d.id ? undefined : d.id)}>
                <When iso={d.createdAt} className="muted" />
                <span className={`badge type-${d.eventType}`}>{d.eventType ?? 'output'}</span>
                <span className="live-name">{d.eventName ?? eventLabel(d.output?.[0])}</span>
                <StandingPill d={d} />
                <span className="muted">{d.statusCode ? `HTTP ${d.statusCode}` : ''}{d.latencyMs !== null ? ` · ${Math.round(d.latencyMs)} ms` : ''}</span>
                <span className="muted">{d.output ? `${d.output.length} output${d.output.length === 1 ? '' : 's'}` : 'no output'}</span>
              </button>
              {d.error && <div className="error small">{d.error}</div>}
              {open === d.id && <pre className="json-view small-json" data-testid="live-output">{d.output ? JSON.stringify(d.output.length === 1 ? d.output[0] : d.output, null, 2) : 'No output'}</pre>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
