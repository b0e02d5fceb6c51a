import { useState } from 'react';
import type { EventOutcome } from './correlate-results';
import { DiffView } from './DiffView';
import { ErrorText, type ErrorTextProps } from './ErrorText';
import type { FieldCheck, SavedTestEvent } from '../../../shared/api/test-events';
import { ExpectedOutput } from './ExpectedOutput';
import { FieldChecks } from './FieldChecks';
import { checkFailure } from '../../../shared/field-checks';
import { eventLabel } from './sample-events';

const STATUS_LABEL: Record<EventOutcome['status'], string> = {
  unchanged: 'Unchanged',
  changed: 'Changed',
  split: 'Split',
  dropped: 'Dropped',
  error: 'Error',
};

type View = 'diff' | 'output' | 'input';

export type StackProps = Pick<ErrorTextProps, 'moduleName' | 'onJump' | 'libraryHref'>;

/** The saved expectation of each event (by its input), and how to set it. */
export interface Expectations {
  expectedOf(input: unknown): unknown[] | undefined;
  setExpected(input: unknown, expected: unknown[] | undefined): Promise<void>;
  /** The event's saved test (undefined: not one). */
  testOf(input: unknown): SavedTestEvent | undefined;
  /** The event's position among the saved tests, as errors name it ("saved test event 3"); undefined: not one. */
  positionOf(input: unknown): number | undefined;
  setChecks(input: unknown, checks: FieldCheck[]): Promise<void>;
  mustNotThrow(input: unknown): Promise<void>;
}

function OutputDetail({ outcome, view, stack }: { outcome: EventOutcome; view: View; stack: StackProps }) {
  if (outcome.errors.length > 0) {
    // The input that made it throw stays in view: that is what one debugs with.
    return (
      <>
        {outcome.errors.map((e, i) => <ErrorText key={i} text={e} {...stack} />)}
        <details className="event-input" open>
          <summary>Input</summary>
          <pre className="json" data-testid="event-input">{JSON.stringify(outcome.input, null, 2)}</pre>
        </details>
      </>
    );
  }
  if (view === 'input') return <pre className="json" data-testid="event-input">{JSON.stringify(outcome.input, null, 2)}</pre>;
  if (outcome.outputs.length === 0) return <p className="muted">The transformation returned nothing for this event, so it is dropped.</p>;
  return (
    <>
      {outcome.outputs.map((output, i) => (
        <div key={i} className="output-part">
          {outcome.outputs.length > 1 && <h5>Output {i + 1} of {outcome.outputs.length}</h5>}
          {view === 'diff' ? <DiffView before={outcome.input} after={output} /> : <pre className="json" data-testid="event-output">{JSON.stringify(output, null, 2)}</pre>}
        </div>
      ))}
    </>
  );
}

/** One input event's row: label and status; expands to its diff, output(s), input or errors. */
export function EventResult({ outcome, logs, expanded, onToggle, stack, expectations }: {
  outcome: EventOutcome;
  /** The log lines this event's transformEvent call wrote. */
  logs?: string[];
  expanded: boolean;
  onToggle: () => void;
  stack: StackProps;
  expectations?: Expectations;
}) {
  const [view, setView] = useState<View>('diff');
  const detailId = `event-result-${outcome.index}`;
  const test = expectations?.testOf(outcome.input);
  const savedAt = test && expectations?.positionOf(outcome.input);
  const checks = test?.checks ?? [];
  const failingChecks = checks.filter((c) => checkFailure(c, outcome.outputs) !== null).length;
  return (
    <div className={`event-result status-${outcome.status}`} data-testid="event-result" data-status={outcome.status}>
      <button type="button" className="event-result-head" aria-expanded={expanded} aria-controls={detailId} onClick={onToggle}>
        <span className="muted">#{outcome.index + 1}</span>
        <span className="event-result-label">{eventLabel(outcome.input)}</span>
        {savedAt !== undefined && (
          <span className="badge saved-test-badge" data-testid="saved-test-badge" title={`Saving and publishing run it as “saved test event ${savedAt}”: their errors name it so`}>
            saved test {savedAt}
          </span>
        )}
        <span className={`badge status-badge-${outcome.status}`}>
          {STATUS_LABEL[outcome.status]}
          {outcome.status === 'split' ? ` into ${outcome.outputs.length}` : ''}
        </span>
        {checks.length > 0 && outcome.errors.length === 0 && (
          <span className={`badge ${failingChecks > 0 ? 'error' : 'ok'}`} data-testid="checks-badge" title="Field checks of this saved test on this output">
            {failingChecks > 0 ? `✗ ${failingChecks} of ${checks.length} checks fail` : `✓ ${checks.length} check${checks.length === 1 ? '' : 's'}`}
          </span>
        )}
        {logs && logs.length > 0 && (
          <span className="badge log-count" data-testid="event-log-count" title="log() lines this event wrote">
            {logs.length} log{logs.length === 1 ? '' : 's'}
          </span>
        )}
      </button>
      {expanded && (
        <div id={detailId} className="event-result-detail">
          {outcome.errors.length === 0 && (
            <div className="segmented" role="group" aria-label="Show">
              {(['diff', 'output', 'input'] as const).map((v) => (
                <button key={v} type="button" aria-pressed={view === v} className={view === v ? 'active' : ''} onClick={() => setView(v)}>
                  {v === 'diff' ? 'Diff' : v === 'output' ? 'Output' : 'Input'}
                </button>
              ))}
            </div>
          )}
          <OutputDetail outcome={outcome} view={view} stack={stack} />
          {expectations && outcome.errors.length === 0 && (
            <>
              <ExpectedOutput outputs={outcome.outputs} expected={expectations.expectedOf(outcome.input)} onSet={(expected) => expectations.setExpected(outcome.input, expected)} />
              <FieldChecks
                outputs={outcome.outputs}
                test={test}
                onSet={(checks) => expectations.setChecks(outcome.input, checks)}
                onMustNotThrow={() => expectations.mustNotThrow(outcome.input)}
              />
            </>
          )}
          {expectations && outcome.errors.length > 0 && test && (
            <p className="error small" data-testid="saved-test-throws">This event is a saved test and it threw: saving or publishing this code fails it.</p>
          )}
          {logs && logs.length > 0 && (
            <div className="event-logs" data-testid="event-logs">
              <h5>Logs of this event ({logs.length})</h5>
              <pre>{logs.join('\n')}</pre>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
