import { Change, diff } from '@codemirror/merge';

// Versions are compared line by line first: a line the same on both sides is never part of a
// change, so the diff never underlines identical lines (a character-level diff of the whole text
// matched characters of an inserted block against unchanged lines). Within each block of changed
// lines, the characters that changed are found with @codemirror/merge's own diff.

/** Lines of `text` with their start offsets; the last one (no newline after it) is told apart. */
function linesOf(text: string): { keys: string[]; starts: number[] } {
  const parts = text.split('\n');
  const starts: number[] = [];
  let at = 0;
  for (const part of parts) {
    starts.push(at);
    at += part.length + 1;
  }
  const keys = parts.map((p, i) => (i === parts.length - 1 ? `${p}\u0000end` : p));
  return { keys, starts };
}

/** Each distinct line as one character (outside the surrogate range), the same line the same character on both sides. */
function encode(keys: string[], codes: Map<string, string>): string | undefined {
  let out = '';
  for (const key of keys) {
    let code = codes.get(key);
    if (code === undefined) {
      const n = 0x100 + codes.size;
      if (n >= 0xd800) return undefined;
      code = String.fromCharCode(n);
      codes.set(key, code);
    }
    out += code;
  }
  return out;
}

/** A diff whose changes never cover a line that is the same on both sides. */
export function lineFirstDiff(a: string, b: string): readonly Change[] {
  const la = linesOf(a);
  const lb = linesOf(b);
  const codes = new Map<string, string>();
  const ea = encode(la.keys, codes);
  const eb = ea === undefined ? undefined : encode(lb.keys, codes);
  if (ea === undefined || eb === undefined) return diff(a, b);
  const offset = (starts: number[], text: string, line: number) => (line < starts.length ? starts[line]! : text.length);
  const changes: Change[] = [];
  for (const block of diff(ea, eb)) {
    const fromA = offset(la.starts, a, block.fromA);
    const toA = offset(la.starts, a, block.toA);
    const fromB = offset(lb.starts, b, block.fromB);
    const toB = offset(lb.starts, b, block.toB);
    for (const c of diff(a.slice(fromA, toA), b.slice(fromB, toB))) {
      changes.push(new Change(fromA + c.fromA, fromA + c.toA, fromB + c.fromB, fromB + c.toB));
    }
  }
  return changes;
}
