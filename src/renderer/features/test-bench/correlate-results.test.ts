// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { correlateResults, normaliseItem } from './correlate-results';

const a = { type: 'track', messageId: 'm-a', event: 'A' };
const b = { type: 'track', messageId: 'm-b', event: 'B' };
const c = { type: 'alias', messageId: 'm-c' };

describe('normaliseItem', () => {
  it('tells events, errors and wrapped sandbox results apart; a bare event\'s own metadata field is the user\'s', () => {
    expect(normaliseItem(a)).toEqual({ output: a });
    expect(normaliseItem({ error: 'boom' })).toEqual({ error: 'boom' });
    expect(normaliseItem({ output: a, metadata: { messageId: 'm-a' }, statusCode: 200 })).toEqual({ output: a });
    expect(normaliseItem({ error: 'x', metadata: { messageId: 'm-c' }, statusCode: 400 })).toEqual({ error: 'x' });
    const userEvent = { ...a, metadata: { messageId: 'm-c' } };
    expect(normaliseItem(userEvent)).toEqual({ output: userEvent });
  });
});

describe('correlateResults: each result with the input the core names', () => {
  it('marks unchanged, changed, dropped, split and error, and counts', () => {
    const parts = [{ ...c, messageId: 'm-c-0' }, { ...c, messageId: 'm-c-1' }];
    const run = correlateResults([a, b, c, { ...a, messageId: 'm-d' }], [a, { ...b, event: 'B2' }, ...parts, { error: 'boom' }], [0, 1, 2, 2, 3]);
    expect(run.outcomes.map((o) => o.status)).toEqual(['unchanged', 'changed', 'split', 'error']);
    expect(run.summary).toEqual({ in: 4, out: 4, dropped: 0, errors: 1, changed: 1, split: 1 });
    const dropped = correlateResults([a, b], [b], [1]);
    expect(dropped.outcomes.map((o) => o.status)).toEqual(['dropped', 'unchanged']);
  });

  it('two inputs sharing a messageId: the output goes to the input its index names, whatever its messageId says', () => {
    const first = { ...a, event: 'first' };
    const second = { ...a, event: 'second' };
    const out = { ...second, messageId: 'm-a', event: 'second!' };
    const run = correlateResults([first, second], [out], [1]);
    expect(run.outcomes.map((o) => o.status)).toEqual(['dropped', 'changed']);
    expect(run.outcomes[1]!.outputs).toEqual([out]);
  });

  it('an item from no input (-1) stays unmatched; errors go to their input', () => {
    const fresh = { type: 'track', event: 'new' };
    const run = correlateResults([a, b], [{ error: 'boom' }, fresh, b], [0, -1, 1]);
    expect(run.outcomes.map((o) => o.status)).toEqual(['error', 'unchanged']);
    expect(run.outcomes[0]!.errors).toEqual(['boom']);
    expect(run.unmatched).toEqual([{ output: fresh }]);
    expect(run.summary).toMatchObject({ in: 2, out: 2, errors: 1 });
  });

  it('indexes that do not fit the items are a bug reported as an error, never guessed around', () => {
    expect(() => correlateResults([a, b], [a, b], [1])).toThrow(/does not say which input each result came from \(2 results, 1 input indexes\)\. This is a bug of the studio/);
    expect(() => correlateResults([a, b], [a, b], undefined)).toThrow(/\(2 results, no input indexes\)/);
    expect(() => correlateResults([a, b], [a], [2])).toThrow(/\(input index 2 with 2 inputs\)/);
  });
});
