import type { SavedTestResult, SavedTestsRun } from '../../shared/api/sync';
import type { StudioContext } from '../context';
import { createPublishService } from './publish-service';

/** Runs every transformation's latest version on its saved test events (the CLI's `studio test`). */
export function createSavedTestsService(ctx: StudioContext) {
  const publisher = createPublishService(ctx);
  return {
    async runAll(): Promise<SavedTestsRun> {
      const results: SavedTestResult[] = [];
      for (const t of ctx.store.transformations.list()) {
        const version = t.latestVersionId ? ctx.store.transformations.version(t.latestVersionId) : undefined;
        if (!version) continue;
        const events = version.testEvents ?? [];
        const outcome = await publisher.run({
          libraries: [],
          transformations: [{ transformationId: t.id, versionId: version.id, name: version.name, code: version.code, events }],
        });
        const r = outcome.transformations[0]!;
        const failures = r.errors.map((e) => {
          const index = events.findIndex((ev) => e.messageId !== undefined && ev.messageId === e.messageId);
          return { position: index + 1, messageId: e.messageId ?? null, input: index >= 0 ? events[index] : null, error: e.error };
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
