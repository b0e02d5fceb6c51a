import type { DerivedVersionTests } from '../../shared/api/versions';
import type { Store } from '../store';
import type { LibraryVersionRecord } from '../store/libraries-repo';
import { importsOf } from './import-names';
import { libraryVersionStatus, type LibraryImpact } from './library-version-status';
import type { PublishService } from './publish-service';
import { commonInputs, digest, sharedInputs, testInputsOf } from './test-inputs';
import { summaryLine } from './version-tests';
import { outOfDate, type VersionStatus } from './version-status';
import { createBackgroundReruns } from './background-reruns';

/** What a library version's test outcome depends on: each importer's latest version, its saved tests, and the rest of its run's inputs. */
interface LibraryInputs {
  importers: Record<string, { name: string; versionId: string; number: number; tests: string; rest: string }>;
}

function parse(text: string | null): LibraryInputs | undefined {
  try {
    return text ? (JSON.parse(text) as LibraryInputs) : undefined;
  } catch {
    return undefined;
  }
}

/** The inputs a run of `version`'s tests would have now (its importers as library-version-status.ts picks them). */
export function libraryInputsOf(store: Store, version: Pick<LibraryVersionRecord, 'importName' | 'libraryId'>, common = commonInputs(store)): LibraryInputs {
  const importers: LibraryInputs['importers'] = {};
  for (const t of store.transformations.list()) {
    const latest = t.latestVersionId ? store.transformations.version(t.latestVersionId) : undefined;
    if (!latest || !importsOf(latest.code).includes(version.importName)) continue;
    const { tests, version: own, libraries, ...rest } = testInputsOf(store, latest, sharedInputs(store, t.id, common));
    // The library itself is the version under test, not the one its importer resolves now: any of its versions is derived.
    const { [version.libraryId]: _self, ...others } = libraries;
    importers[t.id] = { name: t.name, versionId: latest.id, number: latest.seq, tests: digest(tests), rest: digest([own, rest, others]) };
  }
  return { importers };
}

/** Why an outcome recorded with `then` is out of date now; empty when it is not. */
function staleReasons(then: LibraryInputs | undefined, now: LibraryInputs): string[] {
  if (!then) return ['tested before the studio recorded what a run depends on'];
  const reasons: string[] = [];
  for (const [id, t] of Object.entries(now.importers)) {
    const was = then.importers[id];
    if (!was) reasons.push(`"${t.name}" now imports it (v${t.number})`);
    else if (was.versionId !== t.versionId) reasons.push(`"${t.name}" changed: v${was.number} → v${t.number}`);
    else if (was.tests !== t.tests) reasons.push(`the saved tests of "${t.name}" changed since this run`);
    else if (was.rest !== t.rest) reasons.push(`settings or libraries "${t.name}" runs with changed since this run`);
  }
  for (const [id, t] of Object.entries(then.importers)) if (!now.importers[id]) reasons.push(`"${t.name}" no longer imports it`);
  return reasons;
}

/**
 * A library version's test status as derived now (issue 37), like a transformation version's
 * (version-status.ts): the recorded outcome while its importers, their saved tests and the rest of
 * their runs' inputs are unchanged; otherwise out-of-date with the reasons. Every version is
 * derived; the latest and the published one are run again in the background (background-reruns.ts:
 * one at a time, each version queued once; close() drops the queue), an older one when asked.
 * Listeners hear the library's id each time a status it shows may have changed.
 */
export function createLibraryStatus(store: Store, publisher: PublishService, transformations: Pick<VersionStatus, 'onChange'>, onError: (message: string) => void = () => {}, { background = true } = {}) {
  const reruns = createBackgroundReruns({
    what: 'library version',
    background,
    onError,
    sweep() {
      const common = commonInputs(store);
      for (const lib of store.libraries.list()) {
        let signature = '';
        for (const id of new Set([lib.latestVersionId, lib.publishedVersionId])) {
          const v = id ? store.libraries.version(id) : undefined;
          if (!v?.testStatus) continue; // not tested on save (a one-shot core): nothing recorded to keep current
          const now = JSON.stringify(libraryInputsOf(store, v, common));
          signature += now;
          if (store.libraries.testInputs(v.id) !== now) reruns.queue(v.id, lib.id);
        }
        reruns.observed(lib.id, signature);
      }
    },
    async run(versionId) {
      const version = store.libraries.version(versionId);
      const lib = version && store.libraries.get(version.libraryId);
      if (!version || !lib) return;
      // Superseded while queued: dropped (an older version runs again when asked), and no longer "running again…".
      if (lib.latestVersionId !== version.id && lib.publishedVersionId !== version.id) {
        reruns.tell(lib.id);
        return;
      }
      await test(lib.id, version, previousOf(version));
    },
  });

  /** The version before it (what "breaks" and "inherited" compare with). */
  const previousOf = (v: LibraryVersionRecord) => (v.seq > 1 ? store.libraries.versions(v.libraryId, { count: v.seq - 1, order: 'ASC' }).filter((x) => x.seq < v.seq).at(-1) : undefined);

  /** Runs the version's tests (its importers with it) and records the outcome with the inputs it started from. */
  function test(libraryId: string, version: LibraryVersionRecord, previous: LibraryVersionRecord | undefined): Promise<LibraryImpact | undefined> {
    return reruns.running(version.id, libraryId, async () => {
      const inputs = JSON.stringify(libraryInputsOf(store, version));
      try {
        const impact = await libraryVersionStatus(store, publisher, { libraryId, name: version.name, version }, previous);
        store.libraries.setTestStatus(version.id, impact.status, impact.summary, inputs);
        return impact;
      } catch (error) {
        store.libraries.setTestStatus(version.id, 'failed', summaryLine(`the tests could not run: ${(error as Error).message}`), inputs);
        return undefined;
      }
    });
  }

  /** The status a version shows now: any version, latest or not (none recorded: not-tested, said so). */
  function derive(_libraryId: string, v: LibraryVersionRecord): DerivedVersionTests {
    if (!v.testStatus) return outOfDate(v, [], false);
    return outOfDate(v, staleReasons(parse(store.libraries.testInputs(v.id)), libraryInputsOf(store, v)), reruns.rerunning(v.id));
  }

  reruns.follow(store.testInputs.on, transformations.onChange);

  /** "Run tests again" on any version (an older one is not re-run in the background): its outcome, recorded as on save. */
  async function runAgain(version: LibraryVersionRecord): Promise<LibraryImpact> {
    const impact = await test(version.libraryId, version, previousOf(version));
    if (impact) return impact;
    const recorded = store.libraries.version(version.id)!;
    return { status: recorded.testStatus ?? 'failed', summary: recorded.testSummary ?? 'the tests could not run', dependants: [] };
  }

  return { test, runAgain, derive, onChange: reruns.onChange, idle: reruns.idle, close: reruns.close };
}
export type LibraryStatus = ReturnType<typeof createLibraryStatus>;
