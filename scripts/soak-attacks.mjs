// The attacks of the limits probes (#29, #39) the soak mixes into its ordinary traffic
// (scripts/soak.mjs): time-limit escapes in builtins, memory the isolate's allocator does not see,
// memory outside V8's heap or grown inside one builtin call (the sandbox process's memory watch
// ends those), requests to the private network, a batch that pollutes Object.prototype.toJSON;
// the break iterators beside innocent test runs (one memory allowance per process, #39);
// through the pipeline an event whose batch stalls (published code `slots[e.properties.slot] = 1;
// slots.filter(Boolean)`) and events naming a memory form; under the debugger the memory forms.
// Each must be refused with its limit's words, or leave nothing behind for the next batch.

const run = (body) => `export async function transformEvent(e) { ${body} }`;

/** name, the code's body, the check of the answer's text (throws what is wrong). */
export const ATTACKS = [
  // Grows while it stalls: the memory budget (#39) may end it before the time limit.
  ['fill over 2^32-1', 'new Array(2 ** 32 - 1).fill(0); return e;', /Timed out|Memory limit exceeded/],
  ['sparse filter', 'const s = []; s[4294967294] = 1; return { n: s.filter(Boolean).length };', /Timed out/],
  ['resizable buffer 1 GB', 'const b = new ArrayBuffer(0, { maxByteLength: 2 ** 30 }); b.resize(2 ** 30); new Uint8Array(b).fill(1); return e;', /Memory limit exceeded/],
  ['wasm memory 1 GB', 'new Uint8Array(new WebAssembly.Memory({ initial: 16384 }).buffer).fill(1); return e;', /Memory limit exceeded/],
  // #39: the size read once (the valueOf trick gets the one page it was counted for).
  ['wasm memory valueOf trick', 'let n = 0; const m = new WebAssembly.Memory({ initial: { valueOf() { return n++ ? 16384 : 1; } } }); return { mb: m.buffer.byteLength / 1048576 };', /"mb":0\.0625/],
  // The core's own address and a name that resolves to loopback: the network guard refuses both.
  ['SSRF to the core', "try { await fetchV2(e.properties.target); return { reached: true }; } catch (error) { return { refused: String(error.message) }; }", /"refused":"(blocked request to non-public address|cannot use [^"]* as IP address)/],
];

/**
 * #39's memory forms V8's heap limit does not stop (src/main/testing/memory-peak.ts has the same for
 * the tests), and the limits that may end them under the default 4 s: the time limit is wall time
 * and they grow only as fast as their thread gets CPU, so on a loaded machine the time limit can
 * come first (round 3's soak at load 15: the split twice; round 2: the ICU formatters and the
 * stalled fill); either way the process stays under its memory budget.
 */
const MEMORY_OR_TIME = /Memory limit exceeded|Timed out|Execution timed out/;
export const MEMORY_FORMS = [
  ["'x'.repeat(1e8).split('')", "const parts = 'x'.repeat(1e8).split(''); return { n: parts.length };", MEMORY_OR_TIME],
  ['8 × v8BreakIterator.adoptText(30 MB)', "const text = 'word '.repeat(6e6); const kept = []; for (let i = 0; i < 8; i++) { const it = new Intl.v8BreakIterator('en'); it.adoptText(text); kept.push(it); } return { n: kept.length };", MEMORY_OR_TIME],
  ['300k Intl.DateTimeFormat', "const kept = []; for (let i = 0; i < 300000; i++) kept.push(new Intl.DateTimeFormat('en', { timeZone: 'UTC' })); return { n: kept.length };", MEMORY_OR_TIME],
  ['stalled fill on a 2^53-length object', 'Array.prototype.fill.call({ length: 2 ** 53 }, 0); return {};', MEMORY_OR_TIME],
];
for (const [name, body, expected] of MEMORY_FORMS) ATTACKS.push([name, body, expected]);

/** Published code running memory form `e.properties.form` (the pipeline case); other events pass. */
export const MEMORY_CODE = `export function transformEvent(e) {\n${MEMORY_FORMS.map(([, body], i) => `if (e.properties?.form === ${i}) { ${body} }`).join('\n')}\nreturn e;\n}`;

/** Runs `code` on one event under the debugger: the message it ended with (or its result). */
async function debugSession(url, auth, code) {
  const headers = { authorization: auth, 'content-type': 'application/json' };
  const started = await fetch(`${url}/studio/api/debug/sessions`, { method: 'POST', headers, body: JSON.stringify({ code, event: { userId: 'u' }, breakpoints: [] }) });
  const { id, error } = await started.json();
  if (!id) return `${started.status} ${error}`;
  const stream = await fetch(`${url}/studio/api/debug/sessions/${id}/events`, { headers: { authorization: auth }, signal: AbortSignal.timeout(60_000) });
  let text = '';
  for await (const chunk of stream.body) {
    text += Buffer.from(chunk).toString('utf8');
    const end = text.split('\n\n').map((block) => (block.startsWith('data: ') ? JSON.parse(block.slice(6)) : undefined)).find((event) => event?.kind === 'ended' || event?.kind === 'done');
    if (end) return end.kind === 'ended' ? end.message : JSON.stringify(end.result);
  }
  return 'the stream ended first';
}

