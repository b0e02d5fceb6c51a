#!/usr/bin/env node
// Coverage of 100 saved tests (issue 41: target under 2 s), beside a floor measured in the same run.
//
//   node --no-node-snapshot bench/coverage.mjs [--tests 100]     (needs a build: npm run build)
//
// On the built headless host (child process): a transformation of ~40 lines with branches and a
// library, 100 saved test events; POST /studio/api/coverage (a debug process, V8 precise coverage
// at block granularity with call counts, the tests run in one batch, lines and branches summed)
// against the floor POST /studio/api/test of the same 100 events on the warm sandbox, in adjacent
// pairs; the median pair's figures and ratio are printed.
import { builtHeadless, hostCaller, startBenchHost } from './lib/headless-host.mjs';

const headless = builtHeadless();
const at = process.argv.indexOf('--tests');
const TESTS = at > 0 ? Number(process.argv[at + 1]) : 100;
const PAIRS = 9;
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const library = 'export function money(v) {\n  const n = Number(v);\n  return Number.isFinite(n) ? n.toFixed(2) : "0.00";\n}\n';
const code = `import { money } from 'benchMoney';

export function transformEvent(event, metadata) {
  if (event.type === 'identify') {
    return { ...event, traits: { ...event.traits, seen: true } };
  }
  if (event.type === 'page') return event;
  const properties = { ...event.properties };
  switch (event.event) {
    case 'Order Completed':
      properties.total = money(properties.total);
      break;
    case 'Product Viewed':
      properties.viewed = true;
      break;
    default:
      properties.other = true;
  }
  const items = (properties.products ?? []).map((p) => ({ ...p, price: money(p.price) }));
  if (items.length > 3) properties.many = true;
  properties.products = items;
  const user = event.userId || event.anonymousId || 'unknown';
  return { ...event, userId: user, properties };
}
`;
const names = ['Order Completed', 'Product Viewed', 'Signed Up'];
const events = Array.from({ length: TESTS }, (_, i) => ({
  type: i % 10 === 0 ? 'identify' : 'track',
  event: names[i % 3],
  userId: `u-${i}`,
  properties: { total: i * 3, products: Array.from({ length: i % 5 }, (_, k) => ({ sku: `s${k}`, price: k })) },
}));

const host = await startBenchHost(headless, 'bench-coverage-');
const call = hostCaller(() => host);
const timed = async (work) => {
  const started = performance.now();
  const answer = await work();
  return { ms: performance.now() - started, answer };
};

try {
  await call('POST', '/transformationLibraries', { name: 'bench money', code: library });
  const tx = await call('POST', '/transformations', { name: 'Coverage bench', code });
  await call('PUT', `/studio/api/transformations/${tx.id}/test-events`, { events: events.map((event) => ({ event })) });
  const cover = () => call('POST', '/studio/api/coverage', { code, transformationName: 'Coverage bench', transformationId: tx.id });
  const floor = () => call('POST', '/studio/api/test', { code, transformationName: 'Coverage bench', events });
  for (let i = 0; i < 2; i++) {
    await cover();
    await floor();
    await pause(700); // the spare debug process starts half a second after a session begins
  }
  const pairs = [];
  let last;
  for (let i = 0; i < PAIRS; i++) {
    const f = await timed(floor);
    const c = await timed(cover);
    last = c.answer;
    pairs.push({ floor: f.ms, coverage: c.ms, ratio: c.ms / f.ms });
    await pause(700);
  }
  const sorted = (key) => pairs.map((p) => p[key]).sort((a, b) => a - b);
  const median = (list) => list[Math.floor(list.length / 2)];
  const pair = [...pairs].sort((a, b) => a.ratio - b.ratio)[Math.floor(pairs.length / 2)];
  const main = last.scripts[0].summary;
  console.log(`Coverage of ${TESTS} saved tests (${last.events} events run, ${last.failed} failed), ${PAIRS} adjacent pairs:`);
  console.log(`  coverage   p50 ${median(sorted('coverage')).toFixed(0)} ms   max ${sorted('coverage').at(-1).toFixed(0)} ms   (target < 2000 ms)`);
  console.log(`  floor: POST /studio/api/test of the same ${TESTS} events, warm sandbox   p50 ${median(sorted('floor')).toFixed(0)} ms`);
  console.log(`  median pair: coverage ${pair.coverage.toFixed(0)} ms / floor ${pair.floor.toFixed(0)} ms = ${pair.ratio.toFixed(1)}x`);
  console.log(`  result: lines ${main.lines.covered} of ${main.lines.total}, branches ${main.branches.covered} of ${main.branches.total}`);
} finally {
  await host.stop();
}
