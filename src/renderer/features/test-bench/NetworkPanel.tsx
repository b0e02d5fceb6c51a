import type { NetworkCall } from '../../api/types';

/** fetch/fetchV2 calls the run made: URL, status, duration, and why one failed or was blocked. */
export function NetworkPanel({ calls }: { calls: NetworkCall[] }) {
  return (
    <details className="logs network" data-testid="network" open={calls.length > 0}>
      <summary>Network ({calls.length})</summary>
      {calls.length === 0 ? (
        <p className="muted">No fetch or fetchV2 calls.</p>
      ) : (
        <table className="settings-table network-table">
          <thead>
            <tr><th scope="col">Request</th><th scope="col">Status</th><th scope="col">Time</th></tr>
          </thead>
          <tbody>
            {calls.map((call, i) => (
              <tr key={i} data-testid="network-call" className={call.error ? 'failed' : ''}>
                <td className="network-url"><code>{call.method} {call.url}</code></td>
                <td>{call.status ?? (call.blocked ? <strong className="error">Blocked</strong> : <span className="error">Failed</span>)}{call.error && <div className="error small">{call.error}</div>}</td>
                <td className="muted">{call.durationMs.toFixed(0)} ms</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}
