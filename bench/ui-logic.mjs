#!/usr/bin/env node
// The renderer's per-keystroke and per-run logic, each against a baseline measured in the same run:
//  - diagnostics while typing (analyseCode: parse + export and import checks) vs acorn.parse alone;
//  - reading a test run of N events (correlate outputs to inputs + field diff of every event)
//    vs JSON.parse of the same answer (the floor: receiving it at all);
//  - validating the test-events JSON (parseTestEvents) vs JSON.parse.
//
//   node bench/ui-logic.mjs            (npm run bench runs every bench/*.mjs)
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parse } from 'acorn';
import { build } from 'vite';

const root = new URL('..', import.meta.url).pathname;
const outDir = join(root, 'out', 'bench-ui');
await build({
  root,
  configFile: false,
  logLevel: 'warn',
  build: {
    ssr: true,
    outDir,
    emptyOutDir: true,
    minify: false,
    target: 'node20',
    rollupOptions: {
      input: {
        analysis: join(root, 'src/renderer/editor/code-analysis.ts'),
        libraries: join(root, 'src/renderer/editor/library-exports.ts'),
        correlate: join(root, 'src/renderer/features/test-bench/correlate-results.ts'),
        diff: join(root, 'src/renderer/features/test-bench/diff-summary.ts'),
        events: join(root, 'src/renderer/features/test-bench/test-events.ts'),
      },
      output: { format: 'es', entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' },
    },
  },
});
const { analyseCode } = await import(join(outDir, 'analysis.mjs'));
const { describeLibrary } = await import(join(outDir, 'libraries.mjs'));
const { correlateResults } = await import(join(outDir, 'correlate.mjs'));
const { summariseDiff } = await import(join(outDir, 'diff.mjs'));
const { parseTestEvents } = await import(join(outDir, 'events.mjs'));

/** Median of `runs` timings (ms) of fn, after a warm-up. */
function median(fn, runs) {
  for (let i = 0; i < Math.min(5, runs); i++) fn();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}
const fmt = (ms) => (ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(2)} ms`);
const row = (label, ms, baseMs, baseLabel) => console.log(`${label.padEnd(52)} ${fmt(ms).padStart(10)}   baseline ${baseLabel} ${fmt(baseMs).padStart(10)}   ratio ${(ms / baseMs).toFixed(2)}x`);

// 1. Diagnostics while typing.
const library = describeLibrary({
  name: 'Event Utils',
  importName: 'eventUtils',
  code: 'export function maskEmail(v) { return v; }\nexport function titleCase(v) { return v; }\n',
});
const small = `import { maskEmail } from 'eventUtils';\n\nexport function transformEvent(event, metadata) {\n  if (event.type === 'alias') return null;\n  const traits = event.context?.traits;\n  if (traits?.email) traits.email = maskEmail(traits.email);\n  if (event.context) delete event.context.ip;\n  return event;\n}\n`;
const helpers = Array.from({ length: 400 }, (_, i) => `function helper${i}(event) {\n  const value = event.properties?.field${i} ?? null;\n  return value === null ? event : { ...event, properties: { ...event.properties, field${i}: String(value) } };\n}\n`).join('');
const large = `${small}${helpers}`;
const options = { kind: 'transformation', libraries: [library] };
for (const [label, code] of [['small (10 lines)', small], [`large (${large.split('\n').length} lines)`, large]]) {
  const runs = code === small ? 2000 : 200;
  // A keystroke changes the text: each call gets a new one (parseModule keeps the trees of texts it
  // has seen, so the same text again measured a cache hit, 3 µs against acorn's 39).
  let k = 0;
  const analysed = median(() => analyseCode(`${code}// ${k++}\n`, options), runs);
  const parsed = median(() => parse(`${code}// ${k++}\n`, { ecmaVersion: 'latest', sourceType: 'module' }), runs);
  row(`diagnostics per keystroke, ${label}`, analysed, parsed, 'acorn.parse');
}

// 2. Reading a test run: N inputs, every event changed (mask-PII-like), some dropped.
const samples = JSON.parse(readFileSync(join(root, 'resources/fixtures/events/sample-50.json'), 'utf8'));
for (const n of [50, 1000, 5000]) {
  const inputs = Array.from({ length: n }, (_, i) => ({ ...structuredClone(samples[i % samples.length]), messageId: `m-${i}` }));
  const outputs = inputs
    .filter((e) => e.type !== 'alias')
    .map((e) => {
      const out = structuredClone(e);
      if (out.context) delete out.context.ip;
      if (out.context?.traits?.email) out.context.traits.email = 'x***@example.com';
      return out;
    });
  // The core's answer says which input each result came from (inputIndexes), as a real run's does.
  const kept = inputs.flatMap((e, i) => (e.type !== 'alias' ? [i] : []));
  const answer = JSON.stringify({ transformedEvents: outputs, inputIndexes: kept, logs: [], durationMs: 1 });
  const runs = n >= 5000 ? 10 : n >= 1000 ? 30 : 300;
  const read = median(() => {
    const parsed = JSON.parse(answer);
    const run = correlateResults(inputs, parsed.transformedEvents, parsed.inputIndexes);
    for (const o of run.outcomes) for (const out of o.outputs) summariseDiff(o.input, out);
  }, runs);
  const baseline = median(() => JSON.parse(answer), runs);
  row(`read a test run of ${n} events (correlate + diff all)`, read, baseline, 'JSON.parse');
  // Every event split in two (`<messageId>-0`, `<messageId>-1`), each output placed by its input index.
  const split = JSON.stringify({
    transformedEvents: inputs.flatMap((e) => [0, 1].map((k) => ({ ...e, messageId: `${e.messageId}-${k}` }))),
    inputIndexes: inputs.flatMap((_, i) => [i, i]),
  });
  const splitRead = median(() => {
    const parsed = JSON.parse(split);
    return correlateResults(inputs, parsed.transformedEvents, parsed.inputIndexes);
  }, runs);
  row(`read a split run of ${n} → ${2 * n} events (correlate)`, splitRead, median(() => JSON.parse(split), runs), 'JSON.parse');
  const text = JSON.stringify(inputs, null, 2);
  row(`validate ${n} test events`, median(() => parseTestEvents(text), runs), median(() => JSON.parse(text), runs), 'JSON.parse');
}
console.log(`load average (1, 5, 15 min): ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
