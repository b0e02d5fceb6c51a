import type { Store } from '../store';
import type { LibraryVersionRecord } from '../store/libraries-repo';
import type { VersionTestStatus } from '../store/transformations-repo';
import { importsOf } from './import-names';
import type { PublishService } from './publish-service';
import type { TestCaseResult } from '../../shared/api/test-events';
import { summaryLine, verdict, type TestedTransformation, type TransformationUnderTest } from './version-tests';

/** A library version's tests: its status, and each importer's outcome with it (the same runner as save and publish). */
export interface LibraryImpact {
  status: VersionTestStatus;
  summary: string;
  dependants: { id: string; name: string; versionId: string; status: VersionTestStatus; summary: string; cases: TestCaseResult[] }[];
}

/** A library version as saved, with the library it belongs to. */
export interface SavedLibraryVersion {
  libraryId: string;
  name: string;
  version: LibraryVersionRecord;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The tests of a library version, as saving it records them: the version must evaluate, and the
 * transformations that import it (their latest versions, by its import name or the previous
 * version's) must pass their saved tests with it. failed: it does not evaluate, or one of them
 * fails with it; the summary names first what this version breaks (fails with it, passed with the
 * previous version), then what fails with the previous version too. not-tested: it evaluates and
 * none of them has test events (a run with none still compiles it with this version).
 */
export async function libraryVersionStatus(
  store: Pick<Store, 'transformations'>,
  publisher: Pick<PublishService, 'planVersion' | 'run'>,
  saved: SavedLibraryVersion,
  previous: LibraryVersionRecord | undefined,
): Promise<LibraryImpact> {
  const names = new Set([saved.version.importName, ...(previous ? [previous.importName] : [])]);
  const dependants: TransformationUnderTest[] = [];
  for (const t of store.transformations.list()) {
    const latest = t.latestVersionId ? store.transformations.version(t.latestVersionId) : undefined;
    if (latest && importsOf(latest.code).some((name) => names.has(name))) dependants.push(publisher.planVersion(latest));
  }
  const after = await publisher.run({ libraries: [saved], transformations: dependants });
  const library = after.libraries[0];
  if (library && !library.passed) return { status: 'failed', summary: summaryLine(`does not evaluate: ${library.error ?? 'failed'}`), dependants: [] };
  const results = after.transformations.map((r) => ({ id: r.id, name: r.name, versionId: r.versionId, ...verdict(r), cases: r.cases }));
  return { ...(await judge(after.transformations)), dependants: results };

  /** The status and summary: what this version breaks first, then what failed before it too. */
  async function judge(tested: TestedTransformation[]): Promise<{ status: VersionTestStatus; summary: string }> {

  const failing = tested.filter((r) => !r.passed);
  const failingBefore = new Set<string>();
  if (previous && failing.length > 0) {
    const again = dependants.filter((d) => failing.some((f) => f.id === d.transformationId));
    const before = await publisher.run({ libraries: [{ ...saved, version: previous }], transformations: again });
    for (const r of before.transformations) if (!r.passed) failingBefore.add(r.id);
  }
  if (failing.length > 0) {
    // What this version broke comes first; failures it inherited are said as such.
    const broken = failing.filter((r) => !failingBefore.has(r.id));
    const first = broken[0] ?? failing[0]!;
    const rest = (n: number) => (n > 0 ? ` (and ${plural(n, 'other', 'others')})` : '');
    const inherited = failing.length - broken.length;
    const summary =
      broken.length > 0
        ? `breaks "${first.name}"${rest(broken.length - 1)}${inherited > 0 ? ` (${plural(inherited, 'more fails', 'more fail')} with the previous version too)` : ''}: ${first.error ?? 'its tests fail'}`
        : `"${first.name}"${rest(failing.length - 1)} ${failing.length === 1 ? 'fails' : 'fail'} with it as with the previous version: ${first.error ?? 'its tests fail'}`;
    return { status: 'failed', summary: summaryLine(summary) };
  }
  const withTests = tested.filter((r) => r.eventCount > 0).length;
  if (withTests === 0) {
    // Plain words: the code loads, and no saved test ran it (nobody imports it yet, or its importers have no test events).
    const summary =
      dependants.length === 0
        ? 'The code loads without errors, but no transformation imports this library yet, so no tests ran it.'
        : 'The code loads without errors, but the transformations that import it have no saved test events, so no tests ran it.';
    return { status: 'not-tested', summary };
  }
  return { status: 'passed', summary: `${plural(withTests, 'transformation passes its', 'transformations pass their')} tests with it` };
  }
}
