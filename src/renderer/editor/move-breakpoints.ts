import type { ChangeSet, Text } from '@codemirror/state';

/**
 * Where a 1-based line of `before` is in `after`: it follows the start of its line through the
 * changes, so a line typed above it moves it down and its line's text keeps it. A deleted line
 * goes to the line that takes its place. A change of the whole document (another version loaded,
 * a format) keeps the line numbers: there is nothing to follow. Undefined: not a line of `before`.
 */
export function lineMover(before: Text, after: Text, changes: ChangeSet): (line: number) => number | undefined {
  let whole = false;
  changes.iterChangedRanges((fromA, toA) => {
    if (fromA === 0 && toA === before.length && before.length > 0) whole = true;
  });
  if (changes.empty || whole) return (line) => line;
  return (line) => (line >= 1 && line <= before.lines ? after.lineAt(changes.mapPos(before.line(line).from, 1)).number : undefined);
}

/** Breakpoint lines (1-based) after an edit: each follows its line (lineMover); sorted, no line twice. */
export function moveBreakpoints(lines: readonly number[], before: Text, after: Text, changes: ChangeSet): number[] {
  if (lines.length === 0) return [];
  const move = lineMover(before, after, changes);
  const moved = lines.flatMap((line) => move(line) ?? []);
  return [...new Set(moved)].sort((a, b) => a - b);
}

/**
 * Marks of lines (coverage, profile heat) after an edit: each follows its line; when a deleted
 * line's mark lands on the line that takes its place, that line keeps its own mark.
 */
export function moveLineMarks<T extends { line: number }>(marks: readonly T[], before: Text, after: Text, changes: ChangeSet): T[] {
  const move = lineMover(before, after, changes);
  const byLine = new Map<number, T>();
  for (const mark of [...marks].sort((a, b) => a.line - b.line)) {
    const line = move(mark.line);
    if (line !== undefined) byLine.set(line, { ...mark, line });
  }
  return [...byLine.values()];
}
