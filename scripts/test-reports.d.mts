export interface SuiteResult {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  failures: string[];
  /** Tests that failed and then passed on a retry (Playwright): neither passed nor failed. */
  flaky?: number;
  flakyTests?: string[];
}
/** The runners' JSON reports, as parsed from their files. */
type Report = Record<string, unknown>;
export function vitestResult(report: Report, ok: boolean, root?: string): SuiteResult;
export function playwrightResult(report: Report, ok: boolean): SuiteResult;
/** One suite's result from several runs of it: counts summed, failures in run order. */
export function sumResults(name: string, results: SuiteResult[]): SuiteResult;
