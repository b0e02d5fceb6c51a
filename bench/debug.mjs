#!/usr/bin/env node
// Time from "Debug" to paused at the first breakpoint, beside a floor measured in the same run.
//
//   node --no-node-snapshot bench/debug.mjs        (needs a build: npm run build)
//
// On the built headless host (child process), warm (after warm-up sessions): POST
// /studio/api/debug/sessions with a breakpoint on line 3, the session's event stream opened at
// once, until its Debugger.paused arrives; then resume and the run's `done`. Each session has its
// own debug process, taken from the spare the core starts half a second after a session begins
// (a second passes between sessions here, as between a user's clicks); `--cold` waits for no
// spare (a process forked on the click, as for the first Debug after a while). The
// floor: POST /studio/api/test of the same code and event on the warm sandbox (one test run's
// round trip), in adjacent pairs; the median pair's figures and ratio are printed.
import { builtHeadless, hostCaller, startBenchHost } from './lib/headless-host.mjs';

const headless = builtHeadless();
const PAIRS = 15;
const COLD = process.argv.includes('--cold');
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const WARM_UP = 3;
const code = 'export function transformEvent(event) {\n  let step = 1;\n  step = step + 1;\n  return { ...event, step };\n}';
const event = { type: 'track', event: 'Bench', userId: 'u1', properties: { a: 1 } };

const host = await startBenchHost(headless, 'bench-debug-');
const call = hostCaller(() => host);

/** Reads the session's events until `until` matches one; resolves with it. */
async function waitFor(id, until, signal) {
  const response = await fetch(`${host.url}/studio/api/debug/sessions/${id}/events`, { headers: { authorization: host.auth }, signal });
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (!block.startsWith('data: ')) continue;
      const data = JSON.parse(block.slice(6));
      if (until(data)) return data;
    }
  }
  throw new Error('the event stream ended');
}

/** One debug session: ms from the click (POST) to paused; then continued to its end. */
async function debugToPaused() {
  const started = performance.now();
  const { id } = await call('POST', '/studio/api/debug/sessions', { code, event, breakpoints: [{ url: 'base transformation', lineNumber: 2 }] });
  const controller = new AbortController();
  await waitFor(id, (e) => e.kind === 'cdp' && e.method === 'Debugger.paused', controller.signal);
  const ms = performance.now() - started;
  controller.abort();
  const done = new AbortController();
  const finished = waitFor(id, (e) => e.kind === 'done' || e.kind === 'ended', done.signal);
  await call('POST', `/studio/api/debug/sessions/${id}/commands`, { method: 'Debugger.resume' });
  const end = await finished;
  done.abort();
  if (end.kind !== 'done') throw new Error(`the debug run ended: ${end.message}`);
  return ms;
}

async function testRun() {
  const started = performance.now();
  await call('POST', '/studio/api/test', { code, events: [event] });
  return performance.now() - started;
}

try {
  for (let i = 0; i < WARM_UP; i++) {
    await debugToPaused();
    await testRun();
  }
  const pairs = [];
  for (let i = 0; i < PAIRS; i++) {
    if (!COLD) await pause(1000);
    const floor = await testRun();
    const debug = await debugToPaused();
    pairs.push({ floor, debug, ratio: debug / floor });
  }
  const sorted = (key) => pairs.map((p) => p[key]).sort((a, b) => a - b);
  const median = (list) => list[Math.floor(list.length / 2)];
  const pairAtMedianRatio = [...pairs].sort((a, b) => a.ratio - b.ratio)[Math.floor(pairs.length / 2)];
  console.log(`Debug to paused at the first breakpoint (warm core, ${COLD ? 'a debug process forked at each click' : 'the spare debug process ready'}), ${PAIRS} adjacent pairs:`);
  console.log(`  debug → paused   p50 ${median(sorted('debug')).toFixed(1)} ms   max ${sorted('debug').at(-1).toFixed(1)} ms   (target ≤ 500 ms)`);
  console.log(`  floor: test run  p50 ${median(sorted('floor')).toFixed(1)} ms   (POST /studio/api/test, same code and event, warm sandbox)`);
  console.log(`  median pair: debug ${pairAtMedianRatio.debug.toFixed(1)} ms / floor ${pairAtMedianRatio.floor.toFixed(1)} ms = ${pairAtMedianRatio.ratio.toFixed(1)}x`);
} finally {
  await host.stop();
}
