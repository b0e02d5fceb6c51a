import { afterAll, describe, expect, it } from 'vitest';
import { sandboxHarness } from '../../testing/sandbox-helpers';

// Escape attempts: user code must reach nothing but the isolate's own objects. After each attempt
// the host is unharmed and a normal run still succeeds.

const h = sandboxHarness({ timeoutMs: 1000, credentials: () => ({ k: 'v' }) });
afterAll(() => h.sandbox.close());

const output = async (code: string, events?: Record<string, unknown>[]) => {
  const out = await h.run(code, events);
  const first = out.results[0]!;
  if (first.error) throw new Error(first.error);
  return first.output!;
};

const hostPath = /\/work\/|node:internal|node_modules|\.ts:\d+|isolated-vm\.js/;

describe('escape attempts', () => {
  it('constructor.constructor reaches only the isolate: no process', async () => {
    const out = await output(`export function transformEvent(e) {
      const viaEvent = e.constructor.constructor('return typeof process')();
      const viaThis = (function () { return this; }).constructor('return typeof process')();
      const viaLog = log.constructor.constructor('return typeof process')();
      const viaFetch = fetch.constructor.constructor('return typeof require')();
      const viaMetadata = arguments[1].constructor('return typeof require')();
      return { viaEvent, viaThis, viaLog, viaFetch, viaMetadata };
    }`);
    expect(out).toEqual({ viaEvent: 'undefined', viaThis: 'undefined', viaLog: 'undefined', viaFetch: 'undefined', viaMetadata: 'undefined' });
    await h.healthy();
  });

  it("Function('return this')() is the isolate's global with no host capabilities", async () => {
    const out = await output(`export function transformEvent() {
      const g = Function('return this')();
      const names = Object.getOwnPropertyNames(g);
      return {
        same: g === globalThis,
        names,
        host: ['require', 'process', 'setTimeout', 'setInterval', 'setImmediate', 'Buffer', 'module', 'ivm', '_ivm', 'hostStart', 'hostCredential', '$0', '$1']
          .filter((n) => n in g),
      };
    }`);
    expect(out.same).toBe(true);
    expect(out.host).toEqual([]);
    const ours = ['log', 'getCredential', 'fetch', 'fetchV2', 'geolocation', 'global'];
    for (const name of ours) expect(out.names).toContain(name);
    await h.healthy();
  });

  it('no global value is an isolated-vm handle (Reference, Callback, ExternalCopy)', async () => {
    const out = await output(`export function transformEvent() {
      const seen = [];
      for (const name of Object.getOwnPropertyNames(globalThis)) {
        let value;
        try { value = globalThis[name]; } catch (_) { continue; }
        if (value === null || (typeof value !== 'object' && typeof value !== 'function')) continue;
        const text = Object.prototype.toString.call(value);
        const ctor = value.constructor && value.constructor.name;
        if (/Reference|Callback|ExternalCopy|Isolate|Context/.test(text + ' ' + ctor)) seen.push(name);
      }
      return { seen };
    }`);
    expect(out.seen).toEqual([]);
    await h.healthy();
  });

  it('host functions given to user code are isolate functions returning isolate promises', async () => {
    const out = await output(`export function transformEvent() {
      const p = fetch('not a url');
      return {
        promise: Object.getPrototypeOf(p) === Promise.prototype,
        fns: [log, getCredential, fetch, fetchV2, geolocation].every((f) => f.constructor === Function && Object.getPrototypeOf(f) === Function.prototype),
      };
    }`);
    expect(out).toEqual({ promise: true, fns: true });
    await h.healthy();
  });

  it('errors from host capabilities carry no host stack frames', async () => {
    const out = await output(`export async function transformEvent() {
      const stacks = [];
      try { await fetchV2('not a url'); } catch (err) { stacks.push(String(err.stack)); }
      try { await geolocation('nope'); } catch (err) { stacks.push(String(err.stack)); }
      try { getCredential(null); } catch (err) { stacks.push(String(err.stack)); }
      return { stacks };
    }`);
    expect(out.stacks).toHaveLength(3);
    for (const stack of out.stacks as string[]) expect(stack).not.toMatch(hostPath);
    await h.healthy();
  });

  it('Error.prepareStackTrace sees no function objects of the runtime', async () => {
    const out = await output(`export function transformEvent() {
      let found = [];
      Error.prepareStackTrace = (error, frames) => { found = frames.map((f) => typeof f.getFunction() + ':' + typeof f.getThis()); return ''; };
      function probe() { return new Error('x').stack; }
      probe();
      Error.prepareStackTrace = undefined;
      return { found };
    }`);
    // sloppy-mode user functions may be visible; the runtime's frames (strict) never are
    const frames = out.found as string[];
    expect(frames.length).toBeGreaterThan(1);
    expect(frames.slice(2).every((f) => f === 'undefined:undefined')).toBe(true);
    await h.healthy();
  });

  it('returned values cannot pollute host prototypes', async () => {
    const out = await h.run(`export function transformEvent(e) {
      const a = JSON.parse('{"__proto__": {"polluted": "yes"}, "ok": 1}');
      const b = { constructor: { prototype: { polluted: 'yes' } } };
      Object.prototype.polluted = 'isolate only';
      return [a, b];
    }`);
    expect(out.results).toHaveLength(2);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
    expect(Object.getPrototypeOf(out.results[0]!.output)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(out.results[0]!.output, '__proto__')).toBe(true);
    await h.healthy();
  });

  it('replacing JSON, Array.isArray or Promise in the isolate does not break the runtime or the host', async () => {
    const out = await h.run(`
      JSON.stringify = () => 'garbage';
      JSON.parse = () => ({ f: 'forged' });
      Array.isArray = () => false;
      globalThis.Promise = function FakePromise() {};
      export async function transformEvent(e) { await null; return { ...e, ok: true }; }`);
    expect(out.results[0]!.output).toMatchObject({ ok: true });
    await h.healthy();
  });

  it('thrown proxies and hostile getters become plain errors', async () => {
    const out = await h.run(`export function transformEvent(e) {
      if (e.n === 1) throw new Proxy({}, { get() { throw new Error('trap'); } });
      if (e.n === 2) return new Proxy({}, { ownKeys() { throw new Error('trap'); } });
      return { get bad() { throw new Error('getter'); } };
    }`, [{ messageId: 'a', n: 1 }, { messageId: 'b', n: 2 }, { messageId: 'c', n: 3 }]);
    expect(out.results.map((r) => r.error)).toEqual([
      'Error: the thrown value could not be read',
      'returned event could not be converted to JSON: trap',
      'returned event could not be converted to JSON: getter',
    ]);
    await h.healthy();
  });

  it('a getter that never returns times out without hanging the host', async () => {
    expect(await h.fatal('export function transformEvent() { return { get x() { for (;;) {} } }; }')).toMatch(/^Timed out/);
    await h.healthy();
  });

  it('imports of Node modules fail; dynamic import is unavailable', async () => {
    expect(await h.fatal('import fs from "fs";\nexport function transformEvent(e) { return e; }')).toBe('import from fs failed. Module not found.');
    expect(await h.fatal('import { readFileSync } from "node:fs";\nexport function transformEvent(e) { return e; }')).toBe('import from node:fs failed. Module not found.');
    const out = await h.run('export async function transformEvent(e) { try { await import("fs"); return { loaded: true }; } catch (err) { return { loaded: false }; } }');
    expect(out.results[0]!.output).toEqual({ loaded: false });
    await h.healthy();
  });

  it('Atomics.wait cannot block: Atomics is not in the isolate (it could abort the process)', async () => {
    const out = await h.run('export function transformEvent() { Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); }');
    expect(out.results[0]!.error).toMatch(/^ReferenceError: Atomics is not defined/);
    await h.healthy();
  });

  it('one transformation cannot see the globals of another', async () => {
    await h.run('globalThis.secret = "from A";\nexport function transformEvent(e) { return e; }');
    const out = await output('export function transformEvent() { return { secret: typeof globalThis.secret }; }');
    expect(out).toEqual({ secret: 'undefined' });
  });

  it('the raw host callbacks are not reachable through the runtime closures', async () => {
    const out = await output(`export function transformEvent() {
      const texts = [log, getCredential, fetch, fetchV2, geolocation].map((f) => Function.prototype.toString.call(f));
      return { leaks: texts.filter((t) => !/^function \\w+\\(|^\\(/.test(t)).length, keys: Object.keys(fetch).concat(Object.keys(log)) };
    }`);
    expect(out).toEqual({ leaks: 0, keys: [] });
    await h.healthy();
  });
});
