// What `studio test` prints and writes: text per transformation with, for a failing expected
// output, the diff the transformation GitHub Action's artifacts show (deep-object-diff's
// detailedDiff of expected and actual outputs), JUnit XML for CI systems, and JSON.
import { detailedDiff } from 'deep-object-diff';
import { XMLBuilder } from 'fast-xml-parser';

/** The Action's artifact diff: { added, deleted, updated } of the actual outputs against the expected ones. */
export const actionDiff = (expected, actual) => detailedDiff(expected, actual);

/** One entry per test case, with its failure (and diff) when it failed. */
export function testsOf(result) {
  const failures = [...result.failures];
  const tests = (result.tests ?? []).map((t) => {
    if (t.passed) return { name: t.name, given: t.given, passed: true };
    const f = failures.shift();
    return {
      name: t.name,
      given: t.given,
      passed: false,
      failure: f?.error ?? 'failed',
      ...(f?.messageId ? { messageId: f.messageId } : {}),
      ...(f?.expected ? { expected: f.expected, actual: f.outputs ?? [], diff: actionDiff(f.expected, f.outputs ?? []) } : {}),
    };
  });
  // A run that could not run at all (compile error, time limit) has no cases: one failing entry says why.
  if (tests.length === 0 && !result.passed) tests.push({ name: 'compiles and exports its handler', given: false, passed: false, failure: result.error ?? 'failed' });
  return tests;
}

/** The report of a run: transformations with their files and tests. */
export function buildReport(run, files = {}) {
  const transformations = run.results.map((r) => ({
    name: r.name,
    ...(files[r.name] ? { file: files[r.name] } : {}),
    passed: r.passed,
    ...(r.error ? { error: r.error } : {}),
    durationMs: r.durationMs ?? 0,
    tests: testsOf(r),
  }));
  const tests = transformations.flatMap((t) => t.tests);
  return { passed: run.passed, total: tests.length, failed: tests.filter((t) => !t.passed).length, transformations };
}

export function printReport(report, write) {
  for (const t of report.transformations) {
    const failed = t.tests.filter((x) => !x.passed).length;
    const where = t.file ? ` (${t.file})` : '';
    if (t.tests.length === 0) write(`NO TESTS ${t.name}${where}: no saved tests (it compiles and exports its handler)\n`);
    else write(`${t.passed ? 'PASS' : 'FAIL'} ${t.name}${where}: ${failed > 0 ? `${failed} of ${t.tests.length} tests failed` : `${t.tests.length} tests passed`}\n`);
    for (const x of t.tests.filter((y) => !y.passed)) {
      write(`  ✗ ${x.name}${x.messageId ? ` (messageId ${x.messageId})` : ''}: ${x.failure}\n`);
      if (x.diff) write(`    diff of the outputs (expected → actual), as the Action's artifact shows it:\n${indent(JSON.stringify(x.diff, null, 2), 6)}\n`);
    }
  }
  write(`${report.total - report.failed} of ${report.total} tests passed in ${report.transformations.length} transformations${report.failed ? `, ${report.failed} failed` : ''}\n`);
}

const indent = (text, n) => text.replace(/^/gm, ' '.repeat(n));
// XML 1.0 cannot hold most control characters, even escaped.
// eslint-disable-next-line no-control-regex
const xmlSafe = (text) => String(text).replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '');
const seconds = (ms) => (ms / 1000).toFixed(3);

/** JUnit XML: a testsuite per transformation, a testcase per test. */
export function junitXml(report) {
  const suites = report.transformations.map((t) => ({
    '@_name': xmlSafe(t.name),
    '@_tests': t.tests.length,
    '@_failures': t.tests.filter((x) => !x.passed).length,
    '@_errors': 0,
    '@_time': seconds(t.durationMs),
    ...(t.file ? { '@_file': xmlSafe(t.file) } : {}),
    testcase: t.tests.map((x) => ({
      '@_name': xmlSafe(x.name),
      '@_classname': xmlSafe(t.name),
      ...(t.file ? { '@_file': xmlSafe(t.file) } : {}),
      ...(x.passed
        ? {}
        : {
            failure: {
              '@_message': xmlSafe(x.failure),
              '@_type': x.diff ? 'expected-output' : 'test-failed',
              '#text': xmlSafe(x.diff ? `${x.failure}\n\ndiff (expected → actual):\n${JSON.stringify(x.diff, null, 2)}` : x.failure),
            },
          }),
    })),
  }));
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: true });
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    testsuites: {
      '@_name': 'studio test',
      '@_tests': report.total,
      '@_failures': report.failed,
      '@_errors': 0,
      '@_time': seconds(report.transformations.reduce((sum, t) => sum + t.durationMs, 0)),
      testsuite: suites,
    },
  });
}
