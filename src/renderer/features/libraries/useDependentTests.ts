import { useCallback, useMemo, useState } from 'react';
import type { Artifact } from '../../api/artifacts';
import { api, request } from '../../api/client';
import type { LibraryImpact } from '../../../shared/api/test-events';
import type { TestEvent } from '../../api/types';
import { importedNames } from '../../editor/code-analysis';
import { localData } from '../../lib/local-data';
import { correlateResults } from '../test-bench';
import { loadSampleEvents } from '../test-bench';
import { parseTestEvents } from '../test-bench';

export interface DependentResult {
  transformation: Artifact;
  /** True when the edit breaks nothing: failures that also happen with the saved library are not the edit's. */
  passed: boolean;
  /** Events that pass with the saved library and fail with the edited one. */
  newlyFailing: number;
  /** Events that fail with the saved library and pass with the edited one. */
  fixed: number;
  /** Events that pass both ways but come out different. */
  outputsChanged: number;
  /** Events that fail both ways (not caused by the edit). */
  failingBefore: number;
  /** Where the events came from. */
  eventsFrom: 'its test events' | 'sample events';
  eventCount: number;
  outCount: number;
  errorCount: number;
  /** The first error the edit causes (fatal or per event). */
  error?: string;
  /** Its saved tests with this code, by the server's runner (what saving the library records, what publish requires). */
  tests?: { status: 'passed' | 'failed' | 'not-tested'; summary: string };
}

interface Side {
  /** Per input event: its error, or its outputs as JSON. */
  perEvent: Array<{ error?: string; outputs: string }>;
  fatal?: string;
}

const SAMPLE_COUNT = 10;

/** Transformations whose code imports `importName` (the library's "used by"). */
export function dependentsOf(importName: string | undefined, transformations: Artifact[] | undefined): Artifact[] {
  if (!importName || !transformations) return [];
  return transformations.filter((t) => importedNames(t.code).includes(importName));
}

/** Runs every dependent transformation's tests with the saved library and with the edited one; reports what the edit changes. */
export function useDependentTests(libraryId: string, importName: string | undefined, dependents: Artifact[]) {
  const data = useMemo(() => localData(), []);
  const [results, setResults] = useState<DependentResult[]>();
  const [running, setRunning] = useState(false);
  const [testedCode, setTestedCode] = useState<string>();

  const side = async (t: Artifact, libraryCode: string, events: TestEvent[]): Promise<Side & { out: number }> => {
    try {
      const response = await api.test({ code: t.code, events, libraries: [{ name: importName!, code: libraryCode }], transformationName: t.name });
      const run = correlateResults(events, response.transformedEvents ?? [], response.inputIndexes);
      const stray = run.unmatched.find((u) => u.error !== undefined)?.error;
      return {
        perEvent: run.outcomes.map((o) => ({ error: o.errors[0] ?? (stray && o.outputs.length === 0 ? stray : undefined), outputs: JSON.stringify(o.outputs) })),
        out: run.summary.out,
      };
    } catch (e) {
      return { perEvent: events.map(() => ({ error: (e as Error).message, outputs: '' })), fatal: (e as Error).message, out: 0 };
    }
  };

  // Before/after: the same events through the saved library and through the edited one.
  const runOne = async (t: Artifact, code: string, savedCode: string, samples: TestEvent[]): Promise<DependentResult> => {
    const saved = parseTestEvents(data.testEventsText(t.id) ?? '');
    const useSaved = saved.ok && saved.events.length > 0;
    const events = useSaved ? saved.events : samples;
    const [before, after] = await Promise.all([side(t, savedCode, events), side(t, code, events)]);
    let newlyFailing = 0, fixed = 0, outputsChanged = 0, failingBefore = 0;
    let error: string | undefined;
    after.perEvent.forEach((now, i) => {
      const then = before.perEvent[i]!;
      if (now.error !== undefined && then.error === undefined) {
        newlyFailing++;
        error ??= now.error;
      } else if (now.error === undefined && then.error !== undefined) fixed++;
      else if (now.error !== undefined) failingBefore++;
      else if (now.outputs !== then.outputs) outputsChanged++;
    });
    return {
      transformation: t,
      eventsFrom: useSaved ? 'its test events' : 'sample events',
      eventCount: events.length,
      passed: newlyFailing === 0,
      newlyFailing,
      fixed,
      outputsChanged,
      failingBefore,
      outCount: after.out,
      errorCount: after.perEvent.filter((e) => e.error !== undefined).length,
      error,
    };
  };

  const run = useCallback(
    async (code: string, savedCode: string): Promise<DependentResult[]> => {
      setRunning(true);
      try {
        const samples = (await loadSampleEvents()).slice(0, SAMPLE_COUNT);
        // Pass/fail is the saved tests' verdict by the one runner (expected outputs, checks, mocks included);
        // the before/after counts of the events tell what the edit changes.
        const [impact, ...compared] = await Promise.all([
          request<LibraryImpact>('POST', `/studio/api/libraries/${encodeURIComponent(libraryId)}/impact`, { code }).catch(() => undefined),
          ...dependents.map((t) => runOne(t, code, savedCode, samples)),
        ]);
        const all = (compared as DependentResult[]).map((r): DependentResult => {
          const verdict = impact?.dependants.find((d) => d.id === r.transformation.id);
          if (!verdict || verdict.status === 'not-tested') return r;
          // The saved tests' summary is shown as such: not repeated as the row's error.
          return { ...r, tests: { status: verdict.status, summary: verdict.summary }, passed: verdict.status === 'passed' && r.passed };
        });
        setResults(all);
        setTestedCode(code);
        return all;
      } finally {
        setRunning(false);
      }
    },
    [dependents, importName, libraryId],
  );

  return { results, running, run, testedCode };
}
