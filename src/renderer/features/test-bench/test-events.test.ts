// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { benchRowOf, parseTestEvents } from './test-events';

describe('parseTestEvents', () => {
  it('accepts an array of objects', () => {
    expect(parseTestEvents('[{"type":"track"}]')).toEqual({ ok: true, events: [{ type: 'track' }] });
    expect(parseTestEvents('[]')).toEqual({ ok: true, events: [] });
  });

  it('points at the position of a JSON syntax error', () => {
    const text = '[\n  {"type": "track",}\n]';
    const parsed = parseTestEvents(text);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.message).toMatch(/^Invalid JSON: /);
    expect(text[parsed.from]).toBe('}');
  });

  it('says what to fix for the wrong shape', () => {
    const single = parseTestEvents('{"type":"track"}');
    expect(!single.ok && single.message).toContain('this is an object. Wrap it in [ ]');
    const element = parseTestEvents('[{"a":1}, "x"]');
    expect(!element.ok && element.message).toBe('Event #2 is a string; every test event must be an object.');
    const empty = parseTestEvents('  ');
    expect(!empty.ok && empty.message).toContain('Add test events');
  });
});

describe('benchRowOf', () => {
  const bench = [{ type: 'track', messageId: 'a' }, { type: 'identify', userId: 'u2' }, { type: 'track', messageId: 'c' }];
  it('finds the row by messageId, else by equal JSON; 1-based as the rows are numbered', () => {
    expect(benchRowOf(bench, { type: 'track', messageId: 'c', properties: { changed: true } })).toBe(3);
    expect(benchRowOf(bench, { type: 'identify', userId: 'u2' })).toBe(2);
    expect(benchRowOf(bench, { type: 'identify', userId: 'u3' })).toBeUndefined();
    expect(benchRowOf(bench, { type: 'track', messageId: 'zz' })).toBeUndefined();
  });
});
