import type { LibraryTestResult, TransformationTestResult, VersionTestResult } from '../../shared/api/management';
import type { Sandbox } from '../sandbox';
import type { LibraryVersionRecord } from '../store/libraries-repo';
import type { TestCaseResult, TestStatus } from '../../shared/api/test-events';
import { runCases, type TestCase } from './test-cases';

/** A library version to compile and evaluate. */
export interface LibraryUnderTest {
  libraryId: string;
  name: string;
  version: LibraryVersionRecord;
}

/** A transformation version (stored or about to be) to run over its test cases. */
export interface TransformationUnderTest {
  transformationId: string;
  versionId: string;
  name: string;
  code: string;
  /** Saved tests, then given test input events (must not throw). */
  cases: TestCase[];
}

/** A transformation's result with each case's outcome (the API answers leave `cases` out). */
export type TestedTransformation = TransformationTestResult & { cases: TestCaseResult[] };

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

/** Runs the test cases through the transformation with the given library versions (the one runner). */
export async function testTransformation(
  sandbox: Sandbox,
  t: TransformationUnderTest,
  libraries: { libraryId: string; version: LibraryVersionRecord }[],
  workspaceId: string,
): Promise<TestedTransformation> {
  const base = {
    type: 'transformation' as const,
    id: t.transformationId,
    versionId: t.versionId,
    name: t.name,
    eventCount: t.cases.length,
    libraries: libraries.map((l) => ({ id: l.libraryId, versionId: l.version.id, importName: l.version.importName })),
  };
  try {
    const run = await runCases(
      sandbox,
      {
        code: t.code,
        name: t.name,
        cacheKey: [t.versionId, ...libraries.map((l) => l.version.id)].join(':'),
        libraries: libraries.map((l) => ({ importName: l.version.importName, code: l.version.code, versionId: l.version.id })),
      },
      { transformationId: t.transformationId, transformationVersionId: t.versionId, workspaceId },
      t.cases,
    );
    const failed = run.cases.filter((c) => !c.passed).length;
    const firstError = run.errors[0]?.error;
    return {
      ...base,
      passed: failed === 0 && run.errors.length === 0,
      ...(failed > 0 || firstError ? { error: `${Math.max(failed, 1)} of ${t.cases.length} events failed: ${firstLine(firstError ?? 'failed')}` } : {}),
      output: run.output,
      errors: run.errors,
      logs: run.logs,
      cases: run.cases,
    };
  } catch (error) {
    return { ...base, passed: false, error: messageOf(error), output: [], errors: [], logs: [], cases: [] };
  }
}

/** What a version's test run means, said once: failed, passed (N tests), or not tested (it compiles; nothing to run). */
export function verdict(tested: TestedTransformation | undefined, fallbackError?: string): { status: TestStatus; summary: string } {
  if (!tested || !tested.passed) return { status: 'failed', summary: summaryLine(tested?.error ?? fallbackError ?? 'tests failed') };
  const saved = tested.cases.filter((c) => !c.given).length;
  const given = tested.cases.length - saved;
  if (tested.cases.length === 0) return { status: 'not-tested', summary: 'The code compiles and exports its handler, but it has no saved tests to run.' };
  const parts = [saved > 0 ? `${saved} saved test${saved === 1 ? '' : 's'}` : '', given > 0 ? `${given} test input event${given === 1 ? '' : 's'}` : ''];
  return { status: 'passed', summary: `${parts.filter(Boolean).join(' and ')} passed` };
}

const describeResult = (r: VersionTestResult) =>
  `${r.type} "${r.name}" (version ${r.versionId}) failed: ${firstLine(r.error ?? 'failed')}`;

/** One sentence naming every failed version and why; undefined when all passed. */
export function failureSummary(results: VersionTestResult[]): string | undefined {
  const failed = results.filter((r) => !r.passed);
  if (failed.length === 0) return undefined;
  return failed.map(describeResult).join('; ');
}
