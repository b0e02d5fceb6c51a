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
import { floorSource, freshContexts } from './isolate-floor.mjs';

const ivm = createRequire(import.meta.url)('isolated-vm');
const ENTRY = '\nexport function __entry(text) { const body = JSON.parse(text); return JSON.stringify({ transformedEvents: __floor(body.events) }); }';
const libraryCode = readFileSync(process.env.FLOOR_LIBRARY, 'utf8');
const source = floorSource(readFileSync(process.env.FLOOR_CODE, 'utf8')) + ENTRY;
const fresh = freshContexts(ivm, source, libraryCode, '__entry');

let entry;
const prepare = () => (entry = fresh.next());
prepare();
process.on('message', ({ id, text }) => {
  const json = entry.applySync(undefined, [text], { timeout: 4000 });
  process.send({ id, json });
  if (!process.env.FLOOR_WARM) setImmediate(prepare);
});
process.send({ ready: true });
