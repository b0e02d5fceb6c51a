// Counts and failed test names from the runners' own JSON reports (npm test's summary).

/** Vitest's JSON report: failed tests as "file > describe > test", skipped = skipped + todo. */
export function vitestResult(report, ok, root = '') {
  const failures = [];
  for (const file of report.testResults ?? []) {
    const path = root && file.name.startsWith(root) ? file.name.slice(root.length) : file.name;
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) failures.push(`${path} > ${[...(test.ancestorTitles ?? []), test.title].join(' > ')}`);
    // A file that failed outside any test (import error, hook) has no failed test to name.
    if (file.status === 'failed' && failedTests.length === 0) failures.push(`${path}: ${String(file.message ?? 'failed').split('\n')[0]}`);
  }
  const failed = report.numFailedTests + (ok || report.numFailedTests > 0 ? 0 : 1);
  if (!ok && failures.length === 0) failures.push('vitest exited with an error and no failed test');
  return { name: 'vitest', passed: report.numPassedTests, failed, skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0), failures };
}

/** Playwright's JSON report: failed tests as "file:line > title" (suites walked down to their specs). */
export function playwrightResult(report, ok) {
  const failures = [];
  const flakyTests = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      const name = `${spec.file}:${spec.line} > ${[...titles, spec.title].join(' > ')}`;
      if ((spec.tests ?? []).some((test) => test.status === 'unexpected')) failures.push(name);
      else if ((spec.tests ?? []).some((test) => test.status === 'flaky')) flakyTests.push(name);
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // The top-level suites are the files (named by spec.file already).
  for (const suite of report.suites ?? []) walk(suite, []);
  const failed = report.stats.unexpected + (ok || report.stats.unexpected ? 0 : 1);
  if (!ok && failures.length === 0) failures.push('playwright exited with an error and no failed test');
  for (const error of report.errors ?? []) failures.push(`playwright: ${String(error.message ?? error).split('\n')[0]}`);
  // A flaky test (failed, then passed on a retry) is not a pass: it is counted and named as flaky.
  return { name: 'playwright', passed: report.stats.expected, failed, skipped: report.stats.skipped ?? 0, flaky: report.stats.flaky ?? 0, failures, flakyTests };
}

/** One suite's result from several runs of it: counts summed, failures (and flaky tests) in run order. */
export function sumResults(name, results) {
  const sum = (key) => results.reduce((total, r) => total + (r[key] ?? 0), 0);
  return {
    name,
    passed: sum('passed'),
    failed: sum('failed'),
    skipped: sum('skipped'),
    flaky: sum('flaky'),
    failures: results.flatMap((r) => r.failures),
    flakyTests: results.flatMap((r) => r.flakyTests ?? []),
  };
}
