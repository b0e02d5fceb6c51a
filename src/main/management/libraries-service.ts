import type { Library, LibraryVersion } from '../../shared/api/management';
import type { ManagementDeps } from './deps';
import { StudioError, notFound } from '../errors';
import { inTransaction } from '../store/database';
import { newId } from '../store/ids';
import type { LibraryRecord, NewLibraryVersion } from '../store/libraries-repo';
import { importNameOf, importsOf } from './import-names';
import { createHash } from 'node:crypto';
import { libraryVersionStatus, type LibraryImpact } from './library-version-status';
import type { LibraryStatus } from './library-status';
import { artifactService } from './artifact-service';
import type { CodeObjectInput } from './input';
import { presentLibrary, presentLibraryVersion, presentStudioLibraryVersion } from './presenters';
import type { StudioLibraryVersion } from '../../shared/api/versions';
import { publishFailed, type PublishService } from './publish-service';
import { MAX_LISTED, type VersionListQuery } from './transformations-service';

export interface LibraryInput extends CodeObjectInput {
  /** Read-only (derived from name); accepted when it matches camelCase(name). */
  importName?: string;
}

/** Libraries: create, read, update (new immutable version each time), delete, versions. */
export function createLibrariesService({ store, account }: ManagementDeps, publisher: PublishService, statuses: LibraryStatus) {

  const core = artifactService({
    kind: 'library',
    repo: store.libraries,
    parentOf: (v) => v.libraryId,
    present: (lib: LibraryRecord, latest): Library => presentLibrary(lib, latest, account.workspaceId),
    settings: store.settings,
    account,
  });
  const { mustGet, present } = core;

  /** Transformations whose latest or published version imports `importName`. */
  const importersOf = (importName: string): { id: string; name: string }[] =>
    store.transformations
      .list()
      .filter((t) =>
        [t.latestVersionId, t.publishedVersionId].some((versionId) => {
          const version = versionId ? store.transformations.version(versionId) : undefined;
          return version !== undefined && importsOf(version.code).includes(importName);
        }),
      )
      .map((t) => ({ id: t.id, name: t.name }));

  /** camelCase(name), non-empty, not taken by another library, and equal to a given importName. */
  const importNameFor = (name: string, input: LibraryInput, selfId?: string): string => {
    const importName = importNameOf(name);
    if (!importName) throw new StudioError('validation', `body: field "name" must contain letters or digits (its import name, camelCase(name), is empty)`);
    if (input.importName !== undefined && input.importName !== importName) {
      throw new StudioError(
        'validation',
        `body: field "importName" is derived from the name: camelCase("${name}") is "${importName}", not "${input.importName}"`,
      );
    }
    const owner = store.libraries.byImportName(importName);
    if (owner && owner.id !== selfId) {
      throw new StudioError('validation', `body: field "name": import name "${importName}" is already used by library "${owner.name}" (${owner.id})`, {
        importName,
        libraryId: owner.id,
      });
    }
    return importName;
  };

  /**
   * Stores a version; with publish, the library must compile and evaluate in the sandbox first.
   * Then its tests run (library-version-status.ts) and their outcome is recorded on the version
   * with what it depended on (library-status.ts keeps it current); a failing run never undoes the save.
   */
  async function save(draft: NewLibraryVersion, isNew: boolean, publish: boolean, input: LibraryInput, test = true): Promise<Library> {
    const unsaved = { ...draft, seq: 0, publishedAt: null, message: draft.message ?? null, testStatus: null, testSummary: null };
    if (publish) {
      const outcome = await publisher.run({ libraries: [{ libraryId: draft.libraryId, name: draft.name, version: unsaved }], transformations: [] });
      if (!outcome.passed) throw publishFailed(outcome);
    }
    const before = isNew ? undefined : mustGet(draft.libraryId).latestVersionId;
    const previous = before ? store.libraries.version(before) : undefined;
    inTransaction(store.db, () => {
      // Checked again inside the transaction: another call may have taken the name meanwhile.
      if (!isNew) mustGet(draft.libraryId);
      importNameFor(draft.name, input, isNew ? undefined : draft.libraryId);
      const stamped = { ...draft, createdAt: new Date().toISOString() };
      if (isNew) store.libraries.create(stamped);
      else store.libraries.addVersion(stamped);
      if (publish) store.libraries.publish(draft.id, stamped.createdAt);
    });
    if (!test) return present(mustGet(draft.libraryId));
    await statuses.test(draft.libraryId, store.libraries.version(draft.id)!, previous);
    return present(mustGet(draft.libraryId));
  }

  return {
    /** Library impact: the tests a save of this code would record, per importer (nothing is stored). */
    async impact(id: string, code: string): Promise<LibraryImpact> {
      const lib = mustGet(id);
      const latest = store.libraries.version(lib.latestVersionId!)!;
      const unsaved = { ...latest, id: `unsaved-${createHash('sha256').update(code).digest('hex').slice(0, 16)}`, code };
      return libraryVersionStatus(store, publisher, { libraryId: id, name: latest.name, version: unsaved }, latest);
    },
    /** "Run tests again" of one stored version (any, not only the latest), recorded on it as its save's run. */
    async runTests(id: string, versionId: string): Promise<LibraryImpact> {
      const lib = mustGet(id);
      const version = store.libraries.version(versionId);
      if (version?.libraryId !== id) throw notFound(`version "${versionId}" of library "${lib.name}" not found`);
      return statuses.runAgain(version);
    },
    /** Library versions pinned by live transformation versions (a library is live through them even when never published itself). */
    pins: () => store.libraryPins.all(),
    list: core.list,
    get: core.get,
    /** test false (a one-shot core opening a folder): stored without running its tests (no status recorded). */
    async create(input: LibraryInput, publish: boolean, { test = true } = {}): Promise<Library> {
      const { fields } = core.draft(input);
      const draft: NewLibraryVersion = { ...fields, libraryId: newId(), importName: importNameFor(fields.name, input) };
      return save(draft, true, publish, input, test);
    },
    /** Fields left out keep the latest version's values; a new name must keep a free import name. */
    async update(id: string, input: LibraryInput, publish: boolean, { test = true } = {}): Promise<Library> {
      const { fields } = core.draft(input, id);
      const draft: NewLibraryVersion = { ...fields, libraryId: id, importName: importNameFor(fields.name, input, id) };
      return save(draft, false, publish, input, test);
    },
    /**
     * Deletes a library (its versions stay for the published transformations pinned to them);
     * refused with 409 while a transformation's latest or published version imports it.
     */
    remove(id: string): { success: true } {
      inTransaction(store.db, () => {
        const lib = mustGet(id);
        const importers = importersOf(lib.importName);
        if (importers.length > 0) {
          const names = importers.map((t) => `"${t.name}"`).join(', ');
          throw new StudioError(
            'conflict',
            `library "${lib.name}" is imported by ${importers.length === 1 ? 'transformation' : 'transformations'} ${names}: remove \`import … from '${lib.importName}'\` from ${importers.length === 1 ? 'it' : 'them'} (and save) before deleting it`,
            { importers },
          );
        }
        store.libraries.softDelete(id, new Date().toISOString());
      });
      return { success: true };
    },
    versions(id: string, query: VersionListQuery): LibraryVersion[] {
      const lib = mustGet(id);
      return store.libraries.versions(id, query).map((v) => presentLibraryVersion(lib, v, { listing: true, workspaceId: account.workspaceId }));
    },
    /** Every version, newest first, with number and message (the studio versions API). */
    studioVersions(id: string): StudioLibraryVersion[] {
      const lib = mustGet(id);
      return store.libraries.versions(id, { count: MAX_LISTED, order: 'DESC' }).map((v) => presentStudioLibraryVersion(lib, v, account.workspaceId, statuses.derive(id, v)));
    },
    version(id: string, versionId: string): LibraryVersion {
      const { artifact: lib, version: v } = core.mustGetVersion(id, versionId);
      return presentLibraryVersion(lib, v, { listing: false, workspaceId: account.workspaceId });
    },
  };
}
export type LibrariesService = ReturnType<typeof createLibrariesService>;
