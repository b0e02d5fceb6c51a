// What the debug process relays from V8's inspector to the core is bounded in size, as DevTools
// bounds what it shows: an answer larger than MAX_ANSWER_CHARS (an evaluation returning 100 MB by
// value) is refused with a sentence, and a notification's long strings (a 200 KB
// `//# sourceURL=`, a thrown 50 MB message) are cut to MAX_STRING_CHARS. Before, 8 evaluations of
// 100 MB each took the core from 555 MB to 1,222 MB (issue #39).

/** Largest inspector answer relayed (characters of its JSON). */
export const MAX_ANSWER_CHARS = 1024 * 1024;
/** Longest string inside a relayed notification. */
export const MAX_STRING_CHARS = 10_000;

const MB = 1024 * 1024;

/** Why an answer of `chars` characters is not relayed. */
export const answerTooLarge = (chars: number, max = MAX_ANSWER_CHARS) =>
  `the answer is ${(chars / MB).toFixed(1)} MB, more than the ${max / MB} MB the debugger relays: inspect the value by reference (returnByValue: false) or a part of it`;

/** A string cut to `max` characters, saying how long it was. */
const cut = (text: string, max: number) => `${text.slice(0, max)}…(${text.length} characters, cut)`;

/** A notification's params with every string longer than MAX_STRING_CHARS cut (only walked when the message is large). */
export function boundedParams(params: unknown, messageChars: number): unknown {
  if (messageChars <= MAX_STRING_CHARS) return params;
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return value.length > MAX_STRING_CHARS ? cut(value, MAX_STRING_CHARS) : value;
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, walk(inner)]));
    return value;
  };
  return walk(params);
}