/** Code whose poisoned batch sets Object.prototype.toJSON and a global; the next batch must see neither. */
const POLLUTER = run(
  "if (e.properties.poison) { Object.prototype.toJSON = function () { return 'poisoned'; }; globalThis.kept = 'kept'; } return { ...e, kept: globalThis.kept ?? null };",
);

/** Published code whose batch stalls on an event with `properties.slot` 4294967294 (the pipeline case). */
export const SLOTS_CODE = 'export function transformEvent(e) { const slots = []; slots[e.properties?.slot ?? 0] = 1; return { ...e, kept: slots.filter(Boolean).length }; }';

/**
 * Runs the attacks one after another while `running()`, every `pauseMs`, through POST
 * /studio/api/test (`timed` records each: a wrong answer is a failure); every `trackEvery`-th
 * round also sends the stalling event through /v1/track (`track`, which counts it as acknowledged).
 */
export async function attackLoop({ url, auth, timed, running, sleep, track, pauseMs = 3_000, trackEvery = 10 }) {
  let debugged = 0;
  const test = async (code, events) => {
    const r = await fetch(`${url}/studio/api/test`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ code, events }),
    });
    return { status: r.status, text: await r.text() };
  };
  const target = (i) => (i % 2 === 0 ? `${url}/studio/health` : `http://localhost:${new URL(url).port}/studio/health`);
  for (let i = 0; running(); i++) {
    const round = Math.floor(i / (ATTACKS.length + 1));
    const which = i % (ATTACKS.length + 1);
    if (which < ATTACKS.length) {
      const [name, body, expected] = ATTACKS[which];
      await timed(`attack: ${name}`, async () => {
        const { status, text } = await test(run(body), [{ type: 'track', event: 'A', messageId: `a-${i}`, properties: { target: target(round) } }]);
        if (!expected.test(text)) throw new Error(`${status} ${text.slice(0, 200)}`);
      });
    } else {
      await timed('attack: toJSON pollution', async () => {
        await test(POLLUTER, [{ type: 'track', event: 'A', messageId: `p-${i}`, properties: { poison: true } }]);
        const { status, text } = await test(POLLUTER, [{ type: 'track', event: 'A', messageId: `q-${i}`, properties: {} }]);
        const answer = JSON.parse(text);
        const output = answer.transformedEvents?.[0];
        if (status !== 200 || output?.kept !== null || output?.messageId !== `q-${i}`) throw new Error(`the next batch saw the pollution: ${status} ${text.slice(0, 200)}`);
      });
      // #39: the break iterators beside innocent test runs (one memory allowance per process,
      // whatever runs share it): the attack fails with the memory limit's words, the others answer.
      await timed('attack: break iterators beside innocent runs', async () => {
        const innocent = (k) => test(run(`const t = Date.now(); while (Date.now() - t < 300) {} return { ...e, innocent: ${k} };`), [{ type: 'track', event: 'A', messageId: `i-${i}-${k}`, properties: {} }]);
        const [attacked, ...innocents] = await Promise.all([test(run(MEMORY_FORMS[1][1]), [{ type: 'track', event: 'A', messageId: `b-${i}` }]), innocent(0), innocent(1), innocent(2)]);
        if (!MEMORY_OR_TIME.test(attacked.text)) throw new Error(`the attack: ${attacked.status} ${attacked.text.slice(0, 200)}`);
        innocents.forEach(({ status, text }, k) => {
          if (status !== 200 || JSON.parse(text).transformedEvents?.[0]?.innocent !== k) throw new Error(`innocent run ${k}: ${status} ${text.slice(0, 200)}`);
        });
      });
      // The stalling event now and then, else a memory form through the pipeline (never in one batch); one under the debugger each round.
      if (round % trackEvery === 0) await track({ type: 'track', event: 'Stall', userId: 'attacker', messageId: `stall-${i}`, properties: { slot: 4294967294 } });
      else await track({ type: 'track', event: 'Memory', userId: 'attacker', messageId: `memory-${round % MEMORY_FORMS.length}-${i}`, properties: { form: round % MEMORY_FORMS.length } });
      const [name, body, expected] = MEMORY_FORMS[debugged++ % MEMORY_FORMS.length];
      await timed(`attack: debugger ${name}`, async () => {
        const ended = await debugSession(url, auth, run(body));
        if (!expected.test(ended)) throw new Error(ended.slice(0, 200));
      });
    }
    await sleep(pauseMs);
  }
}
