import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { moveBreakpoints, moveLineMarks } from './move-breakpoints';

const DOC = ['export function transformEvent(event) {', '  const who = event.userId;', '  debugger;', '  return event;', '}'].join('\n');

/** Applies an edit to DOC and moves the breakpoints through it. */
function edit(lines: number[], change: (doc: string) => { from: number; to?: number; insert?: string }) {
  const state = EditorState.create({ doc: DOC });
  const tr = state.update({ changes: change(DOC) });
  return moveBreakpoints(lines, state.doc, tr.state.doc, tr.changes);
}

describe('moveBreakpoints', () => {
  it('moves a breakpoint down when a line is typed above it', () => {
    expect(edit([3], (doc) => ({ from: doc.indexOf('  const who'), insert: '  // a new line\n' }))).toEqual([4]);
  });
  it('moves it up when a line above it is deleted', () => {
    const from = DOC.indexOf('  const who');
    expect(edit([3, 4], () => ({ from, to: DOC.indexOf('  debugger') }))).toEqual([2, 3]);
  });
  it('keeps a breakpoint whose own line is edited, and one above the edit', () => {
    const at = DOC.indexOf('debugger') + 'debugger'.length;
    expect(edit([1, 3], () => ({ from: at, insert: ' // stop' }))).toEqual([1, 3]);
  });
  it('hands the breakpoint of a deleted line to the line that takes its place, once', () => {
    expect(edit([2, 3], () => ({ from: DOC.indexOf('  const who'), to: DOC.indexOf('  return') }))).toEqual([2]);
  });
  it('keeps the line numbers when the whole document is replaced (another version loaded)', () => {
    expect(edit([3, 4], (doc) => ({ from: 0, to: doc.length, insert: 'export function transformEvent(e) {\n  return e;\n}\n\n\n' }))).toEqual([3, 4]);
  });
  it('moves a breakpoint when Enter is pressed at the start of its line', () => {
    expect(edit([3], (doc) => ({ from: doc.indexOf('  debugger'), insert: '\n' }))).toEqual([4]);
  });
});

describe('moveLineMarks (coverage and heat marks)', () => {
  const marks = [{ line: 2, status: 'covered' }, { line: 3, status: 'not' }, { line: 4, status: 'covered' }];
  const move = (change: (doc: string) => { from: number; to?: number; insert?: string }) => {
    const state = EditorState.create({ doc: DOC });
    const tr = state.update({ changes: change(DOC) });
    return moveLineMarks(marks, state.doc, tr.state.doc, tr.changes);
  };
  it('moves every mark below a typed line, with what it carries', () => {
    expect(move((doc) => ({ from: doc.indexOf('  const who'), insert: '  // note\n' }))).toEqual([
      { line: 3, status: 'covered' },
      { line: 4, status: 'not' },
      { line: 5, status: 'covered' },
    ]);
  });
  it('a deleted line takes its mark with it: the line that takes its place keeps its own', () => {
    expect(move(() => ({ from: DOC.indexOf('  debugger'), to: DOC.indexOf('  return') }))).toEqual([
      { line: 2, status: 'covered' },
      { line: 3, status: 'covered' },
    ]);
  });
});
