import type { ReactNode } from 'react';
import type { ProfileSummary } from '../../../shared/api/debug';
import { FlameChart } from './FlameChart';
import { plural } from '../../lib/plural';
import type { ProfileRun } from './useProfile';

/** Below this many samples in user code, a profile's line and function times are mostly noise. */
const FEW_SAMPLES = 50;
/** Samples that landed in the transformation's or its libraries' lines. */
const userSamples = (summary: ProfileSummary) => (summary.sampleMs > 0 ? Math.round(summary.lines.reduce((sum, line) => sum + line.selfMs, 0) / summary.sampleMs) : 0);

const ms = (value: number) => `${value >= 10 ? value.toFixed(1) : value.toFixed(3)} ms`;

function Distribution({ summary }: { summary: ProfileSummary }) {
  const { counts, fromMs, bucketMs } = summary.histogram;
  const most = Math.max(...counts, 1);
  return (
    <div className="profile-distribution">
      <dl className="profile-times" data-testid="profile-times">
        <dt>Events</dt>
        <dd>{summary.events.toLocaleString()}</dd>
        <dt>p50</dt>
        <dd>{ms(summary.times.p50)}</dd>
        <dt>p99</dt>
        <dd>{ms(summary.times.p99)}</dd>
        <dt>max</dt>
        <dd>{ms(summary.times.max)}</dd>
        <dt>total</dt>
        <dd>{ms(summary.times.totalMs)}</dd>
      </dl>
      <div className="histogram" role="img" aria-label={`Events per time from ${ms(fromMs)} in steps of ${ms(bucketMs)}`}>
        {counts.map((count, i) => (
          <span key={i} style={{ height: `${count === 0 ? 0 : Math.max(4, (count / most) * 100)}%` }} title={`${plural(count, 'event')} from ${ms(fromMs + i * bucketMs)} to ${ms(fromMs + (i + 1) * bucketMs)}`} />
        ))}
      </div>
    </div>
  );
}

/** Progress of a profile, then where the time went: lines (in the editor's gutter), functions, flame chart, per-event times. */
export function ProfilePanel({
  run,
  onOpenEvent,
  onDebugEvent,
  onClose,
}: {
  run: ProfileRun;
  onOpenEvent: (event: Record<string, unknown>) => void;
  onDebugEvent: (event: Record<string, unknown>, label: string) => void;
  onClose: () => void;
}) {
  const { state, error } = run;
  const summary = state?.summary;
  const userUrls = new Set(summary?.functions.filter((f) => f.user).map((f) => f.url) ?? []);
  return (
    <section className="profile-panel" aria-label="Profile">
      <div className="debug-toolbar">
        <strong>Profile</strong>
        {state?.state === 'running' && (
          <>
            <progress max={state.total} value={state.done} aria-label="Profile progress" />
            <span className="small" data-testid="profile-progress">
              {state.done.toLocaleString()} of {state.total.toLocaleString()} events
            </span>
            <button type="button" className="danger" onClick={() => void run.cancel()}>
              Cancel
            </button>
          </>
        )}
        {state && state.state !== 'running' && (
          <button type="button" className="link" onClick={onClose}>
            Close
          </button>
        )}
      </div>
      {error && <p className="error small">{error}</p>}
      {state?.message && <p className={state.state === 'failed' ? 'error small' : 'muted small'} role="status">{state.message}</p>}
      {summary && (
        <>
          <p className="muted small">Self time per line is in the editor’s gutter (and in each library’s editor). Sampled every {ms(summary.sampleMs)} on average.</p>
          {userSamples(summary) < FEW_SAMPLES && (
            <p className="warning small" role="status" data-testid="few-samples">
              Only {userSamples(summary)} sample{userSamples(summary) === 1 ? '' : 's'} landed in your code: too few for the times per line and function to be trusted. Profile more events (or the newest captured ones).
            </p>
          )}
          <Distribution summary={summary} />
          <ProfileTable title="Slowest events" testId="slowest-events" head={['#', 'Event', 'Time', '']}>
            {summary.slowest.map((slow, i) => {
              const event = state.slowestEvents?.[i] ?? {};
              const label = `event #${slow.index + 1}${typeof event.messageId === 'string' ? ` (${event.messageId})` : ''}`;
              return (
                <tr key={slow.index}>
                  <td>{slow.index + 1}</td>
                  <td>{String(event.event ?? event.type ?? '')} <span className="muted">{String(event.messageId ?? '')}</span></td>
                  <td>{ms(slow.ms)}</td>
                  <td>
                    <button type="button" className="link" onClick={() => onOpenEvent(event)}>Open in bench</button>{' '}
                    <button type="button" className="link" onClick={() => onDebugEvent(event, label)}>Debug</button>
                  </td>
                </tr>
              );
            })}
          </ProfileTable>
          <ProfileTable title="Hottest lines" testId="hot-lines" head={['Line', 'Self']}>
            {summary.lines.slice(0, 5).map((line) => (
              <tr key={`${line.url}:${line.line}`}>
                <td>{line.url}:{line.line}</td>
                <td>{ms(line.selfMs)}</td>
              </tr>
            ))}
          </ProfileTable>
          <ProfileTable title="Hottest functions" testId="hot-functions" head={['Function', 'Where', 'Self', 'Total']}>
            {summary.functions.slice(0, 15).map((fn) => (
              <tr key={`${fn.name}:${fn.url}:${fn.line}`} className={fn.user ? 'user' : 'muted'}>
                <td>{fn.name}</td>
                <td>{fn.url ? `${fn.url}:${fn.line}` : 'V8'}</td>
                <td>{ms(fn.selfMs)}</td>
                <td>{ms(fn.totalMs)}</td>
              </tr>
            ))}
          </ProfileTable>
          <h4>Flame chart</h4>
          <FlameChart root={summary.flame} userUrls={userUrls} />
        </>
      )}
    </section>
  );
}

/** One of the profile's tables under its heading: the column names, then the rows given. */
function ProfileTable({ title, testId, head, children }: { title: string; testId: string; head: string[]; children: ReactNode }) {
  return (
    <>
      <h4>{title}</h4>
      <table className="profile-table" data-testid={testId}>
        <thead>
          <tr>
            {head.map((name, i) => (name ? <th key={i}>{name}</th> : <th key={i} />))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </>
  );
}
