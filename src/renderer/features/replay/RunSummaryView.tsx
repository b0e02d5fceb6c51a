import type { ChangeKind, ReplayRun } from '../../../shared/api/replay';
import { plural } from '../../lib/plural';

/** What each change kind is called on screen. */
export const CHANGE_LABELS: Record<ChangeKind, string> = {
  unchanged: 'Unchanged',
  changed: 'Changed',
  dropped: 'Dropped by B only',
  newlyKept: 'Kept by B only',
  split: 'Split differently',
  newlyFailing: 'Newly failing',
  fixed: 'Fixed',
  stillFailing: 'Still failing',
};

export type Drill = { change?: ChangeKind; path?: string; error?: string };

/** Impact summary: counts per change kind, top changed fields, grouped errors; each number drills down. */
export function RunSummaryView({ run, onDrill }: { run: ReplayRun; onDrill: (d: Drill) => void }) {
  const { summary } = run;
  const outcome = (label: string, c: typeof summary.a) => (
    <p className="muted">
      {label}: {c.kept} kept · {c.dropped} dropped · {c.split} split · {c.failed} failed
      {c.orphans ? (
        <span title="Outputs of transformBatch that name no input event: the pipeline delivers them after the batch's other outputs (GET …/orphans lists them)">
          {' '}
          · {plural(c.orphans, 'output')} naming no input event
        </span>
      ) : null}
    </p>
  );
  return (
    <section className="replay-summary" aria-label="Summary">
      {summary.changes && (
        <div className="change-counts">
          {(Object.keys(CHANGE_LABELS) as ChangeKind[]).map((k) => (
            <button key={k} type="button" className={`count-card change-${k}`} data-testid={`count-${k}`} onClick={() => onDrill({ change: k })}>
              <strong>{(summary.changes![k] ?? 0).toLocaleString()}</strong>
              <span>{CHANGE_LABELS[k]}</span>
            </button>
          ))}
        </div>
      )}
      {summary.orphansChanged ? (
        <p className="orphans-changed" data-testid="orphans-changed">
          <strong>Outputs naming no input event differ</strong> in {plural(summary.orphansChanged, 'batch', 'batches')}: B&apos;s new events of
          transformBatch are not A&apos;s. They belong to no input event, so the counts above leave them out; they are listed below.
        </p>
      ) : null}
      {outcome(run.b ? `A · ${run.a.label}` : run.a.label, summary.a)}
      {summary.b && run.b && outcome(`B · ${run.b.label}`, summary.b)}
      {summary.paths.length > 0 && (
        <table className="paths-table">
          <caption>Top changed fields (B against A)</caption>
          <thead><tr><th scope="col">Field</th><th scope="col">Added</th><th scope="col">Removed</th><th scope="col">Changed</th></tr></thead>
          <tbody>
            {summary.paths.map((p) => (
              <tr key={p.path}>
                <th scope="row"><button type="button" className="link" onClick={() => onDrill({ path: p.path })}><code>{p.path || '(whole output)'}</code></button></th>
                <td>{p.added}</td><td>{p.removed}</td><td>{p.changed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {summary.errors.length > 0 && (
        <ul className="error-groups" aria-label="Errors">
          {summary.errors.map((e) => (
            <li key={`${e.side}:${e.message}`}>
              <button type="button" className="link" onClick={() => onDrill({ error: e.message })}>
                <strong>{e.count}×</strong> {run.b ? `${e.side.toUpperCase()}: ` : ''}<span className="mono">{e.message.split('\n')[0]}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
