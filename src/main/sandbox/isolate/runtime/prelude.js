// @ts-check
/* exported prelude */
/* global boundBuffers */
// The first script of every new context, before the runtime (runtime.js) and any user code
// (runtime-source.ts evaluates this folder's prelude files in one closure and calls `prelude`):
// it removes the globals the sandbox does not offer and counts the buffers V8 does not
// (bounded-buffers.js).

/**
 * @param {any} G the context's global object
 * @param {number} memoryLimitMb the isolate's memory limit (named in the refusals)
 * @param {string[]} removed globals deleted; one that is not configurable (`gc`) is emptied
 */
function prelude(G, memoryLimitMb, removed) {
  const has = Object.prototype.hasOwnProperty;
  for (let i = 0; i < removed.length; i++) {
    delete G[removed[i]];
    if (has.call(G, removed[i])) G[removed[i]] = undefined;
  }
  boundBuffers(G, memoryLimitMb);
}
