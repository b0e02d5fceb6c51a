import { coverageLine, UncoveredBranches } from './CoverageSummary';
import type { ConfidenceState, CoverageSource } from './useConfidence';
import { CloseLink, RunState } from './PanelParts';

/** The coverage of the editor's code: the summary, libraries, branches never taken; out of date once the code changes. */
export function CoveragePanel({ state, onJump }: { state: ConfidenceState; onJump: (line: number, column: number) => void }) {
  const { coverage } = state;
  const result = coverage?.result;
  const main = result?.scripts[0];
  const stale = main ? coverage!.stale.has(main.url) : false;
  return (
    <section className="coverage-panel" aria-label="Coverage">
      <div className="debug-toolbar">
        <strong>Coverage</strong>
        <label className="small">
          of{' '}
          <select value={state.source} onChange={(e) => state.setSource(e.target.value as CoverageSource)} aria-label="What to cover with">
            <option value="saved-tests">the saved tests</option>
            <option value="captured">the newest 1,000 captured events</option>
          </select>
        </label>
        <button type="button" className="secondary" disabled={state.covering} onClick={() => void state.runCoverage()}>
          {state.covering ? 'Running…' : 'Run again'}
        </button>
        <CloseLink onClose={state.closeCoverage} />
      </div>
      <RunState error={state.coverageError} running={state.covering && !result}>
        Running the code with V8’s coverage in a debug process…
      </RunState>
      {result && main && (
        <>
          <p className={stale ? 'small muted' : 'small'} data-testid="coverage-summary" data-stale={stale}>
            {coverageLine(main, coverage!.by)}
            <span className="muted"> ({result.events} event{result.events === 1 ? '' : 's'}{result.failed > 0 ? `, ${result.failed} threw` : ''}, {result.durationMs} ms)</span>
          </p>
          {stale && (
            <p className="warning small" role="status" data-testid="coverage-stale">
              Out of date: the code changed since this ran. The marks still follow their lines; run again to update them.
            </p>
          )}
          {result.scripts.slice(1).map((script) => (
            <p key={script.url} className="small muted">
              {script.url}: {coverageLine(script, coverage!.by).replace(/^L/, 'l')}
            </p>
          ))}
          <UncoveredBranches result={result} onJump={onJump} />
        </>
      )}
    </section>
  );
}
