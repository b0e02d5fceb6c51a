// @ts-check
/* exported createRuntime */
/* global captureIntrinsics, createHostCalls, createAnswers, installGlobals, createMetadata, append */
// Runs inside every isolate before user code (isolate/runtime-source.ts loads this folder's
// files as text and evaluates them in one closure). It keeps the host callbacks in here: user
// code sees only the globals installed here, all made of the isolate's own objects. The batch
// loop runs in here too, so one isolate call handles a whole batch: the events come in as one
// JSON string and the results go out as one (answer.js).

/**
 * @param {(kind: string, id: number, json: string) => void} hostStart ignored callback: a host request, or a part
 * @param {(key: string) => unknown} hostCredential
 * @param {(runId: number, json: string) => void} hostPart a part, handed over synchronously (runs entered with applySync)
 * @param {{ maxOutputChars: number; maxPendingCalls: number; answerParts: number; minPartEntries: number; maxLogLines: number; maxLogChars: number; functions: string[] }} limits (and the functions the service calls)
 */
function createRuntime(hostStart, hostCredential, hostPart, limits) {
  const I = captureIntrinsics(globalThis);
  const state = { logs: /** @type {string[]} */ ([]), logEvents: /** @type {number[]} */ ([]), current: -1, logChars: 0, logsDropped: 0 };
  const calls = createHostCalls(I, hostStart, limits.maxPendingCalls);
  const answers = createAnswers(I, state, limits);
  installGlobals(I, state, calls, hostCredential, limits);

  /** @type {Function | null} the function of the user's module the service calls (set by setup) */
  let userFunction = null;
  /** @type {'transformEvent' | 'transformBatch'} */
  let kind = 'transformEvent';

  /**
   * Once the user's module was evaluated (through the probe that imports it, module-settle.ts):
   * '' when its top level settled and it exports exactly one of the functions the service calls
   * (the entry runs it from then on); '#' when its top-level evaluation never settled (the
   * probe's binding is still uninitialised: reading it throws); otherwise '=' and the names it
   * exports of them, joined with commas (the host says what was expected).
   * @param {any} top the probe module's namespace (`settled` is the user module's), or the user
   *   module's own when its realm needs no probe (no source of it contains `await`)
   * @param {boolean} probed
   */
  function setup(top, probed) {
    if (userFunction !== null) return '=';
    let namespace = top;
    if (probed) try { namespace = top.settled; } catch (_) { return '#'; }
    const supported = limits.functions;
    let found = '';
    let count = 0;
    for (let k = 0; k < supported.length; k++) {
      if (typeof namespace[supported[k]] !== 'function') continue;
      found = count === 0 ? supported[k] : found + ',' + supported[k];
      kind = /** @type {'transformEvent' | 'transformBatch'} */ (supported[k]);
      count++;
    }
    if (count !== 1) return '=' + found;
    userFunction = namespace[kind];
    return '';
  }

  let finished = '';
  let runId = 0;
  /** @type {'whole' | 'parts' | 'sync' | 'grouped'} */
  let form = 'whole';
  let groupedCount = 0;
  // The first events of the next run, staged in pieces under its id before it (payload.ts).
  /** @type {{ id: number; lists: unknown[][] } | null} */
  let staged = null;

  /** @param {[number, number, unknown][]} entries */
  const answer = (entries) => {
    if (form === 'grouped') return answers.answerGrouped(entries, groupedCount);
    if (form === 'whole') return answers.serialize(entries, 0, 0);
    const id = runId;
    return answers.answerInParts(entries, form === 'sync' ? (json) => hostPart(id, json) : (json) => hostStart('part', id, json));
  };
  /** @param {unknown} value */
  const isThenable = (value) => {
    try { return value !== null && typeof value === 'object' && typeof (/** @type {any} */ (value).then) === 'function'; } catch (_) { return false; }
  };

  /**
   * @param {string} payload `{"e": events, "m": metadata | null, "s"?: stage id}`, or the events
   *   as the `events` field of `"b"` (the request body they were parsed from, payload.ts)
   * @param {boolean} grouped
   * @param {string} parts '' | 'parts' | 'sync'
   */
  function run(payload, grouped, parts) {
    runId++;
    finished = '';
    calls.clear();
    state.logs = [];
    state.logEvents = [];
    state.current = -1;
    state.logChars = 0;
    state.logsDropped = 0;
    const input = I.parse(payload);
    let events = input.b !== undefined ? input.b.events : input.e;
    if (input.s !== undefined) {
      if (!staged || staged.id !== input.s) return I.stringify({ f: 'internal sandbox error: the batch arrived incomplete' });
      /** @type {unknown[]} */
      const all = [];
      for (let k = 0; k < staged.lists.length; k++) append(all, staged.lists[k]);
      events = append(all, events);
    }
    staged = null;
    groupedCount = events.length;
    form = grouped === true ? 'grouped' : parts === 'parts' || parts === 'sync' ? parts : 'whole';
    const { indexOf, metadata } = createMetadata(I, events, input.m);
    if (kind === 'transformBatch') return runBatch(events, metadata, indexOf);
    return runEvents(events, metadata);
  }

  /** @param {unknown} value @param {number} i @returns {[number, number, unknown][] | null} */
  function eventResult(value, i) {
    if (value === null || value === undefined) return null;
    if (I.isArray(value)) {
      const list = /** @type {unknown[]} */ (value);
      /** @type {[number, number, unknown][]} */
      const out = [];
      for (let k = 0; k < list.length; k++) {
        if (!I.isPlainObject(list[k])) return [[i, 1, 'returned event in events array from transformEvent(event) is not an object']];
        out[out.length] = [i, 0, list[k]];
      }
      return out;
    }
    if (!I.isPlainObject(value)) return [[i, 1, 'returned event from transformEvent(event) is not an object']];
    return [[i, 0, value]];
  }

  /** @param {([number, number, unknown][] | null | undefined)[]} perEvent */
  function flatten(perEvent) {
    /** @type {[number, number, unknown][]} */
    const entries = [];
    for (let i = 0; i < perEvent.length; i++) if (perEvent[i]) append(entries, /** @type {unknown[]} */ (perEvent[i]));
    return entries;
  }

  /** @param {unknown[]} events @param {Function} metadata */
  function runEvents(events, metadata) {
    const n = events.length;
    const perEvent = new I.Array(n);
    let waiting = 0;
    let failed = false;
    // An output of transformEvent carries the index of the event it came from.
    for (let i = 0; i < n; i++) {
      let value;
      state.current = i;
      try {
        value = /** @type {Function} */ (userFunction)(events[i], metadata);
      } catch (error) {
        state.current = -1;
        perEvent[i] = [[i, 1, answers.stackOf(error, 'transformEvent')]];
        continue;
      }
      state.current = -1;
      if (!isThenable(value)) {
        perEvent[i] = eventResult(value, i);
        continue;
      }
      waiting++;
      const mine = runId;
      /** @param {() => void} record */
      const settled = (record) => {
        if (failed || mine !== runId) return;
        try {
          record();
        } catch (error) {
          failed = true;
          finished = I.stringify({ f: 'internal sandbox error: ' + answers.messageOf(error) });
          return;
        }
        if (--waiting === 0) finished = answer(flatten(perEvent));
      };
      I.then(
        I.resolve(value),
        (/** @type {unknown} */ resolved) => settled(() => { perEvent[i] = eventResult(resolved, i); }),
        (/** @type {unknown} */ error) => settled(() => { perEvent[i] = [[i, 1, answers.stackOf(error, 'transformEvent')]]; }),
      );
    }
    if (waiting === 0) return answer(flatten(perEvent));
    return '#';
  }

  /** @param {unknown} value @param {(event: unknown) => number} indexOf @returns {[number, number, unknown][]} */
  function batchResult(value, indexOf) {
    if (!I.isArray(value)) return [[-1, 1, 'returned events from transformBatch(event) is not an array']];
    const list = /** @type {unknown[]} */ (value);
    /** @type {[number, number, unknown][]} */
    const out = [];
    for (let k = 0; k < list.length; k++) {
      out[k] = I.isPlainObject(list[k]) ? [indexOf(list[k]), 0, list[k]] : [-1, 1, 'returned event in events array from transformBatch(events) is not an object'];
    }
    return out;
  }

  /** @param {unknown[]} events @param {Function} metadata @param {(event: unknown) => number} indexOf */
  function runBatch(events, metadata, indexOf) {
    let value;
    try {
      value = /** @type {Function} */ (userFunction)(events, metadata);
    } catch (error) {
      return answer([[-1, 1, answers.stackOf(error, 'transformBatch')]]);
    }
    if (!isThenable(value)) return answer(batchResult(value, indexOf));
    const mine = runId;
    I.then(
      I.resolve(value),
      (/** @type {unknown} */ resolved) => { if (mine === runId) finished = answer(batchResult(resolved, indexOf)); },
      (/** @type {unknown} */ error) => { if (mine === runId) finished = answer([[-1, 1, answers.stackOf(error, 'transformBatch')]]); },
    );
    return '#';
  }

  /**
   * The one entry the host calls: ops setup, stage, unstage (also before setup: a batch's first
   * pieces may enter a realm prepared ahead), run, poll, settle.
   * @param {string} op @param {any} [a] @param {any} [b] @param {any} [c]
   */
  return function entry(op, a, b, c) {
    if (op === 'run') return userFunction === null ? I.stringify({ f: 'internal sandbox error: the realm was not set up' }) : run(a, b, c);
    if (op === 'setup') return setup(a, b === true);
    if (op === 'stage') {
      if (!staged || staged.id !== a) staged = { id: a, lists: [] };
      staged.lists[staged.lists.length] = I.parse(c);
      return '';
    }
    if (op === 'unstage') { staged = null; return ''; }
    if (op === 'poll') return finished !== '' ? finished : '#' + calls.count();
    if (op === 'settle') { calls.settle(a, b, c); return ''; }
    return '';
  };
}
