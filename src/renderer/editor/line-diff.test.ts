import { describe, expect, it } from 'vitest';
import { presentableDiff, type Change } from '@codemirror/merge';
import { lineFirstDiff } from './line-diff';

// The version diff never marks a line that is the same in both versions.

const A = `export function transformEvent(event, metadata) {
  if (event.type !== 'track') return event;
  event.properties = event.properties || {};
  return event;
}
`;
const B = `export function transformEvent(event, metadata) {
  if (event.type === 'identify') return null;
  if (event.type !== 'track') return event;
  event.context = event.context || {};
  event.properties = event.properties || {};
  event.properties.seen = true;
  return event;
}
`;

/** Lines of B (1-based) that some change's B side touches. */
function touchedLinesOfB(changes: readonly Change[]): number[] {
  const lineAt = (pos: number) => B.slice(0, pos).split('\n').length;
  const lines = new Set<number>();
  for (const c of changes) for (let p = c.fromB; p < c.toB; p++) lines.add(lineAt(p));
  return [...lines].sort((x, y) => x - y);
}

describe('lineFirstDiff', () => {
  it('marks only the inserted lines, never the identical line before one', () => {
    // @codemirror/merge's character diff puts the third insertion at the end of line 5, which is the same on both sides.
    expect(touchedLinesOfB(presentableDiff(A, B))).toContain(5);
    expect(touchedLinesOfB(presentableDiff(A, B, { override: lineFirstDiff }))).toEqual([2, 4, 6]);
  });

  it('finds the changed characters inside a changed line and applies cleanly', () => {
    const a = 'const a = 1;\nconst b = 2;\nreturn a + b;';
    const b = 'const a = 1;\nconst b = 3;\nreturn a + b;';
    const changes = lineFirstDiff(a, b);
    expect(changes.map((c) => [a.slice(c.fromA, c.toA), b.slice(c.fromB, c.toB)])).toEqual([['2', '3']]);
  });

  it('tells a last line without a newline from the same text with one', () => {
    const a = 'x';
    const b = 'x\ny';
    let out = '';
    let at = 0;
    for (const c of lineFirstDiff(a, b)) {
      out += a.slice(at, c.fromA) + b.slice(c.fromB, c.toB);
      at = c.toA;
    }
    expect(out + a.slice(at)).toBe(b);
  });
});
