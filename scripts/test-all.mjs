// npm test: lint, type-check, build, unit + integration (Vitest), end-to-end (Playwright).
// Ends with one line "N passed, N failed" summing all suites.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, 'out', 'test-reports');
mkdirSync(reports, { recursive: true });
const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --no-node-snapshot`.trim() };
const bin = (name) => join(root, 'node_modules', '.bin', name);
const only = process.argv.slice(2);
const results = [];

function run(name, command, args, extraEnv = {}) {
  console.log(`\n=== ${name}: ${[command, ...args].join(' ')}`);
  const started = Date.now();
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  console.log(`=== ${name}: exit ${r.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return r.status === 0;
}

function check(name, command, args) {
  const ok = run(name, command, args);
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const wants = (step) => only.length === 0 || only.includes(step);

if (wants('lint')) {
  check('lint', bin('eslint'), ['.']);
  check('import cycles', 'npm', ['run', '--silent', 'check:cycles']);
}
if (wants('typecheck')) {
  check('typecheck main', bin('tsc'), ['--noEmit', '-p', 'tsconfig.node.json']);
  check('typecheck renderer', bin('tsc'), ['--noEmit', '-p', 'tsconfig.web.json']);
  check('typecheck sandbox runtime', bin('tsc'), ['-p', 'tsconfig.runtime.json']);
}
const built = check('build', bin('electron-vite'), ['build']);

if (wants('unit')) {
  const file = join(reports, 'vitest.json');
  const ok = run('unit + integration (vitest)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
  const report = readJson(file);
  if (report) results.push({ name: 'vitest', passed: report.numPassedTests, failed: report.numFailedTests + (ok ? 0 : report.numFailedTests === 0 ? 1 : 0) });
  else results.push({ name: 'vitest', passed: 0, failed: 1 });
}

let chromium = true;
if (wants('e2e')) {
  try {
    ensureChromium();
  } catch (error) {
    console.error(error.message);
    chromium = false;
  }
}
if (wants('e2e')) {
  const file = join(reports, 'playwright.json');
  if (!built || !chromium) results.push({ name: 'e2e', passed: 0, failed: 1 });
  else {
    const ok = run('end-to-end (playwright)', bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
    const report = existsSync(file) ? readJson(file) : undefined;
    if (report?.stats) {
      const failed = report.stats.unexpected + (report.stats.flaky ?? 0) * 0;
      results.push({ name: 'playwright', passed: report.stats.expected + (report.stats.flaky ?? 0), failed: failed + (ok || failed ? 0 : 1) });
    } else results.push({ name: 'playwright', passed: 0, failed: 1 });
  }
}

console.log('\nSummary:');
for (const r of results) console.log(`  ${r.name}: ${r.passed} passed, ${r.failed} failed`);
const passed = results.reduce((s, r) => s + r.passed, 0);
const failed = results.reduce((s, r) => s + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
