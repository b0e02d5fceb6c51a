/** A frame of a sandbox stack trace that points into user code. */
export interface StackLocation {
  /** The transformation being tested, or a library. */
  target: 'transformation' | 'library';
  /** The module's name as the stack shows it (transformation name, "base transformation", "library x"). */
  module: string;
  /** Set for library frames. */
  importName?: string;
  line: number;
  column: number;
  /** Offset and length of the "module:line:col" text inside the message, for linking. */
  start: number;
  length: number;
}

// "(module:line:col)" in a frame, "at module:line:col" (top-level code), "[module:line:col]" (compile errors).
const FRAME = /\(([^()\n]+?):(\d+):(\d+)\)|\bat ([^\s()][^()\n]*?):(\d+):(\d+)\s*$|\[([^[\]\n]+?):(\d+):(\d+)\]/gm;

/**
 * Frames of an error text that point into the transformation (named `transformationName` or
 * "base transformation") or a library ("library <importName>"), in order. Other frames
 * (host code, anonymous evals) are ignored.
 */
export function parseStackLocations(text: string, transformationName?: string): StackLocation[] {
  const result: StackLocation[] = [];
  for (const match of text.matchAll(FRAME)) {
    const module = (match[1] ?? match[4] ?? match[7])!.trim();
    const line = Number(match[2] ?? match[5] ?? match[8]);
    const column = Number(match[3] ?? match[6] ?? match[9]);
    const located = match[0].indexOf(module);
    const start = match.index! + located;
    const length = match[0].slice(located).replace(/[)\]]?\s*$/, '').length;
    const library = /^library (\S+)$/.exec(module);
    if (library) result.push({ target: 'library', module, importName: library[1]!, line, column, start, length });
    else if (module === 'base transformation' || (transformationName !== undefined && module === transformationName)) {
      result.push({ target: 'transformation', module, line, column, start, length });
    }
  }
  return result;
}

/** The first frame in the transformation itself (what a click should jump to). */
export function firstTransformationFrame(text: string, transformationName?: string): StackLocation | undefined {
  return parseStackLocations(text, transformationName).find((l) => l.target === 'transformation');
}

/** The first frame in user code, the transformation's or a library's (where it threw). */
export function firstUserFrame(text: string, transformationName?: string): StackLocation | undefined {
  return parseStackLocations(text, transformationName)[0];
}
