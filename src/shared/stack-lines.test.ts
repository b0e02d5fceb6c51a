// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { firstTransformationFrame, parseStackLocations } from './stack-lines';

describe('parseStackLocations', () => {
  it('finds the user frame of the documented stack shape', () => {
    const text = 'Error: boom\n    at transformEvent (base transformation:2:8)';
    const [frame] = parseStackLocations(text);
    expect(frame).toMatchObject({ target: 'transformation', module: 'base transformation', line: 2, column: 8 });
    expect(text.slice(frame!.start, frame!.start + frame!.length)).toBe('base transformation:2:8');
  });

  it('uses the transformation name and recognises library frames', () => {
    const text = [
      'TypeError: Cannot read properties of undefined (reading \'x\')',
      '    at titleCase (library eventUtils:14:20)',
      '    at transformEvent (Mask PII:7:3)',
      '    at Array.map (<anonymous>)',
      '    at other (Some Other:1:1)',
    ].join('\n');
    const frames = parseStackLocations(text, 'Mask PII');
    expect(frames.map((f) => [f.target, f.module, f.line, f.column, f.importName])).toEqual([
      ['library', 'library eventUtils', 14, 20, 'eventUtils'],
      ['transformation', 'Mask PII', 7, 3, undefined],
    ]);
    expect(firstTransformationFrame(text, 'Mask PII')).toMatchObject({ line: 7, column: 3 });
  });

  it('reads frames without parentheses (top-level code)', () => {
    const frames = parseStackLocations('Error: x\n    at base transformation:5:1', undefined);
    expect(frames).toMatchObject([{ target: 'transformation', line: 5, column: 1 }]);
  });

  it('reads the bracketed location of a compile error', () => {
    const text = "SyntaxError: Unexpected token '}' [Split Orders:3:1]";
    const [frame] = parseStackLocations(text, 'Split Orders');
    expect(frame).toMatchObject({ target: 'transformation', line: 3, column: 1 });
    expect(text.slice(frame!.start, frame!.start + frame!.length)).toBe('Split Orders:3:1');
  });

  it('finds nothing in a message without frames', () => {
    expect(parseStackLocations('returned event from transformEvent(event) is not an object')).toEqual([]);
  });
});
