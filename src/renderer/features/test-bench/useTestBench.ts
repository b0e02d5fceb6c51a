import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../../api/client';
import type { NetworkCall, TestEvent } from '../../api/types';
import { userStorage } from '../../lib/core-storage';
import { localData } from '../../lib/local-data';
import { correlateResults, ResultMismatchError, type CorrelatedRun } from './correlate-results';
import { groupLogs, type LogGroups } from './log-groups';
import { formatEvents, parseTestEvents, type ParsedEvents } from './test-events';
import { useSavedTests, type SavedTests } from './useSavedTests';

export interface BenchRun {
  /** Increases with every run (results lists reset on a new run). */
  id: number;
  run: CorrelatedRun;
  logs: string[];
  /** The log lines split per input event, and the batch-level ones apart. */
  logGroups: LogGroups;
  network: NetworkCall[];
  /** Time in the sandbox, as the server reports it. */
  durationMs: number;
  /** The whole request as this window saw it. */
  roundTripMs: number;
  /** The transformation name the run used (stack traces name the module by it). */
  moduleName: string;
  /** What the run ran on: results are stale as soon as any of it changes. */
  ranOn: RunInputs;
}

/** The inputs of a run: the code, the test events text and the libraries' code it could import. */
export interface RunInputs {
  code: string;
  eventsText: string;
  libraries: string;
  /** The metadata() context as JSON. */
  context: string;
}

/** What changed since a run (empty when its results still describe the current inputs). */
export function staleReasons(ranOn: RunInputs, now: RunInputs): string[] {
  const reasons: string[] = [];
  if (ranOn.code !== now.code) reasons.push('code');
  if (ranOn.libraries !== now.libraries) reasons.push('libraries');
  if (ranOn.eventsText !== now.eventsText) reasons.push('test events');
  if (ranOn.context !== now.context) reasons.push('context');
  return reasons;
}

export interface TestBenchState {
  eventsText: string;
  setEventsText(text: string): void;
  setEvents(events: TestEvent[]): void;
  parsed: ParsedEvents;
  running: boolean;
  result?: BenchRun;
  /** A fatal error of the run (syntax error, timeout, unknown import…) or of the request. */
  /** `ran`: the code ran, but its answer could not be read (a bug of the studio). */
  runError?: { message: string; ranOn: RunInputs; ran?: boolean };
  run(code: string, name: string, libraries: string): Promise<void>;
  /** The transformation's saved tests on the server (publish runs them). */
  savedTests: SavedTests;
  /** Source and destination that metadata(event) reports in test runs. */
  context: RunContext;
  setContext(context: RunContext): void;
}

export type RunContext = Partial<Record<'sourceId' | 'sourceName' | 'sourceType' | 'destinationId' | 'destinationName' | 'destinationType', string>>;

const contextKey = (id: string) => `studio.testContext.${id}`;
function readContext(id: string): RunContext {
  try {
    const value: unknown = JSON.parse(userStorage().getItem(contextKey(id)) ?? '{}');
    return value && typeof value === 'object' ? (value as RunContext) : {};
  } catch {
    return {};
  }
}
/** The filled-in fields of a context (what a run sends, and what its staleness compares). */
export const filledContext = (context: RunContext): Record<string, string> =>
  Object.fromEntries(Object.entries(context).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== ''));

/** Test events (kept per transformation in this browser) and runs of unsaved code against them. */
export function useTestBench(transformationId: string): TestBenchState {
  const data = useMemo(() => localData(), []);
  const [eventsText, setText] = useState(() => data.testEventsText(transformationId) ?? '[]');
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<BenchRun>();
  const [runError, setRunError] = useState<TestBenchState['runError']>();
  const runId = useRef(0);
  const [context, setContextState] = useState<RunContext>(() => readContext(transformationId));
  const setContext = useCallback(
    (next: RunContext) => {
      setContextState(next);
      userStorage().setItem(contextKey(transformationId), JSON.stringify(next));
    },
    [transformationId],
  );

  useEffect(() => {
    setText(data.testEventsText(transformationId) ?? '[]');
    setResult(undefined);
    setRunError(undefined);
  }, [transformationId, data]);

  const setEventsText = useCallback(
    (text: string) => {
      setText(text);
      data.saveTestEventsText(transformationId, text);
    },
    [data, transformationId],
  );
  const parsed = useMemo(() => parseTestEvents(eventsText), [eventsText]);
  const savedTests = useSavedTests(transformationId, () => data.testEventsText(transformationId), parsed, setEventsText);

  const run = useCallback(
    async (code: string, name: string, libraries: string) => {
      const given = filledContext(context);
      const ranOn = { code, eventsText, libraries, context: JSON.stringify(given) };
      if (!parsed.ok) {
        setRunError({ message: `Fix the test events first: ${parsed.message}`, ranOn });
        return;
      }
      const id = ++runId.current;
      setRunning(true);
      setRunError(undefined);
      try {
        const sent = performance.now();
        const response = await api.test({ code, events: parsed.events, transformationName: name, context: Object.keys(given).length > 0 ? given : undefined });
        if (id !== runId.current) return;
        setResult({
          id,
          run: correlateResults(parsed.events, response.transformedEvents ?? [], response.inputIndexes),
          logs: response.logs ?? [],
          logGroups: groupLogs(response.logs ?? [], response.logEvents, parsed.events.length),
          network: response.network ?? [],
          durationMs: response.durationMs,
          roundTripMs: performance.now() - sent,
          moduleName: name,
          ranOn,
        });
      } catch (e) {
        if (id !== runId.current) return;
        setResult(undefined);
        setRunError({ message: (e as Error).message, ranOn, ran: e instanceof ResultMismatchError });
      } finally {
        if (id === runId.current) setRunning(false);
      }
    },
    [parsed, eventsText, context],
  );

  return { eventsText, setEventsText, setEvents: (events) => setEventsText(formatEvents(events)), parsed, running, result, runError, run, context, setContext, savedTests };
}
