// The isolate's answer per input event (replay asks for it): instead of one JSON document of
// entries that the sandbox process would parse and re-serialise per event, the isolate writes
//   <header JSON>\n<outputs of event 0>\n<outputs of event 1>…
// where the header is {"c": [outputs per event], "e": [[errors] per event], "l", "li", "d"} (or
// {"f": fatal}) and each event's outputs are one JSON array text. JSON.stringify never writes a
// raw line feed, so the lines split without parsing. Grouping rules are those of groupRunAnswer
// (per-event.ts) for inputs whose messageIds are all different: an entry's outputs go to the
// input it names, orphans are left out, and errors naming no input fail every input that has no
// result. Only the bootstrap closure's own intrinsics are used (user code can replace the
// realm's Array and String methods, not these).

/** Isolate-side source; runs inside the bootstrap closure (`stringify`, `state`, `messageOf` in scope). */
export const groupedAnswerSource = /* js */ `
function serializeGrouped(entries, n, maxChars) {
  const texts = new Array(n);
  const counts = new Array(n);
  const errors = new Array(n);
  for (let i = 0; i < n; i++) { texts[i] = ''; counts[i] = 0; errors[i] = []; }
  const batchErrors = [];
  let chars = 0;
  const addError = (index, text) => {
    if (index >= 0 && index < n) errors[index][errors[index].length] = text;
    else batchErrors[batchErrors.length] = text;
  };
  for (let k = 0; k < entries.length; k++) {
    const entry = entries[k];
    const index = entry[0];
    if (entry[1] !== 0) { addError(index, typeof entry[2] === 'string' ? entry[2] : String(entry[2])); continue; }
    let text;
    try { text = stringify(entry[2]); } catch (error) {
      addError(index, 'returned event could not be converted to JSON: ' + messageOf(error));
      continue;
    }
    // A toJSON can turn an object into anything: an output is an object once serialised.
    if (typeof text !== 'string' || text.charCodeAt(0) !== 123) { addError(index, 'returned event from transformEvent(event) is not an object'); continue; }
    if (index < 0 || index >= n) continue;
    texts[index] = counts[index] === 0 ? text : texts[index] + ',' + text;
    counts[index]++;
    chars += text.length + 1;
    if (chars > maxChars) return stringify({ f: 'output-too-large' });
  }
  if (batchErrors.length > 0) {
    for (let i = 0; i < n; i++) if (counts[i] === 0 && errors[i].length === 0) errors[i] = batchErrors;
  }
  let out = stringify({ c: counts, e: errors, l: state.logs, li: state.logEvents, d: state.logsDropped });
  for (let i = 0; i < n; i++) out += '\\n[' + texts[i] + ']';
  if (out.length > maxChars) return stringify({ f: 'output-too-large' });
  return out;
}
`;
