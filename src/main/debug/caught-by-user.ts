import { parse } from 'acorn';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** Character ranges of the `try` blocks that have a `catch` clause, per source (parsed once). */
const rangesCache = new Map<string, [number, number][]>();

function tryRanges(source: string): [number, number][] {
  const known = rangesCache.get(source);
  if (known) return known;
  const ranges: [number, number][] = [];
  try {
    const program = parse(source, { ecmaVersion: 'latest', sourceType: 'module', allowAwaitOutsideFunction: true, allowHashBang: true }) as unknown as Node;
    const visit = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) return node.forEach(visit);
      const n = node as Node;
      if (typeof n.type !== 'string') return;
      if (n.type === 'TryStatement' && n.handler) {
        const block = n.block as Node;
        ranges.push([block.start, block.end]);
      }
      for (const [key, value] of Object.entries(n)) if (key !== 'type' && key !== 'start' && key !== 'end') visit(value);
    };
    visit(program);
  } catch {
    // code that does not parse has no try blocks we can see
  }
  if (rangesCache.size > 16) rangesCache.delete(rangesCache.keys().next().value!);
  rangesCache.set(source, ranges);
  return ranges;
}

/** Offset of a 0-based line and column in a source. */
function offsetOf(source: string, line: number, column: number): number {
  let offset = 0;
  for (let i = 0; i < line; i++) {
    const next = source.indexOf('\n', offset);
    if (next < 0) return source.length;
    offset = next + 1;
  }
  return offset + column;
}

export interface FrameLocation {
  /** The frame's script source, undefined for a runtime frame. */
  source: string | undefined;
  lineNumber: number;
  columnNumber: number;
}

/**
 * Whether an exception thrown with these frames on the stack (top first) is caught by the user's
 * own code: some user frame, above the first runtime frame, sits inside a `try` block with a
 * `catch`. The sandbox runtime catches every error of user code (a per-event error), so for V8
 * every exception is caught; "pause on uncaught exceptions" means not caught by user code, and is
 * decided here from the sources (a `.catch()` on a promise is not seen: such exceptions pause).
 */
export function caughtByUser(frames: FrameLocation[]): boolean {
  for (const frame of frames) {
    if (frame.source === undefined) return false;
    const at = offsetOf(frame.source, frame.lineNumber, frame.columnNumber);
    if (tryRanges(frame.source).some(([start, end]) => at > start && at < end)) return true;
  }
  return false;
}
