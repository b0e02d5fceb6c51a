import type { DerivedVersionTests } from '../../shared/api/versions';
import type { LibraryStatus } from '../management/library-status';
import type { PublishService } from '../management/publish-service';
import type { VersionStatus } from '../management/version-status';
import type { Store } from '../store';
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

/** A local version's test status as the core derives it now (the versions APIs show the same): what push's plan reads. */
export type LocalTestStatus = (kind: 'transformation' | 'library', versionId: string) => DerivedVersionTests | undefined;

export function localTestStatus(store: Store, versions: Pick<VersionStatus, 'derive'>, libraries: Pick<LibraryStatus, 'derive'>): LocalTestStatus {
  return (kind, versionId) => {
    if (kind === 'library') {
      const v = store.libraries.version(versionId);
      return v && libraries.derive(v.libraryId, v);
    }
    const v = store.transformations.version(versionId);
    return v && versions.derive(v);
  };
}
