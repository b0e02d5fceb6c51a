import type { ReplayResult, ReplayRun, SideResult } from '../../../shared/api/replay';
import { DiffView } from '../test-bench/DiffView';

function Side({ label, side }: { label: string; side: SideResult }) {
  return (
    <div className="result-side">
      <h4>{label}</h4>
      {side.error ? <pre className="error">{side.error}</pre> : side.outputs.length === 0 ? <p className="muted">Dropped (no output).</p> : null}
      {side.outputs.length > 1 && <p className="muted">Split into {side.outputs.length} events.</p>}
      {side.logs.length > 0 && <details><summary>Logs of its batch ({side.logs.length})</summary><pre>{side.logs.slice(0, 200).join('\n')}</pre></details>}
    </div>
  );
}

/** One event of a run: A vs B diff (the test bench's diff view) or input vs output, with errors and logs. */
export function ResultDetail({ result, run }: { result: ReplayResult; run: ReplayRun }) {
  const b = result.b;
  return (
    <section className="result-detail" aria-label="Event result" data-testid="result-detail">
      <h3>Event #{result.position + 1} {result.messageId && <span className="muted mono">{result.messageId}</span>}</h3>
      {b ? (
        <>
          <p className="muted">A = {run.a.label}; B = {run.b?.label}</p>
          <DiffView before={result.a.outputs.length === 1 ? result.a.outputs[0] : result.a.outputs} after={b.outputs.length === 1 ? b.outputs[0] : b.outputs} />
          <div className="result-sides">
            <Side label="A" side={result.a} />
            <Side label="B" side={b} />
          </div>
        </>
      ) : (
        <>
          <DiffView before={result.input} after={result.a.outputs.length === 1 ? result.a.outputs[0] : result.a.outputs} />
          <Side label="Output" side={result.a} />
        </>
      )}
    </section>
  );
}
