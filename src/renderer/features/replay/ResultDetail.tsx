import type { ReplayResult, ReplayRun, SideResult } from '../../../shared/api/replay';
import { CopyButton } from '../../components/CopyButton';
import { DiffView } from '../test-bench';
import { DebugEventButton } from '../debugger';
import './replay.css';

const outputOf = (side: SideResult) => (side.outputs.length === 1 ? side.outputs[0] : side.outputs);

/** What a side did with the event, in words (for the outcome line when there is nothing to diff). */
function did(side: SideResult): string {
  if (side.error) return 'failed';
  if (side.outputs.length === 0) return 'dropped it';
  if (side.outputs.length > 1) return `split it into ${side.outputs.length} events`;
  return 'kept it';
}

/** One side's outcome: its error, or its output events (as JSON), and the logs of its batch. */
function Side({ label, side }: { label: string; side: SideResult }) {
  const json = side.error || side.outputs.length === 0 ? '' : JSON.stringify(outputOf(side), null, 2);
  return (
    <div className="result-side" data-testid={`result-side-${label}`}>
      <h4>
        {label}
        {json && <CopyButton text={json} label="Copy" />}
      </h4>
      {side.error ? <pre className="error">{side.error}</pre> : side.outputs.length === 0 ? <p className="muted">Dropped (no output).</p> : null}
      {side.outputs.length > 1 && <p className="muted">Split into {side.outputs.length} events.</p>}
      {json && <pre className="json-view result-output" aria-label={`${label} output`}>{json}</pre>}
      {side.logs.length > 0 && <details><summary>Logs of its batch ({side.logs.length})</summary><pre>{side.logs.slice(0, 200).join('\n')}</pre></details>}
    </div>
  );
}

/** "Debug" on this event in the transformation of each side that ran (one button when both sides are the same transformation). */
function DebugActions({ result, run }: { result: ReplayResult; run: ReplayRun }) {
  const sides = [{ name: 'A', target: run.a }, ...(run.b ? [{ name: 'B', target: run.b }] : [])];
  const ids = [...new Set(sides.map((s) => s.target.transformationId).filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return null;
  return (
    <span className="result-debug" role="group" aria-label="Debug this event">
      {ids.map((id) => {
        const side = sides.find((s) => s.target.transformationId === id)!;
        const text = ids.length > 1 ? `Debug in ${side.name}` : 'Debug';
        return (
          <DebugEventButton key={id} transformationId={id} load={() => result.input} text={text} label={`replay event #${result.position + 1}`}
            title={`Open ${side.target.label}'s transformation with this input event in its test bench and run it under the debugger (its current code, gutter breakpoints, debugger; statements)`} />
        );
      })}
    </span>
  );
}

/**
 * One event of a run. A vs B: the structural diff of the two outputs (the test bench's diff view)
 * and each side's outputs; one target: input vs output. When a side failed or dropped the event
 * there is nothing to diff: the outcome says so and the side shows its error.
 */
export function ResultDetail({ result, run }: { result: ReplayResult; run: ReplayRun }) {
  const { a, b } = result;
  // Diffed only output against output: a failed or dropped side has none, and one event against a split's list is no field change.
  const diffable = !a.error && a.outputs.length > 0 && (!b || (!b.error && b.outputs.length === a.outputs.length));
  return (
    <section className="result-detail" aria-label="Event result" data-testid="result-detail">
      <h3>
        Event #{result.position + 1} {result.messageId && <span className="muted mono">{result.messageId}</span>}
        <DebugActions result={result} run={run} />
      </h3>
      {b ? (
        <>
          <p className="muted">A = {run.a.label}; B = {run.b?.label}</p>
          {!diffable ? (
            <p className={`result-outcome${a.error || b.error ? ' error' : ''}`} data-testid="result-outcome">A {did(a)} · B {did(b)}</p>
          ) : (
            <DiffView before={outputOf(a)} after={outputOf(b)} />
          )}
          <div className="result-sides">
            <Side label="A" side={a} />
            <Side label="B" side={b} />
          </div>
        </>
      ) : (
        <>
          {a.error ? (
            <p className="result-outcome error" data-testid="result-outcome">Failed: {run.a.label} threw on this event, so there is no output to compare with the input.</p>
          ) : a.outputs.length === 0 ? (
            <p className="result-outcome" data-testid="result-outcome">Dropped: {run.a.label} returned no event.</p>
          ) : a.outputs.length > 1 ? (
            <p className="result-outcome" data-testid="result-outcome">Split: {run.a.label} returned {a.outputs.length} events (below).</p>
          ) : (
            <DiffView before={result.input} after={a.outputs[0]} />
          )}
          <Side label={a.error ? 'Error' : 'Output'} side={a} />
        </>
      )}
    </section>
  );
}
