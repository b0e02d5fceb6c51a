import type { ReplayRun } from '../../../shared/api/replay';
import { api } from '../../api/client';
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { When } from '../../components/When';
import { NewRunForm } from './NewRunForm';
import { RunPage } from './RunPage';
import { RunProgress } from './RunProgress';
import { usePolling } from './usePolling';
import './replay.css';

const active = (run: ReplayRun) => run.status === 'queued' || run.status === 'running';

const listRuns = () => api.listReplayRuns().then((r) => r.runs);
const anyActive = (runs: ReplayRun[]) => runs.some(active);

/** `#/replay`: the runs list beside a new-run form; `#/replay/:id`: one run. */
export function ReplayPage({ runId, query }: { runId?: string; query: string }) {
  if (runId) return <RunPage key={runId} runId={runId} />;
  return <RunsList query={query} />;
}

function RunsList({ query }: { query: string }) {
  const { value: runs, error, refresh } = usePolling(listRuns, anyActive);
  return (
    <div className="replay-page">
      <section className="replay-runs" aria-label="Replay runs">
        <h2>Replay runs</h2>
        <ErrorNotice message={error} onRetry={() => void refresh()} />
        {runs && runs.length === 0 && <EmptyState title="No replay runs yet">Start one with the form: pick events and a version (or two to compare).</EmptyState>}
        <ul className="run-list">
          {runs?.map((run) => (
            <li key={run.id} data-testid="run-row">
              <a href={`#/replay/${encodeURIComponent(run.id)}`}>
                <strong>{run.name}</strong> <span className={`badge status-${run.status}`}>{run.status}</span>
              </a>
              <div className="muted">{run.source} · <When iso={run.createdAt} /></div>
              <RunProgress run={run} />
            </li>
          ))}
        </ul>
      </section>
      <NewRunForm query={query} />
    </div>
  );
}
