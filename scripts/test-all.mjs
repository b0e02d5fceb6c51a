// npm test: lint, type-check, build, unit + integration (Vitest), end-to-end (Playwright).
// Prints each suite's "N passed, N failed, N skipped", the names of the failed tests, the sum
// with skipped tests, and ends with one line "N passed, N failed" summing all suites (CI reads it).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { playwrightResult, sumResults, vitestResult } from './test-reports.mjs';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, 'out', 'test-reports');
mkdirSync(reports, { recursive: true });
const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --no-node-snapshot`.trim() };
const bin = (name) => join(root, 'node_modules', '.bin', name);
const only = process.argv.slice(2);
const results = [];
const began = Date.now();

/**
 * CPU seconds of this script's children that have ended (Linux; undefined elsewhere). Read when a
 * child ends, the difference from the last reading is that child's CPU with its descendants.
 */
function childrenCpu() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}
let cpuSeen = childrenCpu();
function cpuNote() {
  const now = childrenCpu();
  const used = now === undefined || cpuSeen === undefined ? undefined : now - cpuSeen;
  cpuSeen = now;
  return used === undefined ? '' : ` (CPU ${used.toFixed(1)} s)`;
}

function run(name, command, args, extraEnv = {}) {
  console.log(`\n=== ${name}: ${[command, ...args].join(' ')}`);
  const started = Date.now();
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  console.log(`=== ${name}: exit ${r.status} in ${((Date.now() - started) / 1000).toFixed(1)} s${cpuNote()}`);
  return r.status === 0;
}

function check(name, command, args) {
  const ok = run(name, command, args);
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, failures: ok ? [] : [`${name} (exit code not 0)`] });
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

// The static checks are not timed: beside the suites they run at the lowest priority, on the CPU
// the suites leave (nice), so they neither slow the suites' waits on answers nor end later.
const lowPriority = (command, args) => (process.platform === 'win32' ? [command, args] : ['nice', ['-n', '19', command, ...args]]);

/** Runs one static check with its output kept, printed whole when it ends (two run at once). */
function checkQuietly(name, command, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(...lowPriority(command, args), { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      console.log(`\n=== ${name}: ${[command, ...args].join(' ')}\n${output}=== ${name}: exit ${code} in ${((Date.now() - started) / 1000).toFixed(1)} s${cpuNote()}`);
      const ok = code === 0;
      resolve({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, failures: ok ? [] : [`${name} (exit code not 0)`] });
    });
  });
}

/** Lint, import cycles and the type-checks: independent, two at a time, in this order in the summary. */
async function staticChecks() {
  const checks = [
    ...(wants('lint') ? [['lint', bin('eslint'), ['.']], ['import cycles', 'npm', ['run', '--silent', 'check:cycles']]] : []),
    ...(wants('typecheck')
      ? [
          ['typecheck main', bin('tsc'), ['--noEmit', '-p', 'tsconfig.node.json']],
          ['typecheck renderer', bin('tsc'), ['--noEmit', '-p', 'tsconfig.web.json']],
          ['typecheck sandbox runtime', bin('tsc'), ['-p', 'tsconfig.runtime.json']],
        ]
      : []),
  ];
  const checked = new Array(checks.length);
  let next = 0;
  const lane = async () => {
    while (next < checks.length) {
      const i = next++;
      checked[i] = await checkQuietly(...checks[i]);
    }
  };
  await Promise.all([lane(), lane()]);
  return checked;
}

// Both suites need the build (the end-to-end tests and a few Vitest files start out/main).
const built = check('build', bin('electron-vite'), ['build']);

/**
 * Runs one suite as a child process and resolves with whether it exited 0. Its lines go to this
 * output as they come, each behind `prefix` when given (two suites run at once).
 */
function runAsync(name, command, args, extraEnv = {}, prefix = '') {
  console.log(`\n=== ${name}: ${[command, ...args].join(' ')}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (d) => {
        const lines = (rest + d).split('\n');
        rest = lines.pop();
        for (const line of lines) console.log(prefix + line);
      });
      stream.on('end', () => rest && console.log(prefix + rest));
    }
    child.on('close', (code) => {
      console.log(`=== ${name}: exit ${code} in ${((Date.now() - started) / 1000).toFixed(1)} s${cpuNote()}`);
      resolve(code === 0);
    });
  });
}

