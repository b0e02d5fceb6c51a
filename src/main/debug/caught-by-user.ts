import { parseModule, visitNodes, type JsNode as Node } from './js-tree';

/** Character ranges of the `try` blocks that have a `catch` clause, per source (parsed once). */
const rangesCache = new Map<string, [number, number][]>();

function tryRanges(source: string): [number, number][] {
  const known = rangesCache.get(source);
  if (known) return known;
  const ranges: [number, number][] = [];
  const program = parseModule(source); // code that does not parse has no try blocks we can see
  if (program) {
    visitNodes(program, (n) => {
      if (n.type !== 'TryStatement' || !n.handler) return;
      const block = n.block as Node;
      ranges.push([block.start, block.end]);
    });
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
