#!/usr/bin/env node
// `studio test DIR` cold, as CI runs it: a new CLI process starting its embedded core on a new
// data folder, opening a repository of 5 transformations (2 libraries) with 100 test events
// each (exact expected outputs, the Action's layout), running the tests, and closing. Beside it,
// the floor measured in the same round: the embedded core started and closed with nothing to do.
// Rounds alternate floor and run; the round with the median run counts. Target: under 3 s.
// Each round also prints where the run's time went (STUDIO_CLI_TRACE=1: the CLI's phases, start
// of the core, open, run, close; the core's own start phases), the CPU time of each process tree
// (less disturbed by a busy machine than wall time) and the load average.
//
//   node bench/workspace-test.mjs [--rounds 5]   (needs a build; npx electron-vite build)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedCore } from '../bin/lib/embedded-core.mjs';
import { endedChildrenCpuMs } from './lib/cpu.mjs';

const root = new URL('..', import.meta.url).pathname;
const roundsFlag = process.argv.indexOf('--rounds');
const ROUNDS = roundsFlag > 0 ? Number(process.argv[roundsFlag + 1]) : 5;
const TRANSFORMATIONS = 5;
const EVENTS = 100;

/** A repository in the Action's layout; the expected outputs follow the code's rule (tag + total). */
function makeRepo() {
  const dir = mkdtempSync(join(tmpdir(), 'studio-bench-repo-'));
  const write = (path, content) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  };
  write('libs/tagger.js', 'export const tagged = (event, tag) => ({ ...event, properties: { ...event.properties, tag } });');
  write('libs/money.js', 'export const total = (items) => items.reduce((sum, i) => sum + i.price * i.quantity, 0);');
  const meta = { transformations: [], libraries: [{ file: 'libs/tagger.js', name: 'tagger' }, { file: 'libs/money.js', name: 'money' }] };
  for (let t = 0; t < TRANSFORMATIONS; t++) {
    write(
      `code/t${t}.js`,
      `import { tagged } from 'tagger';\nimport { total } from 'money';\nexport function transformEvent(event) {\n  const out = tagged(event, 't${t}');\n  out.properties.total = total(event.properties.items);\n  return out;\n}\n`,
    );
    const events = Array.from({ length: EVENTS }, (_, i) => ({
      type: 'track',
      event: `Event ${i % 7}`,
      userId: `u-${i}`,
      messageId: `m-${t}-${i}`,
      properties: { items: [{ price: i, quantity: 2 }, { price: 1, quantity: t + 1 }] },
    }));
    const expected = events.map((e) => ({ ...e, properties: { ...e.properties, tag: `t${t}`, total: e.properties.items[0].price * 2 + t + 1 } }));
    write(`tests/t${t}/events.json`, events);
    write(`tests/t${t}/expected.json`, expected);
    meta.transformations.push({ file: `code/t${t}.js`, name: `T${t}`, language: 'javascript', 'test-input-file': `tests/t${t}/events.json`, 'expected-output': `tests/t${t}/expected.json` });
  }
  write('meta.json', meta);
  return dir;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const repo = makeRepo();
const rounds = [];
try {
  for (let r = 0; r < ROUNDS; r++) {
    const f0 = performance.now();
    const fc = endedChildrenCpuMs();
    const core = await startEmbeddedCore();
    await core.close();
    const floor = performance.now() - f0;
    const floorCpu = endedChildrenCpuMs() - fc;
    const t0 = performance.now();
    const c0 = endedChildrenCpuMs();
    const run = spawnSync(process.execPath, [join(root, 'bin/studio.mjs'), 'test', repo], { encoding: 'utf8', env: { ...process.env, STUDIO_CLI_TRACE: '1' } });
    const ms = performance.now() - t0;
    const cpu = endedChildrenCpuMs() - c0;
    if (run.status !== 0) throw new Error(`studio test exited ${run.status}:\n${run.stdout}${run.stderr}`);
    const passed = /(\d+) of (\d+) tests passed/.exec(run.stdout);
    if (!passed || Number(passed[1]) !== TRANSFORMATIONS * EVENTS || passed[1] !== passed[2]) throw new Error(`expected ${TRANSFORMATIONS * EVENTS} tests to pass:\n${run.stdout}`);
    const trace = (name) => JSON.parse(new RegExp(`^${name} (\\{.*\\})$`, 'm').exec(run.stderr)?.[1] ?? '{}');
    const phases = Object.entries(trace('cli-trace')).map(([k, v]) => `${k} ${v}`).join(', ');
    const corePhases = Object.entries(trace('startup-trace')).map(([k, v]) => `${k} ${Math.round(v)}`).join(', ');
    rounds.push({ floor, ms, tests: passed ? `${passed[1]}/${passed[2]}` : '?' });
    console.log(
      `round ${r + 1}: studio test ${ms.toFixed(0)} ms (${rounds.at(-1).tests} tests passed; CPU of its process tree ${cpu} ms), ` +
        `floor (core start + stop) ${floor.toFixed(0)} ms (CPU ${floorCpu} ms); ` +
        `load ${loadavg().map((l) => l.toFixed(2)).join(' ')}\n  phases (ms): ${phases}\n  core start (ms since its process began, at the end of each phase): ${corePhases}`,
    );
  }
} finally {
  rmSync(repo, { recursive: true, force: true });
}
const mid = rounds.find((r) => r.ms === median(rounds.map((x) => x.ms)));
console.log(
  `median round: studio test ${mid.ms.toFixed(0)} ms for ${TRANSFORMATIONS} transformations x ${EVENTS} test events (target < 3000 ms), ` +
    `floor ${mid.floor.toFixed(0)} ms, open + run ${(mid.ms - mid.floor).toFixed(0)} ms; load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
);
