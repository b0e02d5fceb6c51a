// Where each entry of a /v1/batch body is in the raw text: for the 32 KB limit per call (on
// the call as sent) and to store each enriched event by extending its raw text instead of
// serialising it again (see enrich.ts). The body is known to be valid JSON (JSON.parse
// accepted it) when this runs.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** Index just after the string that starts at `i` (an opening quote). */
function skipString(text: string, i: number): number {
  let from = i + 1;
  for (;;) {
    const q = text.indexOf('"', from);
    if (q < 0) return text.length;
    let k = q - 1;
    let backslashes = 0;
    while (text.charCodeAt(k) === BACKSLASH) {
      backslashes++;
      k--;
    }
    if (backslashes % 2 === 0) return q + 1;
    from = q + 1;
  }
}

const skipSpace = (text: string, i: number) => {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
};

/** Index just after the value that starts at `i`. */
function skipValue(text: string, i: number): number {
  const first = text.charCodeAt(i);
  if (first === QUOTE) return skipString(text, i);
  if (first === 0x7b || first === 0x5b) {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const c = text.charCodeAt(j);
      if (c === QUOTE) j = skipString(text, j) - 1;
      else if (c === 0x7b || c === 0x5b) depth++;
      else if (c === 0x7d || c === 0x5d) {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    return text.length;
  }
  let j = i;
  for (; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 0x2c || c === 0x7d || c === 0x5d || isSpace(c)) break;
  }
  return j;
}

const keyText = (text: string, start: number, end: number): string => {
  const raw = text.slice(start, end);
  return raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
};

/**
 * [start, end) of each entry of the top-level "batch" array, as string indexes (the last
 * "batch" key wins, as in JSON.parse), or undefined when the body does not have that shape.
 */
export function batchEntrySpans(text: string): [number, number][] | undefined {
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== 0x7b) return undefined;
  i = skipSpace(text, i + 1);
  let batch: [number, number] | undefined;
  while (i < text.length && text.charCodeAt(i) !== 0x7d) {
    if (text.charCodeAt(i) !== QUOTE) return undefined;
    const keyEnd = skipString(text, i);
    const key = keyText(text, i, keyEnd);
    i = skipSpace(text, keyEnd);
    if (text.charCodeAt(i) !== 0x3a) return undefined;
    i = skipSpace(text, i + 1);
    const valueEnd = skipValue(text, i);
    if (key === 'batch') batch = [i, valueEnd];
    i = skipSpace(text, valueEnd);
    if (text.charCodeAt(i) === 0x2c) i = skipSpace(text, i + 1);
  }
  if (!batch || text.charCodeAt(batch[0]) !== 0x5b) return undefined;
  const spans: [number, number][] = [];
  let j = skipSpace(text, batch[0] + 1);
  while (j < batch[1] && text.charCodeAt(j) !== 0x5d) {
    const end = skipValue(text, j);
    spans.push([j, end]);
    j = skipSpace(text, end);
    if (text.charCodeAt(j) === 0x2c) j = skipSpace(text, j + 1);
  }
  return spans;
}

/** UTF-8 size of text[start, end) when it is more than `limit` bytes, else undefined (cheap: a UTF-16 unit is at most 3 bytes). */
export function bytesOver(text: string, start: number, end: number, limit: number): number | undefined {
  if ((end - start) * 3 <= limit) return undefined;
  const size = Buffer.byteLength(text.slice(start, end));
  return size > limit ? size : undefined;
}
