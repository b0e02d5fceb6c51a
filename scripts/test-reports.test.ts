import { describe, expect, it } from 'vitest';
import { playwrightResult, sumResults, vitestResult } from './test-reports.mjs';

// npm test's summary from the runners' JSON reports (shapes as Vitest's json reporter and
// Playwright's json reporter write them): skipped counted, failed tests named.

const vitestReport = {
  numPassedTests: 3,
  numFailedTests: 1,
  numPendingTests: 2,
  numTodoTests: 1,
  testResults: [
    {
      name: '/repo/src/a.test.ts',
      status: 'failed',
      assertionResults: [
        { ancestorTitles: ['rooms', 'lint'], title: 'refuses an import', status: 'failed' },
        { ancestorTitles: ['rooms'], title: 'passes', status: 'passed' },
        { ancestorTitles: [], title: 'later', status: 'skipped' },
      ],
    },
    { name: '/repo/src/b.test.ts', status: 'failed', message: 'Failed to load url ./gone\nat …', assertionResults: [] },
    { name: '/repo/src/c.test.ts', status: 'passed', assertionResults: [{ ancestorTitles: [], title: 'ok', status: 'passed' }] },
  ],
};

const playwrightReport = {
  stats: { expected: 4, unexpected: 1, flaky: 1, skipped: 2 },
  errors: [],
  suites: [
    {
      title: 'publish.spec.ts',
      file: 'publish.spec.ts',
      specs: [{ title: 'publishes', file: 'publish.spec.ts', line: 12, tests: [{ status: 'expected' }] }],
      suites: [
        {
          title: 'dialog',
          file: 'publish.spec.ts',
          specs: [
            { title: 'names the destinations', file: 'publish.spec.ts', line: 40, tests: [{ status: 'unexpected' }] },
            { title: 'retried once', file: 'publish.spec.ts', line: 50, tests: [{ status: 'flaky' }] },
          ],
        },
      ],
    },
  ],
};

describe('test reports', () => {
  it('vitest: passed, failed, skipped (+ todo) and the failed tests by file and title, a file failing outside its tests included', () => {
    expect(vitestResult(vitestReport, false, '/repo/')).toEqual({
      name: 'vitest',
      passed: 3,
      failed: 1,
      skipped: 3,
      failures: ['src/a.test.ts > rooms > lint > refuses an import', 'src/b.test.ts: Failed to load url ./gone'],
    });
  });

  it('vitest: a failed run with no failed test still counts one failure and says so', () => {
    const result = vitestResult({ numPassedTests: 5, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, testResults: [] }, false);
    expect(result).toMatchObject({ passed: 5, failed: 1, skipped: 0 });
    expect(result.failures).toEqual(['vitest exited with an error and no failed test']);
    expect(vitestResult({ numPassedTests: 5, numFailedTests: 0, numPendingTests: 0, testResults: [] }, true)).toMatchObject({ failed: 0, failures: [] });
  });

  it('playwright: a flaky test counted and named as flaky (not passed), skipped counted, the failed spec named with file, line and describe', () => {
    expect(playwrightResult(playwrightReport, false)).toEqual({
      name: 'playwright',
      passed: 4,
      flaky: 1,
      failed: 1,
      skipped: 2,
      failures: ['publish.spec.ts:40 > dialog > names the destinations'],
      flakyTests: ['publish.spec.ts:50 > dialog > retried once'],
    });
  });

  it('playwright: errors outside tests (a global setup) are named', () => {
    const result = playwrightResult({ stats: { expected: 0, unexpected: 0, skipped: 0 }, errors: [{ message: 'Error: no chromium\n  at setup' }], suites: [] }, false);
    expect(result).toMatchObject({ failed: 1, failures: ['playwright exited with an error and no failed test', 'playwright: Error: no chromium'] });
  });

  it('a suite run in two parts (Vitest and its tail): counts summed, every failure named in run order', () => {
    const rest = vitestResult(vitestReport, false, '/repo/');
    const tail = vitestResult({ numPassedTests: 7, numFailedTests: 0, numPendingTests: 1, testResults: [] }, false);
    expect(sumResults('vitest', [rest, tail])).toEqual({
      name: 'vitest',
      passed: 10,
      failed: 2,
      skipped: 4,
      flaky: 0,
      failures: ['src/a.test.ts > rooms > lint > refuses an import', 'src/b.test.ts: Failed to load url ./gone', 'vitest exited with an error and no failed test'],
      flakyTests: [],
    });
  });
});
