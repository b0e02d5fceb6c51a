import type { SavedTestResult, SavedTestsRun } from '../../shared/api/sync';
import { createHash } from 'node:crypto';
import type { RunTestsBody, TestsRun } from '../../shared/api/test-events';
import { badRequest, notFound } from '../errors';
import type { Store } from '../store';
import { failureSummary, verdict } from './version-tests';
import type { PublishService } from './publish-service';
import type { VersionStatus } from './version-status';

/** Runs every transformation's latest version on its tests (the CLI's `studio test`), as a publish of it would. */
export function createSavedTestsService(store: Store, publisher: PublishService, statuses: VersionStatus) {
  const runPlanned = async (planned: ReturnType<PublishService['planVersion']>) => {
    const outcome = await publisher.run({ libraries: [], transformations: [planned] });
    const tested = outcome.transformations[0];
    return { tested, status: verdict(tested, failureSummary(outcome.results)) };
  };
  return {
    /**
     * The bench's "Run tests": a transformation's tests on a stored version (default the latest)
     * or on unsaved code, through the same plan and runner as save and publish, so the answer is
     * the status saving that code would record.
     */
    async run(id: string, body: RunTestsBody): Promise<TestsRun> {
      const t = store.transformations.get(id);
      if (!t) throw notFound(`transformation "${id}" not found`);
      const versionId = body.versionId ?? t.latestVersionId;
      const version = versionId ? store.transformations.version(versionId) : undefined;
      if (body.versionId && version?.transformationId !== id) throw notFound(`version "${body.versionId}" of transformation "${t.name}" not found`);
      if (!version && body.code === undefined) throw badRequest('body: send "code" (the transformation has no saved version yet)');
      const code = body.code ?? version!.code;
      const draftId = body.code === undefined ? version!.id : `unsaved-${createHash('sha256').update(code).digest('hex').slice(0, 16)}`;
      const planned = publisher.planVersion({ id: draftId, transformationId: id, name: version?.name ?? t.name, code, testEvents: version?.testEvents ?? null });
      // A stored version's run is its status's run too: recorded with what it depended on.
      const { tested, status: { status, summary } } =
        body.code === undefined ? await statuses.test(version!) : await runPlanned(planned);
      const fatal = tested && !tested.passed && tested.cases.length === 0 && planned.cases.length > 0 ? tested.error : undefined;
      return { status, summary, passed: status !== 'failed', cases: tested?.cases ?? [], ...(fatal ? { error: fatal } : {}) };
    },
    async runAll(): Promise<SavedTestsRun> {
      const results: SavedTestResult[] = [];
      for (const t of store.transformations.list()) {
        const version = t.latestVersionId ? store.transformations.version(t.latestVersionId) : undefined;
        if (!version) continue;
        // The same plan as a publish without test input.
        const started = performance.now();
        const outcome = await publisher.run(publisher.plan({ transformations: [{ versionId: version.id }] }));
        const r = outcome.transformations[0]!;
        const failures = r.cases
          .filter((c) => !c.passed)
          .map((c) => {
            const messageId = (c.input as { messageId?: unknown }).messageId;
            return {
              position: c.position,
              name: c.name,
              messageId: typeof messageId === 'string' ? messageId : null,
              input: c.input,
              error: c.failures.join('; '),
              ...(c.expected ? { expected: c.expected, outputs: c.outputs } : {}),
            };
          });
        results.push({
          id: t.id,
          name: version.name,
          version: `v${version.seq}`,
          versionId: version.id,
          eventCount: r.eventCount,
          passed: r.passed,
          noTests: r.eventCount === 0,
          ...(r.error ? { error: r.error } : {}),
          failures,
          tests: r.cases.map((c) => ({ name: c.name, given: c.given, passed: c.passed })),
          durationMs: Math.round(performance.now() - started),
        });
      }
      return { passed: results.every((r) => r.passed), results };
    },
  };
}

export type SavedTestsService = ReturnType<typeof createSavedTestsService>;
