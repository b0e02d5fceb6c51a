import type {
  EventObject,
  LibraryTestResult,
  PublishRequest,
  TestResponse,
  VersionTestResult,
} from '../../shared/api/management';
import type { Sandbox } from '../sandbox';
import type { ManagementDeps } from './deps';
import { StudioError, badRequest, notFound } from '../errors';
import { inTransaction } from '../store/database';
import type { LibraryVersionRecord } from '../store/libraries-repo';
import type { TransformationVersionRecord } from '../store/transformations-repo';
import { hostedTestResult } from './hosted-test-result';
import { parseTestInput } from './input';
import { resolveLibraries } from './library-resolution';
import type { TestCase } from './test-cases';
import { failureSummary, testLibrary, testTransformation, type LibraryUnderTest, type TestedTransformation, type TransformationUnderTest } from './version-tests';

/** A publish/test body as the route's schema lets it through (testInput is checked here). */
export type PublishInput = Omit<PublishRequest, 'transformations'> & { transformations?: { versionId: string; testInput?: unknown }[] };

/** What one publish or test call runs: library versions, then transformation versions. */
export interface TestPlan {
  libraries: LibraryUnderTest[];
  transformations: TransformationUnderTest[];
}

export interface PlanOutcome {
  passed: boolean;
  results: VersionTestResult[];
  libraries: LibraryTestResult[];
  transformations: TestedTransformation[];
}

/** The 400 answer of a publish whose tests failed: nothing was changed. */
export const publishFailed = (outcome: PlanOutcome) =>
  new StudioError('publish_failed', `publish failed, nothing was published: ${failureSummary(outcome.results) ?? 'tests failed'}`, {
    published: false,
    results: outcome.results,
  });

/** Server-side tests of versions and the all-or-nothing publish of them. */
export function createPublishService({ store, account, sandbox }: ManagementDeps & { sandbox: Sandbox }) {

  /** Checks a publish/test body and loads the versions it names (400 or 404 when it cannot). */
  function plan(body: PublishInput): TestPlan {
    const transformations = body.transformations ?? [];
    const libraries = body.libraries ?? [];
    if (transformations.length === 0 && libraries.length === 0) {
      throw badRequest('body: send at least one version in "transformations" or "libraries"');
    }
    const seenLibraries = new Set<string>();
    const planned: TestPlan = { libraries: [], transformations: [] };
    libraries.forEach((entry, index) => {
      const version = store.libraries.version(entry.versionId);
      const library = version && store.libraries.get(version.libraryId);
      if (!version || !library) throw notFound(`library version "${entry.versionId}" not found (body field "libraries.${index}.versionId")`);
      if (seenLibraries.has(library.id)) {
        throw badRequest(`body: field "libraries.${index}.versionId": library "${library.name}" appears more than once; send one version per library`);
      }
      seenLibraries.add(library.id);
      planned.libraries.push({ libraryId: library.id, name: version.name, version });
    });
    const seenTransformations = new Set<string>();
    transformations.forEach((entry, index) => {
      const version = store.transformations.version(entry.versionId);
      const transformation = version && store.transformations.get(version.transformationId);
      if (!version || !transformation) {
        throw notFound(`transformation version "${entry.versionId}" not found (body field "transformations.${index}.versionId")`);
      }
      if (seenTransformations.has(transformation.id)) {
        throw badRequest(
          `body: field "transformations.${index}.versionId": transformation "${transformation.name}" appears more than once; send one version per transformation`,
        );
      }
      seenTransformations.add(transformation.id);
      planned.transformations.push(planVersion(version, parseTestInput(entry.testInput, `transformations.${index}.testInput`)));
    });
    return planned;
  }

  /**
   * What a transformation version is tested on, the one plan: its saved tests (each with its
   * expectation), then the given test input (else the events stored with the version), each of
   * which must not throw, as on the hosted service. Publish, the test call, the check on save,
   * library impact, the bench's "Run tests", `studio test` and push all use this.
   */
  function planVersion(
    version: Pick<TransformationVersionRecord, 'id' | 'transformationId' | 'name' | 'code' | 'testEvents'>,
    given?: EventObject[],
  ): TransformationUnderTest {
    const saved: TestCase[] = store.testEvents.list(version.transformationId);
    const input: TestCase[] = (given ?? version.testEvents ?? []).map((event) => ({ event, given: true }));
    return { transformationId: version.transformationId, versionId: version.id, name: version.name, code: version.code, cases: [...saved, ...input] };
  }

  /** Runs every test of the plan (libraries first); transformation runs use the call's library versions. */
  async function run(testPlan: TestPlan): Promise<PlanOutcome> {
    const chosen = new Map<string, LibraryVersionRecord>(testPlan.libraries.map((l) => [l.libraryId, l.version]));
    const libraries: LibraryTestResult[] = [];
    for (const lib of testPlan.libraries) libraries.push(await testLibrary(sandbox, lib));
    const transformations: TestedTransformation[] = [];
    for (const t of testPlan.transformations) {
      const used = resolveLibraries(store.libraries, t.code, chosen);
      transformations.push(await testTransformation(sandbox, t, used, account.workspaceId));
    }
    const results: VersionTestResult[] = [...libraries, ...transformations];
    return { passed: results.every((r) => r.passed), results, libraries, transformations };
  }

  /** Publishes what passed, in one transaction: library versions, then transformation versions with their pins. */
  function commit(outcome: PlanOutcome, at = new Date().toISOString()): void {
    inTransaction(store.db, () => {
      for (const lib of outcome.libraries) {
        if (!store.libraries.get(lib.id)) throw notFound(`library "${lib.name}" no longer exists; nothing was published`);
        store.libraries.publish(lib.versionId, at);
      }
      for (const t of outcome.transformations) {
        if (!store.transformations.get(t.id)) throw notFound(`transformation "${t.name}" was deleted while its tests ran; nothing was published`);
        store.transformations.publish(
          t.versionId,
          t.libraries.map((l) => l.versionId),
          at,
        );
      }
    });
  }

  return {
    plan,
    planVersion,
    run,
    commit,
    /** POST /transformations/libraries/test: the publish tests without publishing. */
    async test(body: PublishInput): Promise<TestResponse> {
      const outcome = await run(plan(body));
      return { passed: outcome.passed, results: outcome.results, result: hostedTestResult(outcome.results) };
    },
    /** POST /transformations/libraries/publish: all or nothing. */
    async publish(body: PublishInput): Promise<{ published: true }> {
      const outcome = await run(plan(body));
      if (!outcome.passed) throw publishFailed(outcome);
      commit(outcome);
      return { published: true };
    },
  };
}
export type PublishService = ReturnType<typeof createPublishService>;
