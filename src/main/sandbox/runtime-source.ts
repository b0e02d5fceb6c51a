import { credentialSource } from './host/credentials';
import { fetchSource } from './host/fetch';
import { geolocationSource } from './host/geolocation';
import { groupedAnswerSource } from './grouped-answer-source';
import { logSource } from './host/log';

// Code that runs inside every isolate before user code. It receives two host callbacks (plain
// functions in the isolate that copy their arguments and results) and keeps them in this closure:
// user code sees only the globals defined here, all made of the isolate's own objects.
//
// The batch loop runs in here too, so one isolate call handles a whole batch: the events come in
// as one JSON string and the results go out as one JSON string:
//   {"r": [[metaIndex, 0, outputEvent] | [metaIndex, 1, errorText], ...], "l": [logLines], "li": [eventIndexPerLine], "d": droppedLogs}
//   {"f": "<fatal message>"}
// metaIndex is the index of the input event whose metadata the output carries (-1: none).

export interface RuntimeLimits {
  maxOutputChars: number;
  maxPendingCalls: number;
}

export const RUNTIME_FILENAME = 'sandbox runtime';

/** An answer in parts has at most this many pieces (the last one is the answer itself)... */
export const ANSWER_PARTS = 4;
/** ...of at least this many entries: a smaller answer comes whole. */
export const MIN_PART_ENTRIES = 25;

/**
 * Fields of `metadata(event)`, in the hosted wrapper's order (`return { sourceId: eventMetadata.sourceId,
 * sourceName: …, workspaceId: …, … transformationVersionId: … }`): every key is present, those the
 * local pipeline has no value for (jobId, trackingPlanId, …) are undefined, as they are hosted for
 * events that lack them. The others of the event's metadata are not shown.
 */
export const METADATA_KEYS = ['sourceId', 'sourceName', 'workspaceId', 'sourceType', 'sourceCategory', 'destinationId',
  'destinationType', 'destinationName', 'namespace', 'originalSourceId', 'trackingPlanId', 'trackingPlanVersion',
  'sourceTpConfig', 'mergedTpConfig', 'jobId', 'sourceJobId', 'sourceJobRunId', 'sourceTaskRunId', 'recordId', 'messageId',
  'messageIds', 'rudderId', 'receivedAt', 'eventName', 'eventType', 'sourceDefinitionId', 'destinationDefinitionId',
  'transformationId', 'transformationVersionId'] as const;
// `{ sourceId: m.sourceId, ... }`: one literal, so every metadata(event) object has the same shape.
const METADATA_LITERAL = `{ ${METADATA_KEYS.map((key) => `${key}: m.${key}`).join(', ')} }`;

