import type { ChangeSet, Text } from '@codemirror/state';

/**
 * Breakpoint lines (1-based) after an edit: each follows the start of its line through the
 * changes, so a line typed above a breakpoint moves it down and its line's text keeps it. A line
 * deleted with its breakpoint hands it to the line that takes its place. A change of the whole
 * document (another version loaded, a format) keeps the line numbers: there is nothing to follow.
 */
export function moveBreakpoints(lines: readonly number[], before: Text, after: Text, changes: ChangeSet): number[] {
  if (lines.length === 0 || changes.empty) return [...lines];
  let whole = false;
  changes.iterChangedRanges((fromA, toA) => {
    if (fromA === 0 && toA === before.length && before.length > 0) whole = true;
  });
  if (whole) return [...lines];
  const moved = lines.filter((line) => line >= 1 && line <= before.lines).map((line) => after.lineAt(changes.mapPos(before.line(line).from, 1)).number);
  return [...new Set(moved)].sort((a, b) => a - b);
}
