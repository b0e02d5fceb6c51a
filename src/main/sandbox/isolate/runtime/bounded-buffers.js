// @ts-check
/* exported boundBuffers */
// Memory V8 does not take from the isolate's allocator is counted against the memory limit here.
// isolated-vm counts ordinary ArrayBuffers (its allocator refuses one past the limit), but a
// resizable ArrayBuffer reserves its maximum and commits pages as it grows, and a WebAssembly
// memory is mapped by V8 itself: neither is counted, so `new ArrayBuffer(0, {maxByteLength: 2**30})`
// and `.resize(2**30)`, or `new WebAssembly.Memory({initial: 16384})`, took a gigabyte.
//
// Each such buffer gets a counted twin: an ordinary ArrayBuffer of the size it may reach, held as
// long as the buffer lives. The twin is zero-filled memory never touched (no resident pages), so
// it costs nothing but the count; when the allocator refuses it, the growth is refused with the
// memory limit's words. Where growth cannot be seen from JavaScript (a WebAssembly memory grown
// by the module's own code), the most it may reach is counted up front: a memory without a
// `maximum` cannot grow, and a module that declares its own memory is refused. Shared memories
// (the only way left to a SharedArrayBuffer) are not offered. Runs in every new context before
// the runtime and user code; nothing it holds is reachable from user code.
//
// Runs first in every new context (prelude.js), before the runtime and any user code: what it
// calls later it captured then (as intrinsics.js does for the runtime).

/**
 * @param {any} G the context's global object
 * @param {number} memoryLimitMb names the limit in the refusals
 */
