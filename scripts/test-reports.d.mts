export interface SuiteResult {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  failures: string[];
}
export function vitestResult(report: any, ok: boolean, root?: string): SuiteResult;
export function playwrightResult(report: any, ok: boolean): SuiteResult;
