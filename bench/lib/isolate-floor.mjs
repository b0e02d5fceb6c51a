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
