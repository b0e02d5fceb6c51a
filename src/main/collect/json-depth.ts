/**
 * Whether a JSON text nests objects and arrays deeper than `limit`. JSON.parse takes any
 * depth, but every recursive step after it (JSON.stringify, copies into the sandbox, user
 * code) overflows the stack somewhere past a few thousand levels, so the event API refuses
 * such bodies up front. Texts shorter than 2 × limit cannot be that deep and are not scanned.
 */
export function nestedDeeperThan(text: string, limit: number): boolean {
  if (text.length <= 2 * limit) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

/** Whether a parsed value nests objects and arrays deeper than `limit` (stops at the limit). */
export function valueDeeperThan(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (limit <= 0) return true;
  for (const child of Array.isArray(value) ? value : Object.values(value)) if (valueDeeperThan(child, limit - 1)) return true;
  return false;
}
