import { useState } from 'react';
import type { FuzzFailure } from '../../../shared/api/fuzz';
import { FUZZ_SECONDS, type ConfidenceState } from './useConfidence';
import { CloseLink, RunState } from './PanelParts';

export interface FuzzActions {
  onJump: (line: number, column: number) => void;
  onDebug: (event: Record<string, unknown>, label: string) => void;
  onSaveTest: (event: Record<string, unknown>) => Promise<void>;
}

function Failure({ failure, runs, actions }: { failure: FuzzFailure; runs: number; actions: FuzzActions }) {
  const [saved, setSaved] = useState<'no' | 'saving' | 'yes'>('no');
  return (
    <article className="fuzz-failure" data-testid="fuzz-failure">
      <p className="small">
        <strong className="error">{failure.message}</strong>{' '}
        {failure.line !== undefined && (
          <button type="button" className="link" onClick={() => actions.onJump(failure.line!, 1)} title={`Go to ${failure.module}, line ${failure.line}`}>
            line {failure.line}
          </button>
        )}{' '}
        <span className="muted">
          {failure.count} of {runs} events{failure.shrunk ? '' : ' · not fully shrunk (time ran out)'}
        </span>
      </p>
      <pre className="code-block" data-testid="fuzz-event">{JSON.stringify(failure.event, null, 2)}</pre>
      <div className="fuzz-actions">
        <button type="button" className="secondary" onClick={() => actions.onDebug(failure.event, 'the minimal event of a fuzz failure')}>
          Debug this event
        </button>
        <button
          type="button"
          className="secondary"
          disabled={saved !== 'no'}
          onClick={() => {
            setSaved('saving');
            actions.onSaveTest(failure.event).then(() => setSaved('yes'), () => setSaved('no'));
          }}
        >
          {saved === 'yes' ? 'Saved as a test ✓' : 'Add as a saved test (must not throw)'}
        </button>
      </div>
    </article>
  );
}

/** Fuzz results: failures grouped by error and line, each with its minimal event. */
export function FuzzPanel({ state, actions }: { state: ConfidenceState; actions: FuzzActions }) {
  const { fuzz } = state;
  return (
    <section className="fuzz-panel" aria-label="Fuzz">
      <div className="debug-toolbar">
        <strong>Fuzz</strong>
        {fuzz && <span className="muted small">seed {fuzz.seed}</span>}
        <button type="button" className="secondary" disabled={state.fuzzing} onClick={() => void state.runFuzz(fuzz?.seed)} title="The same seed gives the same events">
          Same seed again
        </button>
        <button type="button" className="secondary" disabled={state.fuzzing} onClick={() => void state.runFuzz()}>
          New seed
        </button>
        <CloseLink onClose={state.closeFuzz} />
      </div>
      <RunState error={state.fuzzError} running={state.fuzzing}>
        Generating events from the learned schema and running them (up to {FUZZ_SECONDS} s)…
      </RunState>
      {fuzz && !state.fuzzing && (
        <>
          <p className="small" data-testid="fuzz-summary">
            {fuzz.failures.length === 0 ? 'No failures' : `${fuzz.failures.length} way${fuzz.failures.length === 1 ? '' : 's'} to fail`} in {fuzz.runs.toLocaleString()} generated events ({(fuzz.durationMs / 1000).toFixed(1)} s; shapes: {fuzz.eventNames.join(', ')})
          </p>
          {fuzz.failures.map((failure) => (
            <Failure key={`${fuzz.seed}:${failure.message}:${failure.line}`} failure={failure} runs={fuzz.runs} actions={actions} />
          ))}
        </>
      )}
    </section>
  );
}
