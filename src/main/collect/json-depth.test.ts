import { describe, expect, it } from 'vitest';
import { nestedDeeperThan, valueDeeperThan } from './json-depth';

describe('nestedDeeperThan', () => {
  const nest = (levels: number) => `${'{"a":['.repeat(levels)}1${']}'.repeat(levels)}`;

  it('counts objects and arrays', () => {
    expect(nestedDeeperThan(nest(50), 100)).toBe(false);
    expect(nestedDeeperThan(nest(51), 100)).toBe(true);
    expect(nestedDeeperThan(`[${'['.repeat(100)}${']'.repeat(100)}]`, 100)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ s: `${'[{'.repeat(500)}\\"${'['.repeat(500)}`, t: '"[' });
    expect(nestedDeeperThan(text, 10)).toBe(false);
  });

  it('does not scan texts too short to be that deep', () => {
    expect(nestedDeeperThan('[[[[', 2)).toBe(false);
  });
});

describe('valueDeeperThan', () => {
  it('counts nesting of parsed values', () => {
    expect(valueDeeperThan({ a: [1] }, 2)).toBe(false);
    expect(valueDeeperThan({ a: [[1]] }, 2)).toBe(true);
    expect(valueDeeperThan('x', 0)).toBe(false);
  });
});

describe('nestedDeeperThan, strings', () => {
  it('ends a string at a quote after an even number of backslashes only', () => {
    const deep = '['.repeat(20);
    // "\\" ends the string: the brackets after it count.
    expect(nestedDeeperThan(`["\\\\",${deep}${' '.repeat(40)}`, 10)).toBe(true);
    // "\\\"[[[…" is one string: nothing in it counts.
    expect(nestedDeeperThan(`["\\\\\\"${deep}"]${' '.repeat(40)}`, 10)).toBe(false);
    // An unclosed string hides the rest.
    expect(nestedDeeperThan(`["${deep}${' '.repeat(40)}`, 10)).toBe(false);
  });
});
