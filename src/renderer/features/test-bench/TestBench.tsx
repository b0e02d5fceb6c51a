import './test-bench.css';
import { useState, type ReactNode } from 'react';
import type { TestEvent } from '../../api/types';
import type { CodeProblem } from '../../editor/code-analysis';
import { LazyCodeEditor } from '../../editor/LazyCodeEditor';
import { usePaletteAction } from '../../hooks/usePaletteAction';
import { SplitLayout, usePanelRef } from '../../components/SplitLayout';
import { keyLabel } from '../../hooks/keymap';
import { useTheme } from '../../hooks/useTheme';
import { ContextPanel } from './ContextPanel';
import { LogsPanel } from './LogsPanel';
import { NetworkPanel } from './NetworkPanel';
import { ErrorText } from './ErrorText';
import type { Expectations, StackProps } from './EventResult';
import { ResultsList } from './ResultsList';
import { RunSummary, type ResultFilter } from './RunSummary';
import { SavedTestsBar } from './SavedTestsControls';
import { useEventsMenu } from './EventsMenu';
import { parseTestEvents } from './test-events';
import { filledContext, staleReasons, type TestBenchState } from './useTestBench';

function lintEvents(text: string): CodeProblem[] {
  const parsed = parseTestEvents(text);
  return parsed.ok ? [] : [{ from: parsed.from, to: parsed.to, severity: 'error', message: parsed.message }];
}

/** Test events (JSON, validated), where to get them, the run button and per-event results. */
export function TestBench({
  bench,
  onRun,
  stack,
  code,
  libraries,
  actions,
  launch,
}: {
  bench: TestBenchState;
  onRun: () => void;
  stack: StackProps;
  code: string;
  libraries: string;
  /** More actions of the page, shown in the bench's toolbar (e.g. compare with live). */
  actions?: ReactNode;
  /** Other ways to run the events (debug, profile), after Run test: a row of their own when the bench is narrow. */
  launch?: ReactNode;
}) {
  const theme = useTheme();
  const [filter, setFilter] = useState<ResultFilter>('all');
  const resultsRef = usePanelRef();
  const [eventsFull, setEventsFull] = useState(false);
  const tests = bench.savedTests;
  const expectations: Expectations = {
    expectedOf: tests.expectedOf,
    setExpected: (input, expected) => tests.setExpected(input as TestEvent, expected),
    testOf: tests.testOf,
    positionOf: tests.positionOf,
    setChecks: (input, checks) => tests.setChecks(input as TestEvent, checks),
    mustNotThrow: (input) => tests.mustNotThrow(input as TestEvent),
  };
  const events = useEventsMenu(bench);
  usePaletteAction({ id: 'run-saved-tests', label: 'Run saved tests (as saving and publishing will)', run: () => void tests.run(code) });
  const now = { code, libraries, eventsText: bench.eventsText, context: JSON.stringify(filledContext(bench.context)) };
  const ranOn = bench.result?.ranOn ?? bench.runError?.ranOn;
  const stale = ranOn ? staleReasons(ranOn, now) : [];
  // A run is never shown beside inputs it did not run on.
  const result = stale.length === 0 ? bench.result : undefined;
  const runError = stale.length === 0 ? bench.runError?.message : undefined;
  return (
    <section className="test-bench" aria-label="Test bench">
      <div className="bench-toolbar">
        <h3>{events.menu}</h3>
        {actions}
        <button
          type="button"
          className="secondary bench-full"
          aria-pressed={eventsFull}
          aria-label="Events full height"
          title={eventsFull ? 'Show the results under the events' : 'Give the events editor the full height (hide the results)'}
          onClick={() => (resultsRef.current?.isCollapsed() ? resultsRef.current.expand() : resultsRef.current?.collapse())}
        >
          {eventsFull ? '⤡' : '⤢'}
        </button>
        <button type="button" className="run-button" onClick={onRun} disabled={bench.running} title={keyLabel('run')}>
          {bench.running ? 'Running…' : 'Run test'}
        </button>
        {launch}
      </div>
      <SplitLayout id="bench" orientation="vertical" className="bench-split" label="Resize the test events editor" secondRef={resultsRef}
        first={{
          id: 'events',
          className: 'bench-events-pane',
          defaultSize: '35%',
          minSize: '90px',
          content: (
            <>
              <ContextPanel context={bench.context} onChange={bench.setContext} />
              <LazyCodeEditor
                value={bench.eventsText}
                onChange={bench.setEventsText}
                language="json"
                theme={theme}
                label="Test events (JSON array)"
                lint={lintEvents}
                onRun={onRun}
                onFormat={events.formatJson}
                className="events-editor"
                testId="events-editor"
              />
              {!bench.parsed.ok && (
                <p className="error small" data-testid="events-error">
                  {bench.parsed.message}
                </p>
              )}
              {events.messages}
              {bench.savedTests.error && <p className="error small">{bench.savedTests.error}</p>}
            </>
          ),
        }}
        second={{
          id: 'results',
          className: 'bench-results-pane',
          minSize: '120px',
          collapsible: true,
          onCollapsedChange: setEventsFull,
          content: (
            <>
              <SavedTestsBar tests={bench.savedTests} code={code} events={bench.parsed.ok ? bench.parsed.events : []} />
              {stale.length > 0 && (
                <div role="status" className="stale-results" data-testid="stale-results">
                  <span>The {stale.join(', ')} changed since the last run, so its results are hidden.</span>
                  <button type="button" className="run-button" onClick={onRun} disabled={bench.running}>
                    {bench.running ? 'Running…' : 'Re-run'}
                  </button>
                </div>
              )}
              {runError && (
                <div role="alert" className="run-error" data-testid="run-error">
                  <strong>{bench.runError?.ran ? 'The test ran, but its results cannot be shown.' : 'The test did not run.'}</strong>
                  <ErrorText text={runError} {...stack} />
                </div>
              )}
              {!result && !runError && stale.length === 0 && (
                <p className="muted pad">
                  {bench.parsed.ok && bench.parsed.events.length === 0
                    ? 'Add test events (sample, captured or a saved set), then run the test.'
                    : `Run the test (${keyLabel('run')}) to see what the unsaved code does to each event.`}
                </p>
              )}
              {result && (
                <div className="bench-results" aria-busy={bench.running}>
                  <RunSummary summary={result.run.summary} durationMs={result.durationMs} roundTripMs={result.roundTripMs} filter={filter} onFilter={setFilter} />
                  <ResultsList key={result.id} run={result.run} filter={filter} stack={stack} logsByEvent={result.logGroups.byEvent} expectations={expectations} />
                  <LogsPanel logs={result.logs} groups={result.logGroups} outcomes={result.run.outcomes} />
                  <NetworkPanel calls={result.network} />
                </div>
              )}
            </>
          ),
        }}
      />
      {events.dialogs}
    </section>
  );
}
