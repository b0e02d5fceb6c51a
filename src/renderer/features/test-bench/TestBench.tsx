import type { ReactNode } from 'react';
import { useCallback, useState } from 'react';
import type { TestEvent } from '../../api/types';
import type { CodeProblem } from '../../editor/code-analysis';
import { formatCode, formatErrorMessage } from '../../editor/format-code';
import { LazyCodeEditor } from '../../editor/LazyCodeEditor';
import { useMenuCommand } from '../../hooks/useMenuCommands';
import { usePaletteAction } from '../../hooks/usePaletteAction';
import { SplitLayout, usePanelRef } from '../../components/SplitLayout';
import { keyLabel } from '../../hooks/keymap';
import { openTextFile, saveTextFile } from '../../lib/text-files';
import { useTheme } from '../../hooks/useTheme';
import { CapturedPicker } from './CapturedPicker';
import { ContextPanel } from './ContextPanel';
import { LogsPanel } from './LogsPanel';
import { NetworkPanel } from './NetworkPanel';
import { ErrorText } from './ErrorText';
import { importedEvents } from './imported-events';
import type { Expectations, StackProps } from './EventResult';
import { ResultsList } from './ResultsList';
import { RunSummary, type ResultFilter } from './RunSummary';
import { SamplePicker } from './SamplePicker';
import { SavedTestsBar, SaveAsTestsButton } from './SavedTestsControls';
import { TestSetsDialog } from './TestSetsDialog';
import { parseTestEvents } from './test-events';
import { filledContext, staleReasons, type TestBenchState } from './useTestBench';

function lintEvents(text: string): CodeProblem[] {
  const parsed = parseTestEvents(text);
  return parsed.ok ? [] : [{ from: parsed.from, to: parsed.to, severity: 'error', message: parsed.message }];
}

type Picker = 'samples' | 'captured' | 'sets';

