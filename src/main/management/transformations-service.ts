import type { EventObject, Transformation, TransformationVersion } from '../../shared/api/management';
import type { ManagementDeps } from './deps';
import { StudioError } from '../errors';
import { inTransaction } from '../store/database';
import { newId } from '../store/ids';
import type { NewTransformationVersion, TransformationRecord, VersionOrder } from '../store/transformations-repo';
import { artifactService } from './artifact-service';
import { distinct, type CodeObjectInput } from './input';
import { presentStudioTransformationVersion, presentTransformation, presentTransformationVersion } from './presenters';
import { publishFailed, type PublishService } from './publish-service';
import { verdict } from './version-tests';
import type { VersionStatus } from './version-status';
import { serializeInputs, testInputsOf } from './test-inputs';
import type { StudioTransformationVersion } from '../../shared/api/versions';

/** Versions listed by the studio versions API at most (newest first). */
export const MAX_LISTED = 10_000;


export interface TransformationInput extends CodeObjectInput {
  /** Test events of the new version (used when publishing). */
  events?: EventObject[];
  /** Destinations to connect; only with publish. */
  destinationIds?: string[];
}

export interface VersionListQuery {
  count: number;
  order: VersionOrder;
}

/** Transformations: create, read, update (new immutable version each time), delete, versions. */
export function createTransformationsService({ store, account }: ManagementDeps, publisher: PublishService, statuses: VersionStatus) {

  const core = artifactService({
    kind: 'transformation',
    repo: store.transformations,
    parentOf: (v) => v.transformationId,
    present: (t: TransformationRecord, latest): Transformation => presentTransformation(t, latest, account.workspaceId, store.destinations.forTransformation(t.id)),
    settings: store.settings,
    account,
  });
  const { mustGet, present } = core;

  const checkDestinations = (ids: string[] | undefined): string[] => {
    const wanted = distinct(ids ?? []);
    const missing = store.destinations.missing(wanted);
    if (missing.length > 0) {
      throw new StudioError('validation', `body: field "destinationIds" names unknown destinations: ${missing.join(', ')}`, { unknownDestinationIds: missing });
    }
    return wanted;
  };

  /**
   * Saves a version; with publish it first runs the version's tests (the one plan: saved tests,
   * then the version's given events, which must not throw) and, only if they pass, stores,
   * publishes and connects destinations in one transaction. Without publish it stores the
   * version, then runs the same tests (a run with no events still compiles the code) and records
   * the outcome on the version, so its status is exactly what a publish of it would say; a
   * failing run never undoes the save.
   */
  async function save(
    draft: NewTransformationVersion,
    isNew: boolean,
    options: { publish: boolean; destinationIds?: string[]; test?: boolean },
  ): Promise<Transformation> {
    // Stamped when stored (after any test run) so createdAt order matches storage order.
    const insert = () => {
      const stamped = { ...draft, createdAt: new Date().toISOString() };
      if (isNew) store.transformations.create(stamped);
      else store.transformations.addVersion(stamped);
      return stamped.createdAt;
    };
    if (!options.publish) {
      inTransaction(store.db, () => {
        if (!isNew) mustGet(draft.transformationId);
        insert();
      });
      // test false (a folder being opened: its tests are replaced next): the version status's
      // background run tests it once they are in place.
      if (options.test === false) statuses.check();
      else await statuses.test(draft);
      return present(mustGet(draft.transformationId));
    }
    const destinations = checkDestinations(options.destinationIds);
    const inputs = serializeInputs(testInputsOf(store, draft));
    const outcome = await publisher.run({ libraries: [], transformations: [publisher.planVersion(draft)] });
    if (!outcome.passed) throw publishFailed(outcome);
    const tested = outcome.transformations[0]!;
    const { status, summary } = verdict(tested);
    inTransaction(store.db, () => {
      if (!isNew) mustGet(draft.transformationId);
      const at = insert();
      store.transformations.setTestStatus(draft.id, status, summary, inputs);
      store.transformations.publish(
        draft.id,
        tested.libraries.map((l) => l.versionId),
        at,
      );
      store.destinations.connect(checkDestinations(destinations), draft.transformationId);
    });
    return present(mustGet(draft.transformationId));
  }

  return {
    list: core.list,
    get: core.get,
    /** test false: a draft is stored without running its tests now (see save). */
    async create(input: TransformationInput, publish: boolean, { test = true } = {}): Promise<Transformation> {
      const draft: NewTransformationVersion = { ...core.draft(input).fields, transformationId: newId(), testEvents: input.events ?? null };
      return save(draft, true, { publish, destinationIds: input.destinationIds, test });
    },
    /** Fields left out keep the values of the latest version; a new version is made every time. */
    async update(id: string, input: TransformationInput, publish: boolean, { test = true } = {}): Promise<Transformation> {
      const { fields, latest } = core.draft(input, id);
      const draft: NewTransformationVersion = { ...fields, transformationId: id, testEvents: input.events ?? latest!.testEvents };
      return save(draft, false, { publish, destinationIds: input.destinationIds, test });
    },
    /** Soft delete: hidden from lists and lookups, versions kept, destinations disconnected. */
    remove(id: string): { success: true } {
      inTransaction(store.db, () => {
        mustGet(id);
        store.transformations.softDelete(id, new Date().toISOString());
        store.destinations.disconnectTransformation(id);
      });
      statuses.removed(id);
      return { success: true };
    },
    versions(id: string, query: VersionListQuery): TransformationVersion[] {
      const t = mustGet(id);
      return store.transformations.versions(id, query).map((v) => presentTransformationVersion(t, v));
    },
    /** Every version, newest first, with number, message and test status (the studio versions API). */
    studioVersions(id: string): StudioTransformationVersion[] {
      const t = mustGet(id);
      const shared = statuses.sharedInputs(id);
      return store.transformations.versions(id, { count: MAX_LISTED, order: 'DESC' }).map((v) => presentStudioTransformationVersion(t, v, statuses.derive(v, shared)));
    },
    version(id: string, versionId: string): TransformationVersion {
      const { artifact: t, version: v } = core.mustGetVersion(id, versionId);
      return presentTransformationVersion(t, v, { workspaceId: account.workspaceId, destinations: store.destinations.forTransformation(id) });
    },
  };
}
export type TransformationsService = ReturnType<typeof createTransformationsService>;
