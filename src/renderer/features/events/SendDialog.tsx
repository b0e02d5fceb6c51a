import { useEffect, useState } from 'react';
import type { ReplaySource } from '../../../shared/api/replay';
import { pipelineApi, type DestinationView } from '../../api/pipeline';
import { sendsApi, type SendJob } from '../../api/sends';
import { AlertText } from '../../components/AlertText';
import { Dialog } from '../../components/Dialog';
import { pageHref } from '../../hooks/routes';
import './events.css';

const REMOTE = 'remote';

/** The events a send job has finished with, and whether it is still going. */
function progressOf(job: SendJob) {
  const { accepted, rejected, failed } = job.counts;
  const done = accepted + rejected + failed;
  return { done, running: job.status === 'queued' || job.status === 'running', percent: job.total ? Math.round((done / job.total) * 100) : 100 };
}

/**
 * Replay to a destination: the selected (or matching) captured events sent to one of the studio's
 * destinations (through its transformation) or a remote data plane, at most N per second, with
 * progress, pause (the events not yet sent wait), resume, cancel and a summary. Resuming or sending
 * the failed ones again never sends an accepted event twice.
 */
export function SendDialog({ source, label, onClose }: { source: ReplaySource; label: string; onClose: () => void }) {
  const [destinations, setDestinations] = useState<DestinationView[]>();
  const [target, setTarget] = useState('');
  const [url, setUrl] = useState('');
  const [writeKey, setWriteKey] = useState('');
  const [rate, setRate] = useState(50);
  const [job, setJob] = useState<SendJob>();
  const [error, setError] = useState<string>();
  useEffect(() => void pipelineApi.listDestinations().then((r) => { setDestinations(r.destinations); setTarget((t) => t || r.destinations[0]?.id || REMOTE); }, (e: Error) => setError(e.message)), []);
  const progress = job && progressOf(job);
  useEffect(() => {
    if (!job || !progress?.running) return;
    const timer = setTimeout(() => void sendsApi.get(job.id).then(setJob, (e: Error) => setError(e.message)), 250);
    return () => clearTimeout(timer);
  }, [job, progress?.running]);
  const act = async (f: () => Promise<SendJob>) => {
    setError(undefined);
    try {
      setJob(await f());
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const start = () => act(() => sendsApi.create({ source, ratePerSecond: rate, target: target === REMOTE ? { kind: 'remote', url, writeKey } : { kind: 'destination', destinationId: target } }));
  const chosen = destinations?.find((d) => d.id === target);
  const actions = !job ? (
    <>
      <button type="button" className="secondary" onClick={onClose}>Cancel</button>
      <button type="button" onClick={() => void start()} disabled={!target || (target === REMOTE && (!url.trim() || !writeKey))}>Send {label}</button>
    </>
  ) : progress!.running ? (
    <>
      <button type="button" className="secondary" onClick={() => void act(() => sendsApi.cancel(job.id))}>Pause</button>
      <button type="button" className="secondary danger" onClick={() => void sendsApi.cancel(job.id).finally(onClose)}>Cancel send</button>
    </>
  ) : (
    <>
      {(job.counts.pending > 0 || job.counts.failed > 0) && (
        <button type="button" className="secondary" onClick={() => void act(() => sendsApi.retry(job.id))}>{job.counts.pending > 0 ? 'Resume' : 'Send the failed ones again'}</button>
      )}
      <button type="button" onClick={onClose}>Close</button>
    </>
  );
  return (
    <Dialog title={`Send ${label} to a destination`} onClose={onClose} testId="send-dialog" actions={actions}>
      {!job ? (
        <div className="form-grid">
          <label className="form-span">Destination
            <select value={target} onChange={(e) => setTarget(e.target.value)} aria-label="Send to">
              {destinations?.map((d) => <option key={d.id} value={d.id}>{d.name} ({d.kind}{d.transformation ? `, through ${d.transformation.name}` : ''})</option>)}
              <option value={REMOTE}>A remote data plane…</option>
            </select>
          </label>
          {chosen && <p className="field-help form-span">Each event goes through {chosen.transformation ? `${chosen.transformation.name} (its live version)` : 'no transformation'} and then to {chosen.name}, as the destination delivers it.</p>}
          {target === REMOTE && (
            <>
              <label>Data plane URL<input value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://hosted.rudderlabs.com" /></label>
              <label>Write key<input type="password" autoComplete="off" value={writeKey} onChange={(e) => setWriteKey(e.target.value)} /></label>
            </>
          )}
          <label>Events per second at most<input type="number" min={1} max={100000} value={rate} onChange={(e) => setRate(Math.max(1, Number(e.target.value) || 1))} /></label>
        </div>
      ) : (
        <div className="send-progress" data-testid="send-progress">
          <p>
            {job.target.kind === 'destination' ? <>To <a href={pageHref('destinations', {}, job.target.destinationId)}>{job.target.name}</a></> : <>To {job.target.url}</>} · {job.ratePerSecond}/s at most ·{' '}
            <span className="badge" data-testid="send-status">{job.status === 'cancelled' && job.counts.pending > 0 ? 'paused' : job.status}</span>
          </p>
          <progress max={job.total} value={progress!.done} aria-label="Sent" />
          <p data-testid="send-counts">
            {progress!.done.toLocaleString()} of {job.total.toLocaleString()} ({progress!.percent}%) · <span className="ok">{job.counts.accepted} accepted</span> ·{' '}
            <span className={job.counts.rejected ? 'error' : ''}>{job.counts.rejected} rejected</span> · <span className={job.counts.failed ? 'error' : ''}>{job.counts.failed} failed</span> · {job.counts.pending} waiting
          </p>
          {!progress!.running && job.status === 'done' && (
            <p role="status" data-testid="send-summary">
              Done: {job.counts.accepted} of {job.total} accepted{job.counts.rejected ? `, ${job.counts.rejected} refused for good (4xx or a transformation error)` : ''}{job.counts.failed ? `, ${job.counts.failed} failed and may pass if sent again` : ''}.
            </p>
          )}
        </div>
      )}
      <AlertText error={error} />
    </Dialog>
  );
}
