// @ts-check
/* exported captureIntrinsics */
// The built-ins the runtime uses, captured before any user code runs. User code may replace
// globals and prototype methods of its realm (Array.prototype.push, Map.prototype.get,
// Promise.prototype.then, Symbol.iterator, JSON, String …); the runtime calls only these
// captured copies, never a method looked up at call time, and never iterates (no for…of, spread
// or array destructuring: they go through Symbol.iterator). The lint zone of this folder
// enforces it: outside this file, no method call but on the object answered here.

/** @param {typeof globalThis} G */
function captureIntrinsics(G) {
  // Function.prototype.call bound to a method: `uncurry(Map.prototype.get)(map, key)`.
  const uncurry = Function.prototype.bind.bind(Function.prototype.call);
  const P = Promise;
  return Object.freeze({
    Array: Array,
    Map: Map,
    Promise: P,
    String: String,
    Error: Error,
    TypeError: TypeError,
    stringify: JSON.stringify,
    parse: JSON.parse,
    isArray: Array.isArray,
    assign: Object.assign,
    freeze: Object.freeze,
    create: Object.create,
    max: Math.max,
    ceil: Math.ceil,
    /** @type {(value: unknown) => boolean} */
    isPlainObject: ((toString) => (/** @type {unknown} */ value) => toString(value) === '[object Object]')(uncurry(Object.prototype.toString)),
    hasOwn: uncurry(Object.prototype.hasOwnProperty),
    mapGet: uncurry(Map.prototype.get),
    mapSet: uncurry(Map.prototype.set),
    mapDelete: uncurry(Map.prototype.delete),
    mapClear: uncurry(Map.prototype.clear),
    /** @type {(map: Map<unknown, unknown>) => number} */
    mapSize: uncurry(/** @type {() => number} */ (Object.getOwnPropertyDescriptor(Map.prototype, 'size')?.get)),
    split: uncurry(String.prototype.split),
    includes: uncurry(String.prototype.includes),
    charCodeAt: uncurry(String.prototype.charCodeAt),
    then: uncurry(P.prototype.then),
    resolve: P.resolve.bind(P),
    reject: P.reject.bind(P),
    global: G,
  });
}
