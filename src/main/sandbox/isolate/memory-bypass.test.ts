import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxHarness } from '../../testing/sandbox-helpers';
import type { ProcessSandbox } from '../index';

// Buffers V8 does not take from the isolate's allocator (resizable ArrayBuffers, WebAssembly
// memories, growable SharedArrayBuffers) count against the memory limit: each bypass of the probe
// fails with the limit's message, and the sandbox process's peak resident memory grows by less
// than the limit plus 64 MB over its peak before the attacks (read from /proc: VmHWM, the
// high-water mark, so a brief gigabyte shows; a process with one small run peaks near 100 MB).

const LIMIT = 128;
const h = sandboxHarness({ memoryLimitMb: LIMIT, timeoutMs: 4000, wallTimeoutMs: 10_000, processes: 1 });
afterAll(() => h.sandbox.close());

const MESSAGE = `Memory limit exceeded: the transformation used more than ${LIMIT} MB`;
/** Peak resident memory (MB) of the one live sandbox process. */
const peakMb = () => {
  const [process] = (h.sandbox as ProcessSandbox).processes();
  return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${process!.pid}/status`, 'utf8'))![1]) / 1024;
};
let before = 0;
beforeAll(async () => {
  await h.healthy();
  before = peakMb();
});
/** The run's failure: fatal (the run's error) or the event's error. */
const failure = (body: string) => h.outcome(body);

describe.skipIf(process.platform !== 'linux')('memory V8 does not count', () => {
  it('a resizable ArrayBuffer grown to 1 GB fails with the memory limit (resize, transfer, the constructor)', async () => {
    const cases = [
      'const b = new ArrayBuffer(0, { maxByteLength: 2 ** 30 }); b.resize(2 ** 30); new Uint8Array(b).fill(1); return { n: b.byteLength };',
      'const b = new ArrayBuffer(1, { maxByteLength: 2 ** 30 }); const c = b.transfer(2 ** 30); new Uint8Array(c).fill(1); return { n: c.byteLength };',
      'const b = new ArrayBuffer(2 ** 30, { maxByteLength: 2 ** 30 }); new Uint8Array(b).fill(1); return { n: b.byteLength };',
      'const B = new Uint8Array(1).buffer.constructor; const b = new B(0, { maxByteLength: 2 ** 30 }); b.resize(2 ** 30); new Uint8Array(b).fill(1); return {};',
      'const parts = []; for (let i = 0; i < 16; i++) { const b = new ArrayBuffer(0, { maxByteLength: 2 ** 27 }); b.resize(2 ** 26); new Uint8Array(b).fill(1); parts.push(b); } return {};',
    ];
    for (const body of cases) expect(await failure(body), body).toContain(MESSAGE);
    expect(peakMb() - before).toBeLessThan(LIMIT + 64);
    await h.healthy();
  }, 60_000);

  it('a WebAssembly memory of 1 GB fails with the memory limit; one without a maximum cannot grow', async () => {
    expect(await failure('const m = new WebAssembly.Memory({ initial: 16384 }); new Uint8Array(m.buffer).fill(1); return {};')).toContain(MESSAGE);
    expect(await failure('const m = new WebAssembly.Memory({ initial: 1, maximum: 65536 }); m.grow(16383); new Uint8Array(m.buffer).fill(1); return {};')).toContain(MESSAGE);
    expect(await failure('const m = new WebAssembly.Memory({ initial: 1 }); m.grow(16383); return {};')).toMatch(/RangeError/);
    expect(peakMb() - before).toBeLessThan(LIMIT + 64);
    // Small memories still work, as in the hosted runtime.
    const out = await h.run('export function transformEvent(e) { const m = new WebAssembly.Memory({ initial: 1, maximum: 4 }); m.grow(1); return { pages: m.buffer.byteLength / 65536 }; }');
    expect(out.results[0]!.output).toEqual({ pages: 2 });
  }, 60_000);

  it('a module declaring a 1 GB memory of its own is refused', async () => {
    // (module (memory 16384) (func (export "touch") ...)) reduced to the header and a memory section.
    const bytes = [0, 97, 115, 109, 1, 0, 0, 0, 5, 5, 1, 0, 128, 128, 1];
    const body = `const bytes = new Uint8Array(${JSON.stringify(bytes)});
      const results = [];
      try { new WebAssembly.Module(bytes); results.push('module made'); } catch (e) { results.push(e.message); }
      try { await WebAssembly.instantiate(bytes); results.push('instantiated'); } catch (e) { results.push(e.message); }
      return { results };`;
    const out = await h.run(`export async function transformEvent(e) { ${body} }`);
    const results = (out.results[0]!.output as { results: string[] }).results;
    expect(results).toHaveLength(2);
    for (const message of results) expect(message).toMatch(/declare their own memory/);
  });

  it('size arguments are read once, as numbers: a descriptor whose fields change between reads gets no more than was counted (issue #39)', async () => {
    // On bd9d9b1 each of these made a 1 GiB memory: the limit read 1, V8 read 16384.
    const twice = (first: number) => `{ valueOf() { return n++ ? 16384 : ${first}; } }`;
    expect(await failure(`let n = 0; const m = new WebAssembly.Memory({ initial: ${twice(1)} }); new Uint8Array(m.buffer).fill(1); return { mb: m.buffer.byteLength / 1048576 };`)).toMatch(/no error: \{"mb":0\.0625\}/);
    expect(await failure(`let n = 0; const m = new WebAssembly.Memory({ initial: 1, maximum: ${twice(1)} }); m.grow(16383); return {};`)).toMatch(/RangeError/);
    expect(await failure(`let n = 0; const d = { initial: 1, get maximum() { return n++ ? 16384 : 1; } }; const m = new WebAssembly.Memory(d); m.grow(16383); return {};`)).toMatch(/RangeError/);
    expect(await failure(`let n = 0; const b = new ArrayBuffer(0, { get maxByteLength() { return n++ ? 2 ** 30 : 1; } }); b.resize(2 ** 30); return {};`)).toMatch(/RangeError/);
    expect(peakMb() - before).toBeLessThan(LIMIT + 64);
  }, 60_000);

  it('SharedArrayBuffer cannot be reached through a shared WebAssembly memory', async () => {
    const out = await h.run(`export function transformEvent(e) {
      let reached = typeof SharedArrayBuffer;
      try { reached = String(new WebAssembly.Memory({ initial: 1, maximum: 1, shared: true }).buffer.constructor.name); } catch (error) { reached += ' / ' + error.message; }
      return { reached };
    }`);
    expect(out.results[0]!.output!.reached).toBe('undefined / WebAssembly.Memory(): shared memories are not available in the sandbox');
  });
});
