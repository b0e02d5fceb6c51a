import type { SavedTestResult, SavedTestsRun } from '../../shared/api/sync';
import type { Store } from '../store';
import type { PublishService } from './publish-service';

/** Runs every transformation's latest version on its saved test events (the CLI's `studio test`). */
export function createSavedTestsService(store: Store, publisher: PublishService) {
  return {
    async runAll(): Promise<SavedTestsRun> {
      const results: SavedTestResult[] = [];
      for (const t of store.transformations.list()) {
        const version = t.latestVersionId ? store.transformations.version(t.latestVersionId) : undefined;
        if (!version) continue;
        // The same plan as a publish without test input: saved test events (with expected outputs), else the version's events.
        const plan = publisher.plan({ transformations: [{ versionId: version.id }] });
        const planned = plan.transformations[0]!;
        const events = planned.events;
        const outcome = await publisher.run(plan);
        const r = outcome.transformations[0]!;
        const failures = r.errors.map((e) => {
          const byPosition = /^saved test event (\d+):/.exec(e.error);
          const index = byPosition ? Number(byPosition[1]) - 1 : events.findIndex((ev) => e.messageId !== undefined && ev.messageId === e.messageId);
          const expected = index >= 0 ? planned.expected?.[index] : undefined;
          return { position: index + 1, messageId: e.messageId ?? null, input: index >= 0 ? events[index] : null, error: e.error, ...(expected ? { expected } : {}) };
        });
        results.push({
          id: t.id,
          name: version.name,
          version: `v${version.seq}`,
          versionId: version.id,
          eventCount: events.length,
          passed: r.passed,
          noTests: events.length === 0,
          ...(r.error ? { error: r.error } : {}),
          failures,
        });
      }
      return { passed: results.every((r) => r.passed), results };
    },
  };
}

export type SavedTestsService = ReturnType<typeof createSavedTestsService>;
