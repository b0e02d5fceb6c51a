import { useCallback, useMemo, useState } from 'react';
import type { Artifact } from '../../api/artifacts';
import { api } from '../../api/client';
import type { TestEvent } from '../../api/types';
import { handlerKind, importedNames } from '../../editor/code-analysis';
import { localData } from '../../lib/local-data';
import { correlateResults } from '../test-bench/correlate-results';
import { loadSampleEvents } from '../test-bench/sample-events';
import { parseTestEvents } from '../test-bench/test-events';

export interface DependentResult {
  transformation: Artifact;
  passed: boolean;
  /** Where the events came from. */
  eventsFrom: 'its test events' | 'sample events';
  eventCount: number;
  outCount: number;
  errorCount: number;
  /** The fatal error, or the first per-event error. */
  error?: string;
}

const SAMPLE_COUNT = 10;

/** Transformations whose code imports `importName` (the library's "used by"). */
export function dependentsOf(importName: string | undefined, transformations: Artifact[] | undefined): Artifact[] {
  if (!importName || !transformations) return [];
  return transformations.filter((t) => importedNames(t.code).includes(importName));
}

/** Runs every dependent transformation's tests with the library's unsaved code in place of the saved one. */
export function useDependentTests(importName: string | undefined, dependents: Artifact[]) {
  const data = useMemo(() => localData(), []);
  const [results, setResults] = useState<DependentResult[]>();
  const [running, setRunning] = useState(false);
  const [testedCode, setTestedCode] = useState<string>();

  const runOne = async (t: Artifact, code: string, samples: TestEvent[]): Promise<DependentResult> => {
    const saved = parseTestEvents(data.testEventsText(t.id) ?? '');
    const useSaved = saved.ok && saved.events.length > 0;
    const events = useSaved ? saved.events : samples;
    const base = { transformation: t, eventsFrom: useSaved ? 'its test events' as const : 'sample events' as const, eventCount: events.length };
    try {
      const response = await api.test({ code: t.code, events, libraries: [{ name: importName!, code }], transformationName: t.name });
      const run = correlateResults(events, response.transformedEvents ?? [], handlerKind(t.code));
      const firstError = run.outcomes.find((o) => o.errors.length > 0)?.errors[0] ?? run.unmatched.find((u) => u.error !== undefined)?.error;
      return { ...base, passed: run.summary.errors === 0, outCount: run.summary.out, errorCount: run.summary.errors, error: firstError };
    } catch (e) {
      return { ...base, passed: false, outCount: 0, errorCount: events.length, error: (e as Error).message };
    }
  };

  const run = useCallback(
    async (code: string): Promise<DependentResult[]> => {
      setRunning(true);
      try {
        const samples = (await loadSampleEvents()).slice(0, SAMPLE_COUNT);
        const all = await Promise.all(dependents.map((t) => runOne(t, code, samples)));
        setResults(all);
        setTestedCode(code);
        return all;
      } finally {
        setRunning(false);
      }
    },
    [dependents, importName],
  );

  return { results, running, run, testedCode };
}
