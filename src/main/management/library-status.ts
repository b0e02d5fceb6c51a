import type { DerivedVersionTests } from '../../shared/api/versions';
import type { Store } from '../store';
import type { LibraryVersionRecord } from '../store/libraries-repo';
import { importsOf } from './import-names';
import { libraryVersionStatus, type LibraryImpact } from './library-version-status';
import type { PublishService } from './publish-service';
import { digest, sharedInputs, testInputsOf } from './test-inputs';
import { summaryLine } from './version-tests';
import type { VersionStatus } from './version-status';

/** What a library version's test outcome depends on: each importer's latest version, its saved tests, and the rest of its run's inputs. */
interface LibraryInputs {
  importers: Record<string, { name: string; versionId: string; number: number; tests: string; rest: string }>;
}

function parse(text: string | null): LibraryInputs | undefined {
  try {
    return text ? (JSON.parse(text) as LibraryInputs) : undefined;
  } catch {
    return undefined;
  }
}

/** The inputs a run of `version`'s tests would have now (its importers as library-version-status.ts picks them). */
export function libraryInputsOf(store: Store, version: Pick<LibraryVersionRecord, 'importName'>): LibraryInputs {
  const importers: LibraryInputs['importers'] = {};
  for (const t of store.transformations.list()) {
    const latest = t.latestVersionId ? store.transformations.version(t.latestVersionId) : undefined;
    if (!latest || !importsOf(latest.code).includes(version.importName)) continue;
    const { tests, version: own, ...rest } = testInputsOf(store, latest, sharedInputs(store, t.id));
    importers[t.id] = { name: t.name, versionId: latest.id, number: latest.seq, tests: digest(tests), rest: digest([own, rest]) };
  }
  return { importers };
}

/** Why an outcome recorded with `then` is out of date now; empty when it is not. */
function staleReasons(then: LibraryInputs | undefined, now: LibraryInputs): string[] {
  if (!then) return ['tested before the studio recorded what a run depends on'];
  const reasons: string[] = [];
  for (const [id, t] of Object.entries(now.importers)) {
    const was = then.importers[id];
    if (!was) reasons.push(`"${t.name}" now imports it (v${t.number})`);
    else if (was.versionId !== t.versionId) reasons.push(`"${t.name}" changed: v${was.number} → v${t.number}`);
    else if (was.tests !== t.tests) reasons.push(`the saved tests of "${t.name}" changed since this run`);
    else if (was.rest !== t.rest) reasons.push(`settings or libraries "${t.name}" runs with changed since this run`);
  }
  for (const [id, t] of Object.entries(then.importers)) if (!now.importers[id]) reasons.push(`"${t.name}" no longer imports it`);
  return reasons;
}

/**
 * A library's latest version's test status as derived now (issue 37), like a transformation
 * version's (version-status.ts): the recorded outcome while its importers, their saved tests and
 * the rest of their runs' inputs are unchanged; otherwise out-of-date with the reasons, and run
 * again in the background (one at a time, each version queued once; close() drops the queue).
 * Older versions keep the outcome recorded when they were the latest. Listeners hear the
 * library's id each time a status it shows may have changed.
 */
export function createLibraryStatus(store: Store, publisher: PublishService, transformations: Pick<VersionStatus, 'onChange'>, onError: (message: string) => void = () => {}, { background = true } = {}) {
  const listeners = new Set<(libraryId: string) => void>();
  const queue = new Set<string>();
  const inFlight = new Set<string>();
  const seen = new Map<string, string>();
  let worker: Promise<void> | undefined;
  let sweepScheduled = false;
  let closed = false;
  const tell = (libraryId: string) => {
    for (const listener of listeners) listener(libraryId);
  };

  /** Runs the version's tests (its importers with it) and records the outcome with the inputs it started from. */
  async function test(libraryId: string, version: LibraryVersionRecord, previous: LibraryVersionRecord | undefined): Promise<LibraryImpact | undefined> {
    inFlight.add(version.id);
    tell(libraryId);
    try {
      const inputs = JSON.stringify(libraryInputsOf(store, version));
      try {
        const impact = await libraryVersionStatus(store, publisher, { libraryId, name: version.name, version }, previous);
        store.libraries.setTestStatus(version.id, impact.status, impact.summary, inputs);
        return impact;
      } catch (error) {
        store.libraries.setTestStatus(version.id, 'failed', summaryLine(`the tests could not run: ${(error as Error).message}`), inputs);
        return undefined;
      }
    } finally {
      inFlight.delete(version.id);
      tell(libraryId);
      schedule();
    }
  }

  /** The status a version shows now (only a library's latest version is derived). */
  function derive(libraryId: string, v: LibraryVersionRecord): DerivedVersionTests {
    const recorded = { testStatus: v.testStatus ?? ('not-tested' as const), testSummary: v.testSummary ?? (v.testStatus ? null : 'saved before test status was recorded') };
    if (!v.testStatus || store.libraries.get(libraryId)?.latestVersionId !== v.id) return recorded;
    const reasons = staleReasons(parse(store.libraries.testInputs(v.id)), libraryInputsOf(store, v));
    if (reasons.length === 0) return recorded;
    const rerunning = inFlight.has(v.id) || queue.has(v.id);
    const was = v.testStatus === 'passed' ? 'passed' : v.testStatus === 'failed' ? 'failed' : 'not tested';
    return { testStatus: 'out-of-date', testSummary: `out of date: ${reasons.join('; ')} (the last run ${was}${rerunning ? '; running again…' : ''})`, testReasons: reasons, testRerunning: rerunning };
  }

  function sweep(): void {
    sweepScheduled = false;
    if (closed) return;
    for (const lib of store.libraries.list()) {
      const v = lib.latestVersionId ? store.libraries.version(lib.latestVersionId) : undefined;
      if (!v?.testStatus) continue; // not tested on save (a one-shot core): nothing recorded to keep current
      const now = JSON.stringify(libraryInputsOf(store, v));
      if (store.libraries.testInputs(v.id) !== now && !inFlight.has(v.id) && !queue.has(v.id)) queue.add(v.id);
      if (seen.has(lib.id) && seen.get(lib.id) !== now) tell(lib.id);
      seen.set(lib.id, now);
    }
    if (!worker && queue.size > 0) worker = drain().finally(() => (worker = undefined));
  }

  async function drain(): Promise<void> {
    while (!closed && queue.size > 0) {
      const [versionId] = queue;
      queue.delete(versionId!);
      const version = store.libraries.version(versionId!);
      const lib = version && store.libraries.get(version.libraryId);
      if (!version || lib?.latestVersionId !== version.id) continue;
      const previous = store.libraries.versions(lib.id, { count: 2, order: 'DESC' })[1];
      try {
        await test(lib.id, version, previous);
      } catch (error) {
        onError(`re-running the tests of library version ${versionId}: ${(error as Error).message}`);
      }
    }
  }

  function schedule(): void {
    if (sweepScheduled || closed || !background) return;
    sweepScheduled = true;
    setImmediate(sweep);
  }

  const stops = background ? [store.testInputs.on(schedule), transformations.onChange(schedule)] : [];
  schedule();

  return {
    test,
    derive,
    /** Called with a library's id whenever a status it shows may have changed. */
    onChange(listener: (libraryId: string) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** True while nothing is queued or running. */
    idle: () => queue.size === 0 && inFlight.size === 0 && !sweepScheduled,
    async close(): Promise<void> {
      closed = true;
      for (const stop of stops) stop();
      queue.clear();
      await worker;
    },
  };
}
export type LibraryStatus = ReturnType<typeof createLibraryStatus>;
