import type { DerivedVersionTests } from '../../shared/api/versions';
import type { Store } from '../store';
import type { TransformationVersionRecord } from '../store/transformations-repo';
import type { PublishService } from './publish-service';
import { commonInputs, parseInputs, serializeInputs, sharedInputs, staleReasons, testInputsOf } from './test-inputs';
import { failureSummary, summaryLine, verdict, type TestedTransformation } from './version-tests';
import { createBackgroundReruns } from './background-reruns';

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
  const reruns = createBackgroundReruns({
    what: 'version',
    background,
    onError,
    /** The versions kept current in the background: each transformation's latest and published one. */
    sweep() {
      const common = commonInputs(store);
      for (const t of store.transformations.list()) {
        const shared = sharedInputs(store, t.id, common);
        let signature = '';
        for (const id of new Set([t.latestVersionId, t.publishedVersionId])) {
          const v = id ? store.transformations.version(id) : undefined;
          if (!v) continue;
          const now = serializeInputs(testInputsOf(store, v, shared));
          signature += now;
          if (v.testInputs !== now) reruns.queue(v.id, t.id);
        }
        reruns.observed(t.id, signature);
      }
    },
    async run(versionId) {
      const version = store.transformations.version(versionId);
      if (version && store.transformations.get(version.transformationId)) await test(version);
    },
  });

  /** Runs the version's tests as publish would and records the outcome with the inputs it started from. */
  function test(version: Version): Promise<{ tested: TestedTransformation | undefined; status: ReturnType<typeof verdict> }> {
    return reruns.running(version.id, version.transformationId, async () => {
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
    });
  }

  /** The status a version shows now. */
  function derive(v: Recorded & { id: string; transformationId: string; code: string; testEvents: TransformationVersionRecord['testEvents'] }, shared?: ReturnType<typeof sharedInputs>): DerivedVersionTests {
    const rerunning = reruns.rerunning(v.id);
    if (!v.testStatus) {
      if (rerunning) return { testStatus: 'out-of-date', testSummary: 'running its tests…', testReasons: ['not run yet'], testRerunning: true };
      return { testStatus: 'not-tested', testSummary: 'saved before test status was recorded' };
    }
    return outOfDate(v, staleReasons(parseInputs(v.testInputs), testInputsOf(store, v, shared)), rerunning);
  }

  reruns.follow(store.testInputs.on);

  return {
    test,
    derive,
    sharedInputs: (transformationId: string) => sharedInputs(store, transformationId),
    /** Looks for stale kept versions now (at start, and after writes the change feed does not see). */
    check: reruns.schedule,
    /** A transformation was deleted: its listeners hear it once more (a linked folder drops it from meta.json). */
    removed: reruns.forget,
    onChange: reruns.onChange,
    idle: reruns.idle,
    close: reruns.close,
  };
}
export type VersionStatus = ReturnType<typeof createVersionStatus>;

/**
 * A recorded outcome as shown now: as recorded while nothing it depended on changed, else
 * out-of-date with the reasons and what the last run said (both kinds of version, one wording).
 */
export function outOfDate(v: { testStatus: DerivedVersionTests['testStatus'] | null; testSummary: string | null }, reasons: string[], rerunning: boolean): DerivedVersionTests {
  const recorded = { testStatus: v.testStatus ?? ('not-tested' as const), testSummary: v.testSummary ?? (v.testStatus ? null : 'saved before test status was recorded') };
  if (reasons.length === 0) return recorded;
  const was = v.testStatus === 'passed' ? 'passed' : v.testStatus === 'failed' ? 'failed' : 'not tested';
  return {
    testStatus: 'out-of-date',
    testSummary: `out of date: ${reasons.join('; ')} (the last run ${was}${rerunning ? '; running again…' : ''})`,
    testReasons: reasons,
    testRerunning: rerunning,
  };
}
