// A sandbox process of the process-model floor (bench/process-floor.mjs): one bare isolated-vm
// isolate holding the transformation (FLOOR_CODE) and its library (FLOOR_LIBRARY, imported as
// eventUtils). Every request gets a new context, prepared ahead: after an answer has left, the next
// context is made and the modules are linked from V8's code cache and evaluated, off the next
// request's path. A request is the HTTP body's text as it came: the isolate parses it, runs the
// events (the floor's loop: no checks, no metadata, no logs) and answers the response's text.
// FLOOR_WARM=1 keeps one context for every request (state would leak between batches, which the
// studio never allows): only to show what the fresh context costs beside it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { floorSource } from './isolate-floor.mjs';

const ivm = createRequire(import.meta.url)('isolated-vm');
const ENTRY = '\nexport function __entry(text) { const body = JSON.parse(text); return JSON.stringify({ transformedEvents: __floor(body.events) }); }';
const libraryCode = readFileSync(process.env.FLOOR_LIBRARY, 'utf8');
const source = floorSource(readFileSync(process.env.FLOOR_CODE, 'utf8')) + ENTRY;

const isolate = new ivm.Isolate({ memoryLimit: 128 });
const libData = isolate.compileModuleSync(libraryCode, { filename: 'library eventUtils', produceCachedData: true }).cachedData;
const data = isolate.compileModuleSync(source, { filename: 'base transformation', produceCachedData: true }).cachedData;

let handles = [];
let entry;
function prepare() {
  for (const handle of handles) handle.release();
  const context = isolate.createContextSync();
  context.evalClosureSync('globalThis.log = () => {};', []);
  const lib = isolate.compileModuleSync(libraryCode, { filename: 'library eventUtils', cachedData: libData });
  lib.instantiateSync(context, () => {
    throw new Error('no imports');
  });
  const module = isolate.compileModuleSync(source, { filename: 'base transformation', cachedData: data });
  module.instantiateSync(context, () => lib);
  module.evaluateSync({ timeout: 4000 });
  entry = module.namespace.getSync('__entry', { reference: true });
  handles = [entry, module, lib, context];
}

prepare();
process.on('message', ({ id, text }) => {
  const json = entry.applySync(undefined, [text], { timeout: 4000 });
  process.send({ id, json });
  if (!process.env.FLOOR_WARM) setImmediate(prepare);
});
process.send({ ready: true });
