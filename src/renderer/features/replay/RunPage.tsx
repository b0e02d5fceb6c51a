import { useCallback, useEffect, useState } from 'react';
import type { ChangeKind, ReplayResult, ReplayRun, ReplaySource, ResultsQuery } from '../../../shared/api/replay';
import { api } from '../../api/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { SplitLayout } from '../../components/SplitLayout';
import { VirtualList } from '../../components/VirtualList';
import { useActions } from '../../hooks/useActions';
import { navigate } from '../../hooks/useHashRoute';
import { AddAsTestsDialog } from '../events';
import { SendDialog } from '../events';
import { toggled } from '../../lib/toggled';
import { ResultDetail } from './ResultDetail';
import { usePolling } from './usePolling';
import { RunProgress } from './RunProgress';
import { CHANGE_LABELS, RunSummaryView } from './RunSummaryView';
import { OrphansView } from './OrphansView';
import { eventLabel } from '../../../shared/event-label';
import { plural } from '../../lib/plural';

type Only = NonNullable<ResultsQuery['only']> | '';

/** A run's rows as a send's events: the captured events by id, or (imported ones among them) the inputs themselves. */
const sendSource = (rows: ReplayResult[]): ReplaySource =>
  rows.every((r) => r.eventId !== null) ? { kind: 'events', ids: rows.map((r) => r.eventId!) } : { kind: 'file', events: rows.map((r) => r.input) };
const PAGE = 500;