/** Source of `(hostStart, hostCredential, hostPart) => setup`; evaluate with evalClosure and call it. */
export function runtimeSource(limits: RuntimeLimits): string {
  return /* js */ `
'use strict';
const hostStart = $0;
const hostCredential = $1;
const hostPart = $2; // (runId, json): a part, handed over synchronously (runs entered with applySync)
const G = globalThis;
const P = Promise;
const stringify = JSON.stringify;
const parse = JSON.parse;
const isArray = Array.isArray;
const assign = Object.assign;
const objectToString = Object.prototype.toString;
const isObject = (value) => objectToString.call(value) === '[object Object]';
const state = { logs: [], logEvents: [], current: -1, logChars: 0, logsDropped: 0 };
const pending = new Map();
let nextCallId = 0;

G.global = G;

function hostCall(kind, args) {
  return new P((resolve, reject) => {
    let json;
    try { json = stringify(args); } catch (error) { reject(error); return; }
    if (pending.size >= ${limits.maxPendingCalls}) {
      reject(new Error('too many pending requests: at most ${limits.maxPendingCalls} at a time'));
      return;
    }
    const id = ++nextCallId;
    pending.set(id, [resolve, reject]);
    hostStart(kind, id, json === undefined ? '[]' : json);
  });
}

function settle(id, ok, json) {
  const call = pending.get(id);
  if (!call) return;
  pending.delete(id);
  let value;
  try { value = parse(json); } catch (_) { call[1](new Error('invalid answer from the host')); return; }
  if (ok) call[0](value); else call[1](rejection(value));
}

// The hosted runtime rejects fetchV2 and geolocation with a plain copy of the host error's own
// properties, not an Error:
//   const err = JSON.parse(JSON.stringify(error, Object.getOwnPropertyNames(error)));
//   reject.applyIgnored(undefined, [new ivm.ExternalCopy(err).copyInto()]);
// A plain Error's own properties are stack, message; node-fetch's FetchError's are message,
// type, errno, code, stack. The stack here is its first line only (no host frames).
function rejection(failure) {
  const message = String(failure && failure.message);
  const stack = String(failure && failure.name) + ': ' + message;
  const fields = failure && failure.fields;
  if (!fields) return { stack, message };
  const out = { message };
  for (const key of ['type', 'errno', 'code']) if (typeof fields[key] === 'string') out[key] = fields[key];
  out.stack = stack;
  return out;
}

${logSource}
${credentialSource}
${fetchSource}
${geolocationSource}
${groupedAnswerSource}

// A fresh object with exactly METADATA_KEYS, in their order, built as one literal (one shape).
const NO_METADATA = Object.freeze(Object.create(null));
const metadataObject = (m) => (${METADATA_LITERAL});

function stackOf(error, name) {
  try {
    const stack = error !== null && (typeof error === 'object' || typeof error === 'function') ? error.stack : undefined;
    if (typeof stack !== 'string') return String(error);
    const lines = stack.split('\\n');
    let last = 0;
    for (let k = lines.length - 1; k >= 0; k--) {
      if (lines[k].includes(name)) { last = k; break; }
    }
    return lines.slice(0, last + 1).join('\\n');
  } catch (_) {
    return 'Error: the thrown value could not be read';
  }
}

function messageOf(error) {
  try { return error && typeof error.message === 'string' ? error.message : String(error); } catch (_) { return 'unknown error'; }
}

function derive(event) {
  const m = {};
  if (typeof event.messageId === 'string') m.messageId = event.messageId;
  if (typeof event.type === 'string') m.eventType = event.type;
  if (typeof event.event === 'string') m.eventName = event.event;
  if (typeof event.rudderId === 'string') m.rudderId = event.rudderId;
  if (typeof event.receivedAt === 'string') m.receivedAt = event.receivedAt;
  return m;
}

// The answer: {"p": parts sent before it, "r": entries, ...}. \`sentChars\`: the size of those parts,
// which count toward the output limit with it.
function serialize(entries, parts, sentChars) {
  const logs = state.logs;
  let json;
  try {
    json = stringify({ p: parts, r: entries, l: logs, li: state.logEvents, d: state.logsDropped });
  } catch (_) {
    const safe = entries.map((entry) => {
      try { stringify(entry[2]); return entry; } catch (error) {
        return [entry[0], 1, 'returned event could not be converted to JSON: ' + messageOf(error)];
      }
    });
    json = stringify({ p: parts, r: safe, l: logs, li: state.logEvents, d: state.logsDropped });
  }
  if (sentChars + json.length > ${limits.maxOutputChars}) return stringify({ f: 'output-too-large' });
  return json;
}

return function setup(namespace, kind) {
  const userFunction = namespace[kind];
  let finished = '';
  let runId = 0;
  let groupedCount = -1; // answer per input event (grouped-answer-source) when >= 0
  let inParts = false; // the host reads the answer in parts (see answerInParts)
  let syncParts = false; // ...handed over through hostPart: the host entered this run on its own thread
  // The first events of the next run, staged in pieces under its id before it (payload.ts).
  let staged = null;

  // The answer in parts: all but the last piece of the entries (at most ${ANSWER_PARTS}, of at least
  // ${MIN_PART_ENTRIES} entries) are handed to the host one after the other as JSON arrays, the last
  // one with the answer. Serialising piece by piece changes nothing of what user code sees (it runs
  // before, toJSON in the same order), while the host moves and reads the pieces already out. A
  // piece that cannot be serialised, or would pass the output limit, stays in the answer, which
  // handles both.
  function answerInParts(entries) {
    const size = Math.max(${MIN_PART_ENTRIES}, Math.ceil(entries.length / ${ANSWER_PARTS}));
    let from = 0;
    let parts = 0;
    let sentChars = 0;
    while (entries.length - from > size) {
      let json;
      try { json = stringify(entries.slice(from, from + size)); } catch (_) { break; }
      if (sentChars + json.length > ${limits.maxOutputChars}) break;
      if (syncParts) hostPart(runId, json); else hostStart('part', runId, json);
      parts++;
      sentChars += json.length;
      from += size;
    }
    return serialize(from > 0 ? entries.slice(from) : entries, parts, sentChars);
  }

  const answer = (entries) =>
    groupedCount >= 0 ? serializeGrouped(entries, groupedCount, ${limits.maxOutputChars}) : inParts ? answerInParts(entries) : serialize(entries, 0, 0);

  function run(payload, grouped, parts) {
    runId++;
    finished = '';
    pending.clear();
    state.logs = [];
    state.logEvents = [];
    state.current = -1;
    state.logChars = 0;
    state.logsDropped = 0;
    const input = parse(payload);
    let events = input.e;
    if (input.s !== undefined) {
      if (!staged || staged.id !== input.s) return stringify({ f: 'internal sandbox error: the batch arrived incomplete' });
      // Index loops: user code may have replaced Array methods in this realm.
      const lists = staged.lists;
      const all = [];
      for (let k = 0; k < lists.length; k++) for (let i = 0; i < lists[k].length; i++) all[all.length] = lists[k][i];
      for (let i = 0; i < events.length; i++) all[all.length] = events[i];
      events = all;
    }
    staged = null;
    const given = isArray(input.m) ? input.m : null;
    const n = events.length;
    groupedCount = grouped === true ? n : -1;
    inParts = (parts === 'parts' || parts === 'sync') && groupedCount < 0;
    syncParts = parts === 'sync';
    // messageId → index (last one wins), built before user code can change the events.
    const byMessageId = new Map();
    const byIdentity = new Map();
    const base = new Array(n); // derived metadata, from the events as they came in
    for (let i = 0; i < n; i++) {
      base[i] = derive(events[i]);
      const id = events[i].messageId;
      if (typeof id === 'string' && id !== '') byMessageId.set(id, i);
      else byIdentity.set(events[i], i);
    }
    const indexOf = (event) => {
      if (event === null || typeof event !== 'object') return -1;
      const id = event.messageId;
      const i = typeof id === 'string' && id !== '' ? byMessageId.get(id) : byIdentity.get(event);
      return i === undefined ? -1 : i;
    };
    const merged = new Array(n);
    const metadataAt = (i) => {
      if (i < 0) return undefined;
      let m = merged[i];
      if (m === undefined) {
        const extra = given && given[i] && typeof given[i] === 'object' ? given[i] : null;
        m = merged[i] = extra ? assign({}, base[i], extra) : base[i];
      }
      return m;
    };
    const metadata = function metadata(event) {
      const m = event === undefined || event === null ? undefined : metadataAt(indexOf(event));
      return m ? metadataObject(m) : metadataObject(NO_METADATA);
    };

    if (kind === 'transformBatch') return runBatch(events, metadata, indexOf);
    return runEvents(events, metadata);
  }

  function eventResult(value, mi) {
    if (value === null || value === undefined) return null;
    if (isArray(value)) {
      const out = [];
      for (const item of value) {
        if (!isObject(item)) return [[mi, 1, 'returned event in events array from transformEvent(event) is not an object']];
        out.push([mi, 0, item]);
      }
      return out;
    }
    if (!isObject(value)) return [[mi, 1, 'returned event from transformEvent(event) is not an object']];
    return [[mi, 0, value]];
  }

  function flatten(perEvent) {
    const entries = [];
    for (const list of perEvent) if (list) for (const entry of list) entries.push(entry);
    return entries;
  }

  function runEvents(events, metadata) {
    const n = events.length;
    const perEvent = new Array(n);
    let waits = null;
    for (let i = 0; i < n; i++) {
      const event = events[i];
      const mi = i; // an output of transformEvent carries the metadata of the event it came from
      let value;
      state.current = i;
      try {
        value = userFunction(event, metadata);
      } catch (error) {
        state.current = -1;
        perEvent[i] = [[mi, 1, stackOf(error, 'transformEvent')]];
        continue;
      }
      state.current = -1;
      let thenable = false;
      try { thenable = value !== null && typeof value === 'object' && typeof value.then === 'function'; } catch (_) { thenable = false; }
      if (thenable) {
        (waits || (waits = [])).push(P.resolve(value).then(
          (resolved) => { perEvent[i] = eventResult(resolved, mi); },
          (error) => { perEvent[i] = [[mi, 1, stackOf(error, 'transformEvent')]]; },
        ));
      } else {
        perEvent[i] = eventResult(value, mi);
      }
    }
    if (!waits) return answer(flatten(perEvent));
    const mine = runId;
    P.all(waits).then(
      () => { if (mine === runId) finished = answer(flatten(perEvent)); },
      (error) => { if (mine === runId) finished = stringify({ f: 'internal sandbox error: ' + messageOf(error) }); },
    );
    return '#';
  }

  function batchResult(value, indexOf) {
    if (!isArray(value)) return [[-1, 1, 'returned events from transformBatch(event) is not an array']];
    return value.map((item) => isObject(item)
      ? [indexOf(item), 0, item]
      : [-1, 1, 'returned event in events array from transformBatch(events) is not an object']);
  }

  function runBatch(events, metadata, indexOf) {
    let value;
    try {
      value = userFunction(events, metadata);
    } catch (error) {
      return answer([[-1, 1, stackOf(error, 'transformBatch')]]);
    }
    let thenable = false;
    try { thenable = value !== null && typeof value === 'object' && typeof value.then === 'function'; } catch (_) { thenable = false; }
    if (!thenable) return answer(batchResult(value, indexOf));
    const mine = runId;
    P.resolve(value).then(
      (resolved) => { if (mine === runId) finished = answer(batchResult(resolved, indexOf)); },
      (error) => { if (mine === runId) finished = answer([[-1, 1, stackOf(error, 'transformBatch')]]); },
    );
    return '#';
  }

  return function entry(op, a, b, c) {
    if (op === 'run') return run(a, b, c);
    if (op === 'stage') {
      if (!staged || staged.id !== a) staged = { id: a, lists: [] };
      staged.lists[staged.lists.length] = parse(c);
      return '';
    }
    if (op === 'unstage') { staged = null; return ''; }
    if (op === 'poll') return finished !== '' ? finished : '#' + pending.size;
    if (op === 'settle') { settle(a, b, c); return ''; }
    return '';
  };
};
`;
}
