import type { VersionTestResult } from '../../shared/api/management';

/**
 * The hosted service's `result` of POST /transformations/libraries/test, as its own clients read
 * it (RudderStack's transformation GitHub Action: `result.successTestResults[].transformerVersionID`
 * and `.result.output.transformedEvents`, `result.failedTestResults[].id/.name/.result`). Library
 * results are listed among the failures when they fail and are otherwise left out: the Action looks
 * every success up by transformerVersionID.
 */
export function hostedTestResult(results: VersionTestResult[]) {
  const successTestResults = [];
  const failedTestResults = [];
  for (const r of results) {
    if (r.type === 'transformation' && r.passed) {
      successTestResults.push({ id: r.id, name: r.name, transformerVersionID: r.versionId, result: { output: { transformedEvents: r.output, logs: r.logs } } });
    } else if (r.type === 'transformation') {
      failedTestResults.push({ id: r.id, name: r.name, transformerVersionID: r.versionId, result: r.error ?? r.errors.map((e) => e.error).join('; ') });
    } else if (!r.passed) {
      failedTestResults.push({ id: r.id, name: r.name, libraryVersionID: r.versionId, result: r.error ?? 'library test failed' });
    }
  }
  return { successTestResults, failedTestResults };
}