/** Test events (JSON, validated), where to get them, the run button and per-event results. */
export function TestBench({
  bench,
  onRun,
  stack,
  code,
  libraries,
  actions,
}: {
  bench: TestBenchState;
  onRun: () => void;
  stack: StackProps;
  code: string;
  libraries: string;
  /** More actions of the page, shown in the bench's toolbar (e.g. compare with live). */
  actions?: ReactNode;
}) {
  const theme = useTheme();
  const [picker, setPicker] = useState<Picker>();
  const [filter, setFilter] = useState<ResultFilter>('all');
  const [formatError, setFormatError] = useState<string>();
  const resultsRef = usePanelRef();
  const [eventsFull, setEventsFull] = useState(false);
  const tests = bench.savedTests;
  const expectations: Expectations = {
    expectedOf: tests.expectedOf,
    setExpected: (input, expected) => tests.setExpected(input as TestEvent, expected),
    testOf: tests.testOf,
    setChecks: (input, checks) => tests.setChecks(input as TestEvent, checks),
    mustNotThrow: (input) => tests.mustNotThrow(input as TestEvent),
  };
  const pick = (events: TestEvent[], replace: boolean) => {
    bench.setEvents(replace || !bench.parsed.ok ? events : [...bench.parsed.events, ...events]);
    setPicker(undefined);
  };
  const formatJson = async () => {
    try {
      bench.setEventsText(await formatCode(bench.eventsText, 'json'));
      setFormatError(undefined);
    } catch (e) {
      setFormatError(formatErrorMessage(e));
    }
  };
  const [fileMessage, setFileMessage] = useState<{ error: boolean; text: string }>();
  const { setEvents, eventsText } = bench;
  const importFile = useCallback(async () => {
    const file = await openTextFile(['json', 'ndjson', 'jsonl']);
    if (!file) return;
    const read = importedEvents(file.text);
    if (!read.ok) return setFileMessage({ error: true, text: `${file.name}: ${read.message}` });
    setEvents(read.events);
    setFileMessage({ error: false, text: `Imported ${read.events.length} event${read.events.length === 1 ? '' : 's'} from ${file.name}.` });
  }, [setEvents]);
  const exportFile = useCallback(async () => {
    if (await saveTextFile('test-events.json', eventsText)) setFileMessage({ error: false, text: 'Exported the test events (test-events.json).' });
  }, [eventsText]);
  useMenuCommand('import-events', useCallback(() => void importFile(), [importFile]));
  useMenuCommand('export-events', useCallback(() => void exportFile(), [exportFile]));
  usePaletteAction({ id: 'run-saved-tests', label: 'Run saved tests (as saving and publishing will)', run: () => void tests.run(code) });
  usePaletteAction({ id: 'save-as-tests', label: 'Save the bench’s events as tests…', run: () => void tests.save() });
  usePaletteAction({ id: 'bench-samples', label: 'Test events: sample events…', run: () => setPicker('samples') });
  usePaletteAction({ id: 'bench-captured', label: 'Test events: captured events…', run: () => setPicker('captured') });
  usePaletteAction({ id: 'bench-sets', label: 'Test events: saved sets…', run: () => setPicker('sets') });
  usePaletteAction({ id: 'bench-import', label: 'Test events: import from a file…', run: () => void importFile() });
  usePaletteAction({ id: 'bench-export', label: 'Test events: export to a file…', run: () => void exportFile() });
  usePaletteAction({ id: 'bench-format', label: 'Test events: format JSON', run: () => void formatJson() });
  const now = { code, libraries, eventsText: bench.eventsText, context: JSON.stringify(filledContext(bench.context)) };
  const ranOn = bench.result?.ranOn ?? bench.runError?.ranOn;
  const stale = ranOn ? staleReasons(ranOn, now) : [];
  // A run is never shown beside inputs it did not run on.
  const result = stale.length === 0 ? bench.result : undefined;
  const runError = stale.length === 0 ? bench.runError?.message : undefined;
  return (
    <section className="test-bench" aria-label="Test bench">
      <div className="bench-toolbar">
        <h3>Test events {bench.parsed.ok && <span className="muted">({bench.parsed.events.length})</span>}</h3>
        <button type="button" className="secondary" onClick={() => setPicker('samples')}>
          Sample events
        </button>
        <button type="button" className="secondary" onClick={() => setPicker('captured')}>
          Captured events
        </button>
        <button type="button" className="secondary" onClick={() => setPicker('sets')}>
          Saved sets
        </button>
        <button type="button" className="secondary" onClick={() => void importFile()} title="Import events from a JSON or NDJSON file">
          Import…
        </button>
        <button type="button" className="secondary" onClick={() => void exportFile()} title="Save the test events as a JSON file">
          Export…
        </button>
        <button type="button" className="secondary" onClick={() => void formatJson()}>
          Format JSON
        </button>
        <SaveAsTestsButton tests={bench.savedTests} />
        <button
          type="button"
          className="secondary"
          aria-pressed={eventsFull}
          onClick={() => (resultsRef.current?.isCollapsed() ? resultsRef.current.expand() : resultsRef.current?.collapse())}
        >
          {eventsFull ? 'Show results' : 'Events full height'}
        </button>
        {actions}
        <button type="button" className="run-button" onClick={onRun} disabled={bench.running} title={keyLabel('run')}>
          {bench.running ? 'Running…' : 'Run test'}
        </button>
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
                onFormat={() => void formatJson()}
                className="events-editor"
                testId="events-editor"
              />
              {!bench.parsed.ok && (
                <p className="error small" data-testid="events-error">
                  {bench.parsed.message}
                </p>
              )}
              {formatError && <p className="error small">{formatError}</p>}
              {fileMessage && (
                <p className={fileMessage.error ? 'error small' : 'muted small'} role="status" data-testid="file-message">
                  {fileMessage.text}
                </p>
              )}
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
              <SavedTestsBar tests={bench.savedTests} code={code} />
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
      {picker === 'samples' && <SamplePicker onClose={() => setPicker(undefined)} onPick={pick} />}
      {picker === 'captured' && <CapturedPicker onClose={() => setPicker(undefined)} onPick={pick} />}
      {picker === 'sets' && (
        <TestSetsDialog current={bench.parsed.ok ? bench.parsed.events : undefined} onClose={() => setPicker(undefined)} onLoad={(events) => pick(events, true)} />
      )}
    </section>
  );
}
