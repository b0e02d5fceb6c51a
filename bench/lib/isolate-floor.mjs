// The floor the sandbox benches compare against: the user module plus one function that loops
// over a batch in the isolate (copy in, copy out; no checks, no metadata, no per-event errors).
const FLOOR_WRAPPER = `
export function __floor(events) {
  if (typeof transformBatch === 'function') return transformBatch(events, __metadata);
  const out = [];
  for (const event of events) {
    let result;
    try { result = transformEvent(event, __metadata); } catch (error) { out.push({ error: String(error) }); continue; }
    if (result === null || result === undefined) continue;
    if (Array.isArray(result)) out.push(...result); else out.push(result);
  }
  return out;
}
const __metadata = () => ({});
`;

/** The module to compile for the floor: `code` with the missing handler declared, plus `__floor`. */
export function floorSource(code) {
  const has = (name) => new RegExp(`export\\s+(async\\s+)?function\\s+${name}\\b`).test(code);
  return code + (has('transformBatch') ? '\nconst transformEvent = undefined;' : '\nconst transformBatch = undefined;') + FLOOR_WRAPPER;
}

/**
 * A warm floor isolate: the eventUtils library and `code` compiled as the sandbox would, `log` a
 * no-op; `call(batch)` runs `__floor` once with the batch copied in and the outputs copied out.
 */
export async function floorIsolate(ivm, code, libraryCode) {
  const isolate = new ivm.Isolate({ memoryLimit: 128 });
  const context = await isolate.createContext();
  await context.evalClosure('globalThis.log = () => {};', []);
  const lib = await isolate.compileModule(libraryCode, { filename: 'library eventUtils' });
  await lib.instantiate(context, () => {
    throw new Error('no imports');
  });
  const module = await isolate.compileModule(floorSource(code), { filename: 'base transformation' });
  await module.instantiate(context, (specifier) => {
    if (specifier === 'eventUtils') return lib;
    throw new Error(`import from ${specifier} failed. Module not found.`);
  });
  await module.evaluate({ timeout: 4000 });
  const fn = await module.namespace.get('__floor', { reference: true });
  const call = (batch) => fn.apply(undefined, [batch], { arguments: { copy: true }, result: { copy: true }, timeout: 4000 });
  return { isolate, call };
}

/**
 * The floor with a fresh context per batch, as the sandbox runs since #29 (no state between
 * batches): each call makes a context, links the library and the module compiled from V8's code
 * cache, evaluates them and runs `__floor` there (synchronous calls, this thread). Beside the floor
 * it shows what a new context per batch costs by itself, before anything the sandbox adds.
 */
export async function freshFloorIsolate(ivm, code, libraryCode) {
  const fresh = freshContexts(ivm, floorSource(code), libraryCode, '__floor');
  const call = (batch) => fresh.next().apply(undefined, [batch], { arguments: { copy: true }, result: { copy: true }, timeout: 4000 });
  return { isolate: fresh.isolate, call };
}

/**
 * An isolate holding `source` (which imports eventUtils from `libraryCode`): `next()` makes a new
 * context, links both modules compiled from V8's code cache, evaluates them and answers a
 * reference to the export `entry` there, releasing every handle into the previous context (or it
 * stays reachable, as the sandbox's realm would). Synchronous calls, this thread.
 */
export function freshContexts(ivm, source, libraryCode, entry) {
  const isolate = new ivm.Isolate({ memoryLimit: 128 });
  const libData = isolate.compileModuleSync(libraryCode, { filename: 'library eventUtils', produceCachedData: true }).cachedData;
  const data = isolate.compileModuleSync(source, { filename: 'base transformation', produceCachedData: true }).cachedData;
  let previous = [];
  const next = () => {
    for (const handle of previous) handle.release();
    const context = isolate.createContextSync();
    context.evalClosureSync('globalThis.log = () => {};', []);
    const lib = isolate.compileModuleSync(libraryCode, { filename: 'library eventUtils', cachedData: libData });
    lib.instantiateSync(context, () => {
      throw new Error('no imports');
    });
    const module = isolate.compileModuleSync(source, { filename: 'base transformation', cachedData: data });
    module.instantiateSync(context, () => lib);
    module.evaluateSync({ timeout: 4000 });
    const fn = module.namespace.getSync(entry, { reference: true });
    previous = [fn, module, lib, context];
    return fn;
  };
  return { isolate, next };
}
