// Byte sizes of the entries of a /v1/batch body, read from the raw bytes (the limit is on
// each call as sent), without serialising every entry again. The body is known to be valid
// JSON (JSON.parse accepted it) when this runs.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isSpace = (b: number | undefined) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/** Index just after the string that starts at `i` (an opening quote). */
function skipString(buf: Buffer, i: number): number {
  let from = i + 1;
  for (;;) {
    const q = buf.indexOf(QUOTE, from);
    if (q < 0) return buf.length;
    let k = q - 1;
    let backslashes = 0;
    while (buf[k] === BACKSLASH) {
      backslashes++;
      k--;
    }
    if (backslashes % 2 === 0) return q + 1;
    from = q + 1;
  }
}

const skipSpace = (buf: Buffer, i: number) => {
  while (isSpace(buf[i])) i++;
  return i;
};

/** Index just after the value that starts at `i`. */
function skipValue(buf: Buffer, i: number): number {
  const first = buf[i];
  if (first === QUOTE) return skipString(buf, i);
  if (first === 0x7b || first === 0x5b) {
    let depth = 0;
    for (let j = i; j < buf.length; j++) {
      const b = buf[j];
      if (b === QUOTE) j = skipString(buf, j) - 1;
      else if (b === 0x7b || b === 0x5b) depth++;
      else if (b === 0x7d || b === 0x5d) {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    return buf.length;
  }
  let j = i;
  while (j < buf.length && buf[j] !== 0x2c && buf[j] !== 0x7d && buf[j] !== 0x5d && !isSpace(buf[j])) j++;
  return j;
}

const keyText = (buf: Buffer, start: number, end: number): string => {
  const raw = buf.toString('utf8', start, end);
  return raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
};

/**
 * Sizes in bytes of the entries of the top-level "batch" array (the last "batch" key wins,
 * as in JSON.parse), or undefined when the body does not have that shape.
 */
export function batchEntrySizes(buf: Buffer): number[] | undefined {
  let i = skipSpace(buf, 0);
  if (buf[i] !== 0x7b) return undefined;
  i = skipSpace(buf, i + 1);
  let batch: [number, number] | undefined;
  while (i < buf.length && buf[i] !== 0x7d) {
    if (buf[i] !== QUOTE) return undefined;
    const keyEnd = skipString(buf, i);
    const key = keyText(buf, i, keyEnd);
    i = skipSpace(buf, keyEnd);
    if (buf[i] !== 0x3a) return undefined;
    i = skipSpace(buf, i + 1);
    const valueEnd = skipValue(buf, i);
    if (key === 'batch') batch = [i, valueEnd];
    i = skipSpace(buf, valueEnd);
    if (buf[i] === 0x2c) i = skipSpace(buf, i + 1);
  }
  if (!batch || buf[batch[0]] !== 0x5b) return undefined;
  const sizes: number[] = [];
  let j = skipSpace(buf, batch[0] + 1);
  while (j < batch[1] && buf[j] !== 0x5d) {
    const end = skipValue(buf, j);
    sizes.push(end - j);
    j = skipSpace(buf, end);
    if (buf[j] === 0x2c) j = skipSpace(buf, j + 1);
  }
  return sizes;
}
