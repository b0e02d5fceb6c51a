import type { PublishService } from '../management/publish-service';
import { failureSummary } from '../management/version-tests';
import type { LocalGate } from './push';

/** Push's gate: local publish's plan and runner on the version to push (nothing is published locally). */
export function localGate(publisher: Pick<PublishService, 'plan' | 'run'>): LocalGate {
  return async (kind, versionId) => {
    const plan = publisher.plan(kind === 'library' ? { libraries: [{ versionId }] } : { transformations: [{ versionId }] });
    const outcome = await publisher.run(plan);
    const testInput = plan.transformations[0]?.cases.map((c) => c.event) ?? [];
    return { passed: outcome.passed, ...(outcome.passed ? {} : { failure: failureSummary(outcome.results) }), testInput };
  };
}