/** One run: summary, filters, virtualised per-event results and the A/B diff of the picked one. */
export function RunPage({ runId }: { runId: string }) {
  const load = useCallback(() => api.getReplayRun(runId), [runId]);
  const keep = useCallback((run: ReplayRun) => run.status === 'queued' || run.status === 'running', []);
  const { value: run, error, refresh } = usePolling(load, keep);
  const [only, setOnly] = useState<Only>('');
  const [drill, setDrill] = useState<{ change?: ChangeKind; path?: string; error?: string }>({});
  const [results, setResults] = useState<ReplayResult[]>([]);
  const [total, setTotal] = useState(0);
  const [picked, setPicked] = useState<ReplayResult>();
  const { act, error: actionError, setError: setActionError, notice } = useActions(refresh);
  // Rows chosen to become tests (any of them, not only failures).
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [adding, setAdding] = useState(false);
  const [sending, setSending] = useState(false);
  const [addedNotice, setAddedNotice] = useState<string>();

  const done = run?.done ?? 0;
  useEffect(() => {
    let stale = false;
    api.replayResults(runId, { only: only || undefined, ...drill, limit: PAGE }).then(
      (page) => {
        if (stale) return;
        setResults(page.results);
        setTotal(page.total);
      },
      (e: Error) => setActionError(e.message),
    );
    return () => {
      stale = true;
    };
  }, [runId, only, drill, done]);

  if (!run) return <ErrorNotice message={error} onRetry={() => void refresh()} />;
  const transformationId = run.b?.transformationId ?? run.a.transformationId;
  const failures = run.b ? (run.summary.b?.failed ?? 0) : run.summary.a.failed;
  return (
    <div className="run-page">
      <header className="run-header">
        <a href="#/replay">← Replay runs</a>
        <h2>{run.name}</h2>
        <span className={`badge status-${run.status}`} data-testid="run-status">{run.status}</span>
        <span className="muted">{run.source}</span>
      </header>
      <RunProgress run={run} />
      <div className="run-actions">
        {(run.status === 'running' || run.status === 'queued') && <button type="button" className="secondary" onClick={() => void act(() => api.cancelReplayRun(run.id))}>Cancel</button>}
        {(run.status === 'interrupted' || run.status === 'cancelled') && <button type="button" onClick={() => void act(() => api.resumeReplayRun(run.id))}>Resume</button>}
        {transformationId && failures > 0 && (
          <button type="button" className="secondary" onClick={() => void act(() => api.saveRunAsTests(run.id, { transformationId }), `Saved ${failures} failing events as test events of the transformation; publish runs them.`)}>
            Save failures as test events
          </button>
        )}
        {results.length > 0 && (
          <button type="button" className="secondary" onClick={() => setAdding(true)}>
            {chosen.size ? `Add ${chosen.size} selected as tests…` : `Add the ${results.length} shown as tests…`}
          </button>
        )}
        {results.length > 0 && (
          <button type="button" className="secondary" onClick={() => setSending(true)}>
            {chosen.size ? `Send ${chosen.size} selected to a destination…` : `Send the ${results.length} shown to a destination…`}
          </button>
        )}
        {transformationId && <a href={`#/transformations/${encodeURIComponent(transformationId)}`}>Open the transformation</a>}
        {run.status !== 'running' && run.status !== 'queued' && (
          <button type="button" className="secondary danger" onClick={() => void act(async () => { await api.deleteReplayRun(run.id); navigate('#/replay'); })}>Delete run</button>
        )}
      </div>
      {notice && <p role="status" className="notice">{notice}</p>}
      {actionError && <p role="alert" className="error">{actionError}</p>}
      {run.error && <p role="alert" className="error">{run.error}</p>}
      <RunSummaryView run={run} onDrill={(d) => { setOnly(''); setDrill(d); }} />
      <OrphansView run={run} />
      <div className="result-filters" role="group" aria-label="Show">
        {(['', 'changed', 'errors', 'dropped'] as Only[]).map((o) => (
          <button key={o || 'all'} type="button" className={only === o && !drill.change && !drill.path && !drill.error ? '' : 'secondary'} onClick={() => { setDrill({}); setOnly(o); }}>
            {o === '' ? 'All' : `Only ${o}`}
          </button>
        ))}
        <span className="muted" data-testid="results-total">{plural(total, 'event')}{drill.change ? ` · ${CHANGE_LABELS[drill.change].toLowerCase()}` : ''}{drill.path ? ` · field ${drill.path}` : ''}{drill.error ? ' · one error' : ''}</span>
      </div>
      {/* List and detail side by side at every width, splitter between (sizes remembered); the pair is as tall as the page's view. */}
      <SplitLayout
        id="replay-run"
        className="run-results"
        label="Resize the event list"
        first={{
          id: 'events',
          className: 'run-results-list',
          defaultSize: '32%',
          minSize: '200px',
          content: (
            <VirtualList
              testId="replay-results"
              label="Per-event results"
              items={results}
              itemKey={(r) => String(r.position)}
              estimateSize={34}
              renderItem={(r) => (
                <div className="result-row-item">
                  <input type="checkbox" aria-label={`Select event #${r.position + 1}`} checked={chosen.has(r.position)} onChange={() => setChosen((c) => toggled(c, r.position))} />
                  <button type="button" className={`result-row ${picked?.position === r.position ? 'selected' : ''}`} onClick={() => setPicked(r)}>
                    <span className="mono">#{r.position + 1}</span> {String(r.input.type ?? '')} {eventLabel(r.input)}
                    <span className={`badge change-${r.change ?? 'none'}`}>{r.change ? CHANGE_LABELS[r.change] : r.a.error ? 'error' : `${r.a.outputs.length} output${r.a.outputs.length === 1 ? '' : 's'}`}</span>
                  </button>
                </div>
              )}
            />
          ),
        }}
        second={{
          id: 'detail',
          className: 'run-results-detail',
          minSize: '320px',
          content: picked ? <ResultDetail result={picked} run={run} /> : <p className="muted">Pick an event to see its outputs{run.b ? ' and the A vs B diff' : ''}.</p>,
        }}
      />
      {adding && (
        <AddAsTestsDialog
          label={chosen.size ? `the ${plural(chosen.size, 'selected event')}` : `the ${plural(results.length, 'shown event')}`}
          defaultTransformationId={transformationId ?? undefined}
          load={async () => results.filter((r) => !chosen.size || chosen.has(r.position)).map((r) => r.input)}
          onClose={() => setAdding(false)}
          onDone={(m) => { setAdding(false); setChosen(new Set()); setAddedNotice(m); }}
        />
      )}
      {sending && (
        <SendDialog
          source={sendSource(results.filter((r) => !chosen.size || chosen.has(r.position)))}
          label={chosen.size ? plural(chosen.size, 'selected event') : plural(results.length, 'shown event')}
          onClose={() => setSending(false)}
        />
      )}
      {addedNotice && <p role="status" className="notice">{addedNotice}</p>}
      {total > results.length && <p className="muted">Showing the first {results.length.toLocaleString()} of {total.toLocaleString()}; narrow with the filters.</p>}
    </div>
  );
}
