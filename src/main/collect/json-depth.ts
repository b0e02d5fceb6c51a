import { MAX_JSON_DEPTH } from './limits';

/**
 * Whether a JSON text nests objects and arrays deeper than `limit`. JSON.parse takes any
 * depth, but every recursive step after it (JSON.stringify, copies into the sandbox, user
 * code) overflows the stack somewhere past a few thousand levels, so the event API refuses
 * such bodies up front. Texts shorter than 2 × limit cannot be that deep and are not scanned.
 */
export function nestedDeeperThan(text: string, limit: number): boolean {
  if (text.length <= 2 * limit) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) i = closingQuote(text, i);
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

/** The index of the quote that closes the string opened at `open` (the text's length if none). */
function closingQuote(text: string, open: number): number {
  let at = text.indexOf('"', open + 1);
  while (at !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === 92 /* \ */) backslashes++;
    if (backslashes % 2 === 0) return at;
    at = text.indexOf('"', at + 1);
  }
  return text.length;
}

/** Whether a parsed value nests objects and arrays deeper than `limit` (stops at the limit; walks without allocating). */
export function valueDeeperThan(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (limit <= 0) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (nested(value[i], limit - 1)) return true;
    return false;
  }
  for (const key in value) if (Object.hasOwn(value, key) && nested((value as Record<string, unknown>)[key], limit - 1)) return true;
  return false;
}

const nested = (child: unknown, limit: number) => child !== null && typeof child === 'object' && valueDeeperThan(child, limit);

/** The index of the first event nesting objects and arrays deeper than MAX_JSON_DEPTH, or -1. */
export const firstTooDeep = (events: readonly unknown[]): number => events.findIndex((event) => valueDeeperThan(event, MAX_JSON_DEPTH));

/** What a 400 says of a body's events[index] nested too deep. */
export const tooDeepMessage = (index: number) => `body: field "events.${index}" nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep`;
