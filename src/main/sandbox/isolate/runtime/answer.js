// @ts-check
/* exported createAnswers */
/* global joinLines, copyRange */
// How a run's results leave the isolate, as one JSON string:
//   {"p": parts sent before it, "r": [[inputIndex, 0, output] | [inputIndex, 1, errorText], …],
//    "l": [logLines], "li": [inputIndexPerLine], "d": droppedLogs}      or {"f": "<fatal>"}
// inputIndex is the index of the input event the output came from (-1: none). Three forms:
// whole, in parts (all but the last piece of the entries handed out first), or grouped per
// input event (answerGrouped).

/**
 * @typedef {[number, number, unknown]} Entry
 * @param {ReturnType<typeof captureIntrinsics>} I
 * @param {{ logs: string[]; logEvents: number[]; logsDropped: number }} state
 * @param {{ maxOutputChars: number; answerParts: number; minPartEntries: number }} limits
 */
function createAnswers(I, state, limits) {
  /** @param {unknown} error */
  function messageOf(error) {
    try { return error && typeof (/** @type {any} */ (error).message) === 'string' ? /** @type {any} */ (error).message : I.String(error); } catch (_) { return 'unknown error'; }
  }

  /**
   * A thrown value's stack down to the last frame of user code's `name` function.
   * @param {unknown} error
   * @param {string} name
   */
  function stackOf(error, name) {
    try {
      const stack = error !== null && (typeof error === 'object' || typeof error === 'function') ? /** @type {any} */ (error).stack : undefined;
      if (typeof stack !== 'string') return I.String(error);
      const lines = I.split(stack, '\n');
      let last = 0;
      for (let k = lines.length - 1; k >= 0; k--) {
        if (I.includes(lines[k], name)) { last = k; break; }
      }
      return joinLines(lines, last + 1);
    } catch (_) {
      return 'Error: the thrown value could not be read';
    }
  }

  /**
   * The answer `{"p": parts, "r": entries, …}`; `sentChars`: the size of the parts sent before
   * it, which count toward the output limit with it.
   * @param {Entry[]} entries
   * @param {number} parts
   * @param {number} sentChars
   */
  function serialize(entries, parts, sentChars) {
    let json;
    try {
      json = I.stringify({ p: parts, r: entries, l: state.logs, li: state.logEvents, d: state.logsDropped });
    } catch (_) {
      const safe = [];
      for (let i = 0; i < entries.length; i++) {
        const entry = entries[i];
        try { I.stringify(entry[2]); safe[i] = entry; } catch (error) {
          safe[i] = [entry[0], 1, 'returned event could not be converted to JSON: ' + messageOf(error)];
        }
      }
      json = I.stringify({ p: parts, r: safe, l: state.logs, li: state.logEvents, d: state.logsDropped });
    }
    if (sentChars + json.length > limits.maxOutputChars) return I.stringify({ f: 'output-too-large' });
    return json;
  }

  /**
   * The answer in parts: all but the last piece of the entries (at most `answerParts`, of at
   * least `minPartEntries` entries) go to `send` one after the other as JSON arrays, the last with
   * the answer. User code sees nothing of it (it ran before; toJSON runs in the same order), while
   * the host reads the pieces already out. A piece that cannot be serialised, or would pass the
   * output limit, stays in the answer, which handles both.
   * @param {Entry[]} entries
   * @param {(json: string) => void} send
   */
  function answerInParts(entries, send) {
    const size = I.max(limits.minPartEntries, I.ceil(entries.length / limits.answerParts));
    let from = 0;
    let parts = 0;
    let sentChars = 0;
    while (entries.length - from > size) {
      let json;
      try { json = I.stringify(copyRange(entries, from, from + size)); } catch (_) { break; }
      if (sentChars + json.length > limits.maxOutputChars) break;
      send(json);
      parts++;
      sentChars += json.length;
      from += size;
    }
    return serialize(from > 0 ? /** @type {Entry[]} */ (copyRange(entries, from, entries.length)) : entries, parts, sentChars);
  }

  /**
   * The answer per input event (replay asks for it):
   *   <header JSON>\n<outputs of event 0>\n<outputs of event 1>…
   * with the header {"c": [outputs per event], "e": [[errors] per event], "o": orphans, "l", "li",
   * "d"} (or {"f": fatal}) and each event's outputs one JSON array text (JSON.stringify never
   * writes a raw line feed, so the lines split without parsing). The rules are groupByEvent's
   * (protocol/grouped.ts): an entry's outputs go to the input whose index it carries, outputs
   * naming no input ("orphans", e.g. new events of transformBatch) go on one more line after the
   * events' (only when "o" > 0), and errors naming no input fail every input without a result.
   * @param {Entry[]} entries
   * @param {number} n
   */
  function answerGrouped(entries, n) {
    const maxChars = limits.maxOutputChars;
    const texts = new I.Array(n);
    const counts = new I.Array(n);
    const errors = new I.Array(n);
    for (let i = 0; i < n; i++) { texts[i] = ''; counts[i] = 0; errors[i] = []; }
    /** @type {string[]} */
    const batchErrors = [];
    let orphans = '';
    let orphanCount = 0;
    let chars = 0;
    /** @param {number} index @param {string} text */
    const addError = (index, text) => {
      if (index >= 0 && index < n) errors[index][errors[index].length] = text;
      else batchErrors[batchErrors.length] = text;
    };
    for (let k = 0; k < entries.length; k++) {
      const entry = entries[k];
      const index = entry[0];
      if (entry[1] !== 0) { addError(index, typeof entry[2] === 'string' ? entry[2] : I.String(entry[2])); continue; }
      let text;
      try { text = I.stringify(entry[2]); } catch (error) {
        addError(index, 'returned event could not be converted to JSON: ' + messageOf(error));
        continue;
      }
      // A toJSON can turn an object into anything: an output is an object once serialised.
      if (typeof text !== 'string' || I.charCodeAt(text, 0) !== 123) { addError(index, 'returned event from transformEvent(event) is not an object'); continue; }
      if (index < 0 || index >= n) {
        orphans = orphanCount === 0 ? text : orphans + ',' + text;
        orphanCount++;
      } else {
        texts[index] = counts[index] === 0 ? text : texts[index] + ',' + text;
        counts[index]++;
      }
      chars += text.length + 1;
      if (chars > maxChars) return I.stringify({ f: 'output-too-large' });
    }
    if (batchErrors.length > 0) {
      for (let i = 0; i < n; i++) if (counts[i] === 0 && errors[i].length === 0) errors[i] = batchErrors;
    }
    let out = I.stringify({ c: counts, e: errors, o: orphanCount, l: state.logs, li: state.logEvents, d: state.logsDropped });
    for (let i = 0; i < n; i++) out += '\n[' + texts[i] + ']';
    if (orphanCount > 0) out += '\n[' + orphans + ']';
    if (out.length > maxChars) return I.stringify({ f: 'output-too-large' });
    return out;
  }

  return { messageOf, stackOf, serialize, answerInParts, answerGrouped };
}
