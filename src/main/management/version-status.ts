import type { DerivedVersionTests } from '../../shared/api/versions';
import type { Store } from '../store';
import type { TransformationVersionRecord } from '../store/transformations-repo';
import type { PublishService } from './publish-service';
import { parseInputs, serializeInputs, sharedInputs, staleReasons, testInputsOf } from './test-inputs';
import { failureSummary, summaryLine, verdict, type TestedTransformation } from './version-tests';

type Version = Pick<TransformationVersionRecord, 'id' | 'transformationId' | 'name' | 'code' | 'testEvents'>;
type Recorded = Pick<TransformationVersionRecord, 'testStatus' | 'testSummary' | 'testInputs'>;

/**
 * The one place a transformation version's test status is derived (issue 37): the outcome of its
 * last run, recorded with the inputs it depended on (test-inputs.ts), shown only while those
 * inputs are still the inputs of now; otherwise "out-of-date" with the reasons. When an input is
 * written (the store's change feed), the latest and the published version of every transformation
 * whose inputs changed are run again in the background: one run at a time, each version queued
 * once, a run whose inputs change while it runs is queued again, and close() drops what is queued.
 * Listeners hear the transformation's id each time a status it shows may have changed.
 * background false (a one-shot core): nothing is run again by itself; test() still records.
 */
export function createVersionStatus(store: Store, publisher: PublishService, onError: (message: string) => void = () => {}, { background = true } = {}) {
  const listeners = new Set<(transformationId: string) => void>();
  const queue = new Map<string, string>();
  const inFlight = new Set<string>();
  const seen = new Map<string, string>();
  let worker: Promise<void> | undefined;
  let sweepScheduled = false;
  let closed = false;

  const tell = (transformationId: string) => {
    for (const listener of listeners) listener(transformationId);
  };

  /** Runs the version's tests as publish would and records the outcome with the inputs it started from. */
  async function test(version: Version): Promise<{ tested: TestedTransformation | undefined; status: ReturnType<typeof verdict> }> {
    inFlight.add(version.id);
    tell(version.transformationId);
    try {
      const inputs = testInputsOf(store, version);
      let result: ReturnType<typeof verdict>;
      let tested: TestedTransformation | undefined;
      try {
        const outcome = await publisher.run({ libraries: [], transformations: [publisher.planVersion(version)] });
        tested = outcome.transformations[0];
        result = verdict(tested, failureSummary(outcome.results));
      } catch (error) {
        result = { status: 'failed', summary: summaryLine(`the tests could not run: ${(error as Error).message}`) };
      }
      if (store.transformations.version(version.id)) store.transformations.setTestStatus(version.id, result.status, result.summary, serializeInputs(inputs));
      return { tested, status: result };
    } finally {
      inFlight.delete(version.id);
      tell(version.transformationId);
      schedule();
    }
  }

  /** The status a version shows now. */
  function derive(v: Recorded & { id: string; transformationId: string; code: string; testEvents: TransformationVersionRecord['testEvents'] }, shared?: ReturnType<typeof sharedInputs>): DerivedVersionTests {
    const rerunning = inFlight.has(v.id) || queue.has(v.id);
    if (!v.testStatus) {
      if (rerunning) return { testStatus: 'out-of-date', testSummary: 'running its tests…', testReasons: ['not run yet'], testRerunning: true };
      return { testStatus: 'not-tested', testSummary: 'saved before test status was recorded' };
    }
    const reasons = staleReasons(parseInputs(v.testInputs), testInputsOf(store, v, shared));
    if (reasons.length === 0) return { testStatus: v.testStatus, testSummary: v.testSummary };
    const was = v.testStatus === 'passed' ? 'passed' : v.testStatus === 'failed' ? 'failed' : 'not tested';
    return {
      testStatus: 'out-of-date',
      testSummary: `out of date: ${reasons.join('; ')} (the last run ${was}${rerunning ? '; running again…' : ''})`,
      testReasons: reasons,
      testRerunning: rerunning,
    };
  }

  /** The versions kept current in the background: each transformation's latest and published one. */
  function sweep(): void {
    sweepScheduled = false;
    if (closed) return;
    for (const t of store.transformations.list()) {
      const shared = sharedInputs(store, t.id);
      let signature = '';
      for (const id of new Set([t.latestVersionId, t.publishedVersionId])) {
        const v = id ? store.transformations.version(id) : undefined;
        if (!v) continue;
        const now = serializeInputs(testInputsOf(store, v, shared));
        signature += now;
        if (v.testInputs !== now && !inFlight.has(v.id) && !queue.has(v.id)) queue.set(v.id, t.id);
      }
      if (seen.has(t.id) && seen.get(t.id) !== signature) tell(t.id);
      seen.set(t.id, signature);
    }
    if (!worker && queue.size > 0) worker = drain().finally(() => (worker = undefined));
  }

  async function drain(): Promise<void> {
    while (!closed && queue.size > 0) {
      const [versionId] = queue.keys();
      queue.delete(versionId!);
      const version = store.transformations.version(versionId!);
      if (!version || !store.transformations.get(version.transformationId)) continue;
      try {
        await test(version);
      } catch (error) {
        onError(`re-running the tests of version ${versionId}: ${(error as Error).message}`);
      }
    }
  }

  function schedule(): void {
    if (sweepScheduled || closed || !background) return;
    sweepScheduled = true;
    setImmediate(sweep);
  }

  const stopFeed = background ? store.testInputs.on(schedule) : () => {};
  schedule(); // versions whose inputs changed while the studio was not running (or recorded none)

  return {
    test,
    derive,
    sharedInputs: (transformationId: string) => sharedInputs(store, transformationId),
    /** Looks for stale kept versions now (at start, and after writes the change feed does not see). */
    check: schedule,
    /** A transformation was deleted: its listeners hear it once more (a linked folder drops it from meta.json). */
    removed(transformationId: string): void {
      seen.delete(transformationId);
      tell(transformationId);
    },
    /** Called with a transformation's id whenever a status it shows may have changed. */
    onChange(listener: (transformationId: string) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** True while nothing is queued or running (tests wait on it). */
    idle: () => queue.size === 0 && inFlight.size === 0 && !sweepScheduled,
    async close(): Promise<void> {
      closed = true;
      stopFeed();
      queue.clear();
      await worker;
    },
  };
}
export type VersionStatus = ReturnType<typeof createVersionStatus>;
