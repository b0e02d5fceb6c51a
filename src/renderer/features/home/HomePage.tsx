import { useEffect, useState } from 'react';
import { api, type StudioInfo } from '../../api/client';
import { Dashboard } from './Dashboard';
import { GetStarted } from './GetStarted';
import { useWorkspace } from '../workspace';
import './home.css';

/** Landing page: the instance's health and where its data lives. */
export function HomePage({ info }: { info: StudioInfo }) {
  const [health, setHealth] = useState<'checking' | 'ok' | 'unreachable'>('checking');
  // A first visit (nothing made yet) starts with Getting started; later it sits below the facts.
  const first = useWorkspace().transformations?.length === 0;
  useEffect(() => {
    let cancelled = false;
    const check = () =>
      api
        .health()
        .then((h) => !cancelled && setHealth(h.status === 'ok' ? 'ok' : 'unreachable'))
        .catch(() => !cancelled && setHealth('unreachable'));
    void check();
    const timer = setInterval(check, 10_000);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, []);
  return (
    <section className="home" aria-labelledby="home-title">
      <h2 id="home-title">Overview</h2>
      {first && <GetStarted />}
      <Dashboard info={info} />
      <dl className="facts">
        <dt>Server health</dt>
        <dd data-testid="health" className={`health health-${health}`}>{health}</dd>
        <dt>Data directory</dt>
        <dd data-testid="data-dir"><code>{info.dataDir}</code></dd>
        <dt>Database</dt>
        <dd><code>{info.databaseFile}</code></dd>
        <dt>Signed in as</dt>
        <dd data-testid="email">{info.email}</dd>
        <dt>Server</dt>
        <dd><code>{info.baseUrl}</code> · {info.runtime} · v{info.version}</dd>
      </dl>
      {!first && <GetStarted />}
    </section>
  );
}
