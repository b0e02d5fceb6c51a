import { useCallback, useEffect, useState } from 'react';
import type { ReplayRun } from '../../../shared/api/replay';
import { api } from '../../api/client';
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { NewRunForm } from './NewRunForm';
import { RunPage } from './RunPage';
import { RunProgress } from './RunProgress';

const active = (run: ReplayRun) => run.status === 'queued' || run.status === 'running';

/** Polls `load` every second while `keepPolling` says so. */
export function usePolling<T>(load: () => Promise<T>, keepPolling: (value: T) => boolean) {
  const [value, setValue] = useState<T>();
  const [error, setError] = useState<string>();
  const refresh = useCallback(async () => {
    try {
      const next = await load();
      setValue(next);
      setError(undefined);
      return next;
    } catch (e) {
      setError((e as Error).message);
      return undefined;
    }
  }, [load]);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const next = await refresh();
      if (!stopped && next !== undefined && keepPolling(next)) timer = setTimeout(() => void tick(), 700);
    };
    void tick();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [refresh, keepPolling]);
  return { value, error, refresh };
}

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
              <div className="muted">{run.source} · {new Date(run.createdAt).toLocaleString()}</div>
              <RunProgress run={run} />
            </li>
          ))}
        </ul>
      </section>
      <NewRunForm query={query} />
    </div>
  );
}