function boundBuffers(G, memoryLimitMb) {
  const call = Function.prototype.call;
  const uncurry = (/** @type {Function} */ fn) => call.bind(fn);
  const { getOwnPropertyDescriptor: desc, defineProperty: define } = Object;
  const { construct } = Reflect;
  const { ArrayBuffer: AB, Uint8Array: U8, RangeError: RE, TypeError: TE, WeakMap: WM, Number: toNumber } = G;
  const { trunc } = Math;
  const ABP = AB.prototype;
  const isView = AB.isView;
  // A getter of `proto`, callable on any receiver: `getter(ABP, 'byteLength')(buffer)`.
  const getter = (/** @type {object} */ proto, /** @type {string} */ name) => uncurry(desc(proto, name).get);
  const resizable = getter(ABP, 'resizable');
  const byteLength = getter(ABP, 'byteLength');
  const resize = uncurry(ABP.resize);
  const transfer = uncurry(ABP.transfer);
  // The buffer, offset and length of a typed array (its prototype's getters), and of a DataView.
  /** @param {object} proto */
  const spanOf = (proto) => ({ buffer: getter(proto, 'buffer'), offset: getter(proto, 'byteOffset'), length: getter(proto, 'byteLength') });
  const typed = spanOf(Object.getPrototypeOf(U8.prototype));
  const dataView = spanOf(G.DataView.prototype);
  const twins = new WM();
  const twinOf = uncurry(WM.prototype.get);
  const setTwin = uncurry(WM.prototype.set);
  const LIMIT = 'Memory limit exceeded: the transformation used more than ' + memoryLimitMb + ' MB';
  const toIndex = (/** @type {unknown} */ value) => {
    const n = trunc(toNumber(value));
    return n !== n ? 0 : n;
  };
  // A counted buffer of `bytes`, or the memory limit's refusal.
  const counted = (/** @type {number} */ bytes) => {
    try {
      return new AB(bytes);
    } catch {
      throw new RE(LIMIT);
    }
  };
  // Counts `bytes` for `owner` (its twin only ever grows).
  const count = (/** @type {object} */ owner, /** @type {number} */ bytes) => {
    const twin = twinOf(twins, owner);
    if (bytes > 0 && (twin === undefined || byteLength(twin) < bytes)) setTwin(twins, owner, counted(bytes));
  };
  const copyStatics = (/** @type {object} */ to, /** @type {object} */ from, /** @type {(string | symbol)[]} */ names) => {
    for (const name of names) {
      const d = desc(from, name);
      if (d) define(to, name, d);
    }
  };

  // ArrayBuffer: the constructor and resize/transfer count a resizable buffer's length.
  /** @param {unknown} length @param {any} options */
  const ArrayBuffer = function ArrayBuffer(length, options) {
    if (new.target === undefined) throw new TE("Constructor ArrayBuffer requires 'new'");
    // maxByteLength read once, as a number, like every size argument here.
    const max = options !== null && typeof options === 'object' ? options.maxByteLength : undefined;
    const buffer = construct(AB, [toIndex(length), max === undefined ? undefined : { maxByteLength: toIndex(max) }], new.target === ArrayBuffer ? AB : new.target);
    if (resizable(buffer)) count(buffer, byteLength(buffer));
    return buffer;
  };
  copyStatics(ArrayBuffer, AB, ['isView', Symbol.species, 'length']);
  define(ArrayBuffer, 'prototype', { value: ABP, writable: false, enumerable: false, configurable: false });
  define(ABP, 'constructor', { value: ArrayBuffer, writable: true, enumerable: false, configurable: true });
  define(G, 'ArrayBuffer', { value: ArrayBuffer, writable: true, enumerable: false, configurable: true });
  /** @type {Record<string, Function>} */
  const methods = {
    /** @param {unknown} newLength */
    resize(newLength) {
      const n = toIndex(newLength);
      if (resizable(this)) count(this, n);
      return resize(this, n);
    },
    /** @param {unknown} [newLength] */
    transfer(newLength) {
      const n = newLength === undefined ? byteLength(this) : toIndex(newLength);
      if (resizable(this)) count(this, n);
      const moved = transfer(this, n);
      if (resizable(moved)) count(moved, n);
      return moved;
    },
  };
  for (const name of ['resize', 'transfer']) define(ABP, name, { value: methods[name], writable: true, enumerable: false, configurable: true });

  const W = G.WebAssembly;
  if (W === undefined) return;
  delete W.compileStreaming;
  delete W.instantiateStreaming;
  const PAGE = 65536;
  const Mem = W.Memory;
  /** @param {any} descriptor */
  const Memory = function Memory(descriptor) {
    if (new.target === undefined) throw new TE("WebAssembly.Memory must be invoked with 'new'");
    if (descriptor === null || typeof descriptor !== 'object') throw new TE('WebAssembly.Memory(): Argument 0 must be a memory descriptor');
    // Each field is read once and made a number once (the runtime's captured-intrinsics rule,
    // applied to the descriptor): what is counted is what is made. Read twice, a getter or a
    // valueOf answered 1 to the count and 16384 to V8 (a 1 GiB memory, issue #39).
    const shared = descriptor.shared;
    const rawInitial = descriptor.initial;
    const rawMaximum = descriptor.maximum;
    if (shared) throw new TE('WebAssembly.Memory(): shared memories are not available in the sandbox');
    const initial = toIndex(rawInitial);
    // Without a maximum it cannot grow (growth from inside a module is not seen here).
    const top = rawMaximum === undefined ? initial : toIndex(rawMaximum);
    const twin = counted(top * PAGE);
    const memory = construct(Mem, [{ initial, maximum: top }], new.target === Memory ? Mem : new.target);
    setTwin(twins, memory, twin);
    return memory;
  };
  copyStatics(Memory, Mem, ['length']);
  define(Memory, 'prototype', { value: Mem.prototype, writable: false, enumerable: false, configurable: false });
  define(Mem.prototype, 'constructor', { value: Memory, writable: true, enumerable: false, configurable: true });
  define(W, 'Memory', { value: Memory, writable: true, enumerable: false, configurable: true });

  // A module that declares its own memory (section 5) would grow it unseen: refused.
  const bytesOf = (/** @type {any} */ source) => {
    let view;
    if (isView(source)) {
      try {
        view = new U8(typed.buffer(source), typed.offset(source), typed.length(source));
      } catch {
        view = new U8(dataView.buffer(source), dataView.offset(source), dataView.length(source));
      }
    } else view = new U8(source);
    const copy = new U8(view.length);
    for (let i = 0; i < view.length; i++) copy[i] = view[i];
    return copy;
  };
  const checked = (/** @type {any} */ source) => {
    const bytes = bytesOf(source);
    let i = 8;
    const leb = () => {
      let value = 0;
      for (let shift = 0; i < bytes.length && shift < 35; shift += 7) {
        const b = bytes[i++];
        value += (b & 0x7f) * 2 ** shift;
        if ((b & 0x80) === 0) break;
      }
      return value;
    };
    while (i < bytes.length) {
      const id = bytes[i++];
      const size = leb();
      const end = i + size;
      if (id === 5 && leb() > 0) throw new RE('WebAssembly modules that declare their own memory are not available in the sandbox (its growth could not be counted against the memory limit): import a WebAssembly.Memory with a maximum instead');
      i = end;
    }
    return bytes;
  };
  const Mod = W.Module;
  /** @param {any} source */
  const Module = function Module(source) {
    if (new.target === undefined) throw new TE("WebAssembly.Module must be invoked with 'new'");
    return construct(Mod, [checked(source)], new.target === Module ? Mod : new.target);
  };
  copyStatics(Module, Mod, ['exports', 'imports', 'customSections', 'length']);
  define(Module, 'prototype', { value: Mod.prototype, writable: false, enumerable: false, configurable: false });
  define(Mod.prototype, 'constructor', { value: Module, writable: true, enumerable: false, configurable: true });
  define(W, 'Module', { value: Module, writable: true, enumerable: false, configurable: true });
  const compile = W.compile;
  const instantiate = W.instantiate;
  const P = G.Promise;
  const isModule = (/** @type {unknown} */ value) => value instanceof Mod;
  define(W, 'compile', { value: function compile_(/** @type {any} */ source) { try { return call.call(compile, W, checked(source)); } catch (error) { return P.reject(error); } }, writable: true, configurable: true });
  define(W, 'instantiate', {
    /** @param {any} source @param {any} imports */
    value: function instantiate_(source, imports) {
      try {
        return call.call(instantiate, W, isModule(source) ? source : checked(source), imports);
      } catch (error) {
        return P.reject(error);
      }
    },
    writable: true,
    configurable: true,
  });
}
