import './confidence.css';
import { usePaletteAction } from '../../hooks/usePaletteAction';
import { CoveragePanel } from './CoveragePanel';
import { FuzzPanel, type FuzzActions } from './FuzzPanel';
import type { ConfidenceState } from './useConfidence';

/** Coverage and Fuzz buttons (in the test bench's toolbar). */
export function ConfidenceLaunch({ state }: { state: ConfidenceState }) {
  usePaletteAction({ id: 'coverage', label: 'Coverage of the code by its saved tests (gutter marks, branches never taken)', run: () => void state.runCoverage() });
  usePaletteAction({ id: 'fuzz', label: 'Fuzz the code with events generated from the captured traffic’s schema', run: () => void state.runFuzz() });
  return (
    <span className="debug-launch" role="group" aria-label="Coverage and fuzz">
      <button type="button" className="secondary" disabled={state.covering} onClick={() => void state.runCoverage()} title="Run the saved tests with V8’s coverage: which lines and branches they reach">
        Coverage
      </button>
      <button type="button" className="secondary" disabled={state.fuzzing} onClick={() => void state.runFuzz()} title="Generate events from the learned schema and find the ones that break the code">
        Fuzz
      </button>
    </span>
  );
}

/** The coverage and fuzz panels, above the bench while they have something to show. */
export function ConfidencePanels({ state, onJump, actions }: { state: ConfidenceState; onJump: (line: number, column: number) => void; actions: FuzzActions }) {
  if (!state.showCoverage && !state.showFuzz) return null;
  return (
    <div className="debug-room">
      {state.showCoverage && <CoveragePanel state={state} onJump={onJump} />}
      {state.showFuzz && <FuzzPanel state={state} actions={actions} />}
    </div>
  );
}
