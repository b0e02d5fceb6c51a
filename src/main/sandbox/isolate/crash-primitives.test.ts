import { afterAll, describe, expect, it } from 'vitest';
import { sandboxHarness } from '../../testing/sandbox-helpers';

// Primitives that abort the whole process when user code reaches them (Atomics.waitAsync on a
// SharedArrayBuffer ends it with "terminate called without an active exception") are not in the
// isolate, as in the hosted isolate: the run fails with a per-event error and the sandbox keeps
// working. Were they still there, this test file's worker would die and the file would fail.

const h = sandboxHarness({ timeoutMs: 1000 });
afterAll(() => h.sandbox.close());

const WAIT_ASYNC = 'Atomics.waitAsync(new Int32Array(new SharedArrayBuffer(16)), 0, 0, 10)';

describe('crashing primitives are removed from the isolate', () => {
  it('SharedArrayBuffer and Atomics are not defined', async () => {
    const out = await h.run(`export function transformEvent(e) {
      return { sab: typeof SharedArrayBuffer, atomics: typeof Atomics, own: Object.getOwnPropertyNames(globalThis).filter((n) => n === 'SharedArrayBuffer' || n === 'Atomics') };
    }`);
    expect(out.results[0]!.output).toEqual({ sab: 'undefined', atomics: 'undefined', own: [] });
  });

  it('gc (the sandbox process runs with --expose-gc) is not defined for user code either', async () => {
    const out = await h.run(`export function transformEvent(e) {
      let called = 'no error';
      try { globalThis.gc(); } catch (error) { called = error.name; }
      return { gc: typeof gc, called };
    }`);
    expect(out.results[0]!.output).toEqual({ gc: 'undefined', called: 'TypeError' });
    const libraries = [{ importName: 'probe', code: 'export const seen = typeof globalThis.gc;' }];
    const viaLibrary = await h.run(`import { seen } from 'probe';\nexport function transformEvent(e) { return { seen }; }`, undefined, { libraries });
    expect(viaLibrary.results[0]!.output).toEqual({ seen: 'undefined' });
  });

  it('Atomics.waitAsync in transformEvent fails the event, not the process', async () => {
    const out = await h.run(`export function transformEvent(e) { ${WAIT_ASYNC}; return e; }`);
    expect(out.results[0]!.error).toMatch(/ReferenceError: (Atomics|SharedArrayBuffer) is not defined/);
    await h.healthy();
  });

  it('Atomics.waitAsync in transformBatch and at module top level fails the run, not the process', async () => {
    const batch = await h.run(`export async function transformBatch(events) { await ${WAIT_ASYNC}.value; return events; }`);
    expect(batch.results[0]!.error).toMatch(/is not defined/);
    const top = await h.fatal(`${WAIT_ASYNC};\nexport function transformEvent(e) { return e; }`);
    expect(top).toMatch(/is not defined/);
    await h.healthy();
  });

  it('a library calling Atomics.waitAsync fails the run, not the process', async () => {
    const libraries = [{ importName: 'waiter', code: `export function wait() { return ${WAIT_ASYNC}; }` }];
    const out = await h.run(`import { wait } from 'waiter';\nexport function transformEvent(e) { wait(); return e; }`, undefined, { libraries });
    expect(out.results[0]!.error).toMatch(/is not defined/);
    await expect(h.sandbox.testLibrary({ importName: 'waiter2', code: `${WAIT_ASYNC};\nexport const x = 1;` })).rejects.toThrow(/is not defined/);
    await h.healthy();
  });
});