/** Runs Vitest over `args` with its JSON report in `file`; resolves with its counts and failures. */
async function vitestRun(name, file, args, prefix = '') {
  const path = join(reports, file);
  rmSync(path, { force: true }); // a report left by an earlier npm test is not this run's
  const ok = await runAsync(name, bin('vitest'), ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${path}`], {}, prefix);
  const report = readJson(path);
  return report ? vitestResult(report, ok, root) : { name: 'vitest', passed: 0, failed: 1, skipped: 0, failures: [`${name} wrote no JSON report`] };
}

/**
 * The files under VITEST_TAIL (tests of the built host's processes: ~80 s of Vitest's ~650) run
 * in a second Vitest, started when the end-to-end suite ends or the first Vitest does, whichever
 * comes first. Vitest ran 40-130 s alone after Playwright ended, on one of the two cores; the
 * tail now shares that time with the rest (decision 008, round 11). Without `othersDone` (no
 * end-to-end suite beside it), the tail runs after the rest.
 */
const VITEST_TAIL = 'src/main/hosts/';
async function unitSuite(othersDone) {
  const rest = vitestRun('unit + integration (vitest)', 'vitest.json', ['--exclude', `${VITEST_TAIL}**`]);
  await Promise.race([rest, othersDone ?? rest]);
  // --no-cache: the two runs would write Vitest's results cache at the same time.
  const tail = vitestRun(`unit + integration (vitest, ${VITEST_TAIL})`, 'vitest-tail.json', [VITEST_TAIL, '--no-cache'], othersDone ? 'vitest tail │ ' : '');
  return sumResults('vitest', [await rest, await tail]);
}

// Installed (apt-get) before either suite starts: a blocking install would stall the other's output.
let chromium = true;
if (wants('e2e')) {
  try {
    ensureChromium();
  } catch (error) {
    console.error(error.message);
    chromium = false;
  }
  cpuNote(); // an install's apt-get is no suite's
}

/**
 * Playwright and what it starts, unable to raise their CPU priority: run as root (CI), Chromium
 * puts its browser and GPU processes at nice -8, and Vitest beside it then got ~half its share
 * (its files took 1.8x their time; decision 008, round 6). setpriv drops CAP_SYS_NICE from the
 * bounding set, so every process under Playwright stays at the priority it was given.
 */
function atOwnPriority(command, args) {
  const setpriv = '/usr/bin/setpriv';
  return process.platform === 'linux' && existsSync(setpriv) ? [setpriv, ['--inh-caps=-sys_nice', '--bounding-set=-sys_nice', command, ...args]] : [command, args];
}

async function e2eSuite(prefix) {
  const file = join(reports, 'playwright.json');
  if (!built || !chromium) return { name: 'e2e', passed: 0, failed: 1, skipped: 0, failures: [built ? 'e2e: no chromium' : 'e2e: the build failed'] };
  // Screenshots to look at (e2e/shots.ts) are skipped unless STUDIO_SHOTS=1: they check nothing
  // and cost ~0.4 s of CPU each of ~150 calls a run (decision 008).
  // Traces likewise unless STUDIO_TRACE=1 (~0.6 s of CPU a test; playwright.config.ts).
  const shots = process.env.STUDIO_SHOTS ?? '0';
  const trace = process.env.STUDIO_TRACE ?? '0';
  const ok = await runAsync('end-to-end (playwright)', ...atOwnPriority(bin('playwright'), ['test', '--reporter=list,json']), { PLAYWRIGHT_JSON_OUTPUT_NAME: file, STUDIO_SHOTS: shots, STUDIO_TRACE: trace }, prefix);
  const report = existsSync(file) ? readJson(file) : undefined;
  return report?.stats ? playwrightResult(report, ok) : { name: 'playwright', passed: 0, failed: 1, skipped: 0, failures: ['playwright wrote no JSON report'] };
}

// After the build the two suites run at the same time, end-to-end lines behind "e2e │ ", and the
// static checks beside them at the lowest priority: one after the other the suites took ~15 min
// on this 2-core machine, side by side ~10 (decision 008, round 6). STUDIO_TEST_PARALLEL=0 runs
// the checks, then Vitest, then Playwright, each alone.
if (process.env.STUDIO_TEST_PARALLEL === '0') {
  results.push(...(await staticChecks()));
  if (wants('unit')) results.push(await unitSuite());
  if (wants('e2e')) results.push(await e2eSuite(''));
} else {
  const both = wants('unit') && wants('e2e');
  const e2e = wants('e2e') ? e2eSuite(both ? 'e2e │ ' : '') : undefined;
  const suites = await Promise.all([staticChecks(), wants('unit') ? unitSuite(e2e) : undefined, e2e]);
  results.push(...suites[0], ...suites.slice(1).filter(Boolean));
}

const failures = results.flatMap((r) => r.failures);
if (failures.length > 0) {
  console.log(`\nFailed (${failures.length}):`);
  for (const failure of failures) console.log(`  ✗ ${failure}`);
}
const flakyTests = results.flatMap((r) => r.flakyTests ?? []);
if (flakyTests.length > 0) {
  console.log(`\nFlaky: failed, then passed on a retry (${flakyTests.length}):`);
  for (const test of flakyTests) console.log(`  ~ ${test}`);
}
console.log(`\nSummary (npm test took ${((Date.now() - began) / 1000).toFixed(1)} s):`);
for (const r of results) console.log(`  ${r.name}: ${r.passed} passed, ${r.flaky ?? 0} flaky, ${r.failed} failed, ${r.skipped} skipped`);
const sum = (key) => results.reduce((s, r) => s + (r[key] ?? 0), 0);
const [passed, flaky, failed, skipped] = [sum('passed'), sum('flaky'), sum('failed'), sum('skipped')];
console.log(`${passed} passed, ${flaky} flaky, ${failed} failed, ${skipped} skipped`);
// The last line stays "N passed, N failed": CI (.ci/run) reads exactly that.
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
