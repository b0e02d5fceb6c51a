import type { EventObject, LibraryTestResult, TransformationTestResult, VersionTestResult } from '../../shared/api/management';
import type { Sandbox } from '../sandbox/types';
import type { LibraryVersionRecord } from '../store/libraries-repo';
import { expectationFailures, tagMetadata } from './expected-outputs';

/** A library version to compile and evaluate. */
export interface LibraryUnderTest {
  libraryId: string;
  name: string;
  version: LibraryVersionRecord;
}

/** A transformation version (stored or about to be) to run over test events. */
export interface TransformationUnderTest {
  transformationId: string;
  versionId: string;
  name: string;
  code: string;
  events: EventObject[];
  /** Expected outputs per event (same order; undefined = any output passes). */
  expected?: (EventObject[] | undefined)[];
}

const firstLine = (text: string) => text.split('\n', 1)[0] ?? text;
/** The one line a version's test summary keeps of a text (at most 500 characters). */
export const summaryLine = (text: string) => firstLine(text).slice(0, 500);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function testLibrary(sandbox: Sandbox, lib: LibraryUnderTest): Promise<LibraryTestResult> {
  const base = {
    type: 'library' as const,
    id: lib.libraryId,
    versionId: lib.version.id,
    name: lib.name,
    importName: lib.version.importName,
  };
  try {
    await sandbox.testLibrary({ importName: lib.version.importName, code: lib.version.code, versionId: lib.version.id });
    return { ...base, passed: true };
  } catch (error) {
    return { ...base, passed: false, error: messageOf(error) };
  }
}

/** Runs the test events through the transformation with the given library versions. */
export async function testTransformation(
  sandbox: Sandbox,
  t: TransformationUnderTest,
  libraries: { libraryId: string; version: LibraryVersionRecord }[],
  workspaceId: string,
): Promise<TransformationTestResult> {
  const base = {
    type: 'transformation' as const,
    id: t.transformationId,
    versionId: t.versionId,
    name: t.name,
    eventCount: t.events.length,
    libraries: libraries.map((l) => ({ id: l.libraryId, versionId: l.version.id, importName: l.version.importName })),
  };
  try {
    const run = await sandbox.transform({
      code: t.code,
      name: t.name,
      cacheKey: [t.versionId, ...libraries.map((l) => l.version.id)].join(':'),
      libraries: libraries.map((l) => ({ importName: l.version.importName, code: l.version.code, versionId: l.version.id })),
      events: t.events,
      metadata: t.expected
        ? tagMetadata(t.events, { transformationId: t.transformationId, transformationVersionId: t.versionId, workspaceId })
        : t.events.map(() => ({ transformationId: t.transformationId, transformationVersionId: t.versionId, workspaceId })),
    });
    const output = run.results.filter((r) => r.error === undefined && r.output !== undefined).map((r) => r.output!);
    const errors = run.results
      .filter((r) => r.error !== undefined)
      .map((r) => ({ ...(r.metadata?.messageId ? { messageId: r.metadata.messageId } : {}), error: String(r.error) }));
    if (t.expected) errors.push(...expectationFailures(t.events, t.expected, run.results));
    const failed = errors.length > 0;
    return {
      ...base,
      passed: !failed,
      ...(failed ? { error: `${errors.length} of ${t.events.length} events failed: ${firstLine(errors[0]!.error)}` } : {}),
      output,
      errors,
      logs: run.logs,
    };
  } catch (error) {
    return { ...base, passed: false, error: messageOf(error), output: [], errors: [], logs: [] };
  }
}

const describeResult = (r: VersionTestResult) =>
  `${r.type} "${r.name}" (version ${r.versionId}) failed: ${firstLine(r.error ?? 'failed')}`;

/** One sentence naming every failed version and why; undefined when all passed. */
export function failureSummary(results: VersionTestResult[]): string | undefined {
  const failed = results.filter((r) => !r.passed);
  if (failed.length === 0) return undefined;
  return failed.map(describeResult).join('; ');
}
