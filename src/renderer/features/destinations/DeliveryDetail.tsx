import type { DeliveryRow } from '../../api/pipeline';
import { When } from '../../components/When';

/** One delivery opened: its own log lines, its batch's lines apart, every attempt, the output. */
export function DeliveryDetail({ d }: { d: DeliveryRow }) {
  return (
    <div className="delivery-more" data-testid="delivery-detail">
      <section>
        <h4>Logs of this event ({d.logs.length})</h4>
        {d.logs.length ? <pre className="small-json" data-testid="delivery-logs">{d.logs.join('\n')}</pre> : <p className="muted small">It wrote no log lines.</p>}
        {d.batchLogs.length > 0 && (
          <details data-testid="delivery-batch-logs">
            <summary className="muted small">Lines of its batch tied to no one event ({d.batchLogs.length})</summary>
            <pre className="small-json">{d.batchLogs.join('\n')}</pre>
          </details>
        )}
      </section>
      <section>
        <h4>Attempts ({d.attemptLog.length})</h4>
        {d.attemptLog.length ? (
          <table className="attempts-table" data-testid="delivery-attempts">
            <thead><tr><th>At</th><th>Output</th><th>HTTP</th><th>Latency</th><th>Answer / error</th></tr></thead>
            <tbody>
              {d.attemptLog.map((a, i) => (
                <tr key={i}>
                  <td><When iso={a.at} /></td>
                  <td>#{a.outputIndex + 1}</td>
                  <td className={a.error ? 'error' : 'ok'}>{a.statusCode ?? '—'}</td>
                  <td>{a.latencyMs.toFixed(1)} ms</td>
                  <td><code className="attempt-body">{a.error ?? a.responseBody ?? ''}</code></td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : <p className="muted small">No request was made (dropped, filtered, or a destination without requests).</p>}
      </section>
      <section>
        <h4>Output</h4>
        <pre className="json-view small-json">{d.output ? JSON.stringify(d.output, null, 2) : 'No output'}</pre>
      </section>
    </div>
  );
}
