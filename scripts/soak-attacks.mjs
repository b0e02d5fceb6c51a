// The attacks of the limits probe (#29) the soak mixes into its ordinary traffic (scripts/soak.mjs):
// time-limit escapes in builtins, memory the isolate's allocator does not see, requests to the
// private network, a batch that pollutes Object.prototype.toJSON, and through the pipeline an
// event whose batch stalls (published code `slots[e.properties.slot] = 1; slots.filter(Boolean)`).
// Each must be refused with its limit's words, or leave nothing behind for the next batch.

const run = (body) => `export async function transformEvent(e) { ${body} }`;

/** name, the code's body, the check of the answer's text (throws what is wrong). */
export const ATTACKS = [
  ['fill over 2^32-1', 'new Array(2 ** 32 - 1).fill(0); return e;', /Timed out/],
  ['sparse filter', 'const s = []; s[4294967294] = 1; return { n: s.filter(Boolean).length };', /Timed out/],
  ['resizable buffer 1 GB', 'const b = new ArrayBuffer(0, { maxByteLength: 2 ** 30 }); b.resize(2 ** 30); new Uint8Array(b).fill(1); return e;', /Memory limit exceeded/],
  ['wasm memory 1 GB', 'new Uint8Array(new WebAssembly.Memory({ initial: 16384 }).buffer).fill(1); return e;', /Memory limit exceeded/],
  // The core's own address and a name that resolves to loopback: the network guard refuses both.
  ['SSRF to the core', "try { await fetchV2(e.properties.target); return { reached: true }; } catch (error) { return { refused: String(error.message) }; }", /"refused":"(blocked request to non-public address|cannot use [^"]* as IP address)/],
];

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
      if (round % trackEvery === 0) await track({ type: 'track', event: 'Stall', userId: 'attacker', messageId: `stall-${i}`, properties: { slot: 4294967294 } });
    }
    await sleep(pauseMs);
  }
}
