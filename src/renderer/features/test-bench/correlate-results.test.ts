// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { correlateResults, normaliseItem } from './correlate-results';

const a = { type: 'track', messageId: 'm-a', event: 'A' };
const b = { type: 'track', messageId: 'm-b', event: 'B' };
const c = { type: 'alias', messageId: 'm-c' };

describe('normaliseItem', () => {
  it('tells events, errors and wrapped sandbox results apart', () => {
    expect(normaliseItem(a)).toEqual({ output: a, sourceMessageId: undefined });
    expect(normaliseItem({ error: 'boom' })).toEqual({ error: 'boom', sourceMessageId: undefined });
    expect(normaliseItem({ error: 'boom', messageId: 'm-b' })).toEqual({ error: 'boom', sourceMessageId: 'm-b' });
    expect(normaliseItem({ output: a, metadata: { messageId: 'm-a' }, statusCode: 200 })).toEqual({ output: a, sourceMessageId: 'm-a' });
    expect(normaliseItem({ error: 'x', metadata: { messageId: 'm-c' }, statusCode: 400 })).toEqual({ error: 'x', sourceMessageId: 'm-c' });
  });

  it('reads the test API error shape {error, metadata: {messageId}}; a bare event\'s own metadata field is not a source', () => {
    expect(normaliseItem({ error: 'Error: x', metadata: { messageId: 'm-b' } })).toEqual({ error: 'Error: x', sourceMessageId: 'm-b' });
    expect(normaliseItem({ error: 'Error: x', metadata: {} })).toEqual({ error: 'Error: x', sourceMessageId: undefined });
    const userEvent = { ...a, metadata: { messageId: 'm-c' } };
    expect(normaliseItem(userEvent)).toEqual({ output: userEvent, sourceMessageId: undefined });
  });
});

describe('correlateResults', () => {
  it('marks unchanged, changed, dropped and counts', () => {
    const run = correlateResults([a, b, c], [a, { ...b, event: 'B2' }]);
    expect(run.outcomes.map((o) => o.status)).toEqual(['unchanged', 'changed', 'dropped']);
    expect(run.summary).toEqual({ in: 3, out: 2, dropped: 1, errors: 0, changed: 1, split: 0 });
  });

  it('traces split outputs by messageId prefix', () => {
    const parts = [{ ...b, messageId: 'm-b-0' }, { ...b, messageId: 'm-b-1' }];
    const run = correlateResults([a, b], [a, ...parts]);
    expect(run.outcomes[1]).toMatchObject({ status: 'split', outputs: parts });
    expect(run.summary.out).toBe(3);
  });

  it('places errors without a messageId by order, and exactly when the server names the event', () => {
    const byOrder = correlateResults([a, b, c], [a, { error: 'boom' }, c]);
    expect(byOrder.outcomes.map((o) => o.status)).toEqual(['unchanged', 'error', 'unchanged']);
    const exact = correlateResults([a, b, c], [a, { error: 'boom', messageId: 'm-c' }]);
    expect(exact.outcomes.map((o) => o.status)).toEqual(['unchanged', 'dropped', 'error']);
    expect(exact.summary.errors).toBe(1);
  });

  it('places an error by its metadata.messageId after a dropped event; without it, the order guess takes the dropped one', () => {
    // a is dropped, b fails, c passes: the test API answers [error of b, c].
    const exact = correlateResults([a, b, c], [{ error: 'Error: b', metadata: { messageId: 'm-b' } }, c]);
    expect(exact.outcomes.map((o) => o.status)).toEqual(['dropped', 'error', 'unchanged']);
    expect(exact.outcomes[1]!.errors).toEqual(['Error: b']);
    expect(exact.unmatched).toEqual([]);
    expect(exact.summary).toMatchObject({ in: 3, out: 1, dropped: 1, errors: 1 });
    // Without an id only the order is left, and it guesses the first untraced input.
    const guessed = correlateResults([a, b, c], [{ error: 'Error: b' }, c]);
    expect(guessed.outcomes.map((o) => o.status)).toEqual(['error', 'dropped', 'unchanged']);
  });

  it('falls back to order only for errors that name no input', () => {
    const noId = { type: 'track', event: 'No id' };
    // b fails (named), then the event without a messageId fails (unnamed): the guess starts after b.
    const run = correlateResults([a, b, noId], [{ error: 'Error: b', metadata: { messageId: 'm-b' } }, { error: 'Error: no id' }]);
    expect(run.outcomes.map((o) => o.errors)).toEqual([[], ['Error: b'], ['Error: no id']]);
    // An id that names no input is treated as absent.
    const unknown = correlateResults([a, b], [{ error: 'Error: ?', metadata: { messageId: 'm-zzz' } }, b]);
    expect(unknown.outcomes.map((o) => o.status)).toEqual(['error', 'unchanged']);
  });

  it('gives each of several inputs with the same messageId its own result, in order', () => {
    const same = [{ ...a, n: 1 }, { ...a, n: 2 }, { ...a, n: 3 }];
    const errors = correlateResults(same, same.map((e) => ({ error: `Error: ${e.n}`, metadata: { messageId: 'm-a' } })));
    expect(errors.outcomes.map((o) => o.errors)).toEqual([['Error: 1'], ['Error: 2'], ['Error: 3']]);
    const outputs = correlateResults(same, same);
    expect(outputs.outcomes.map((o) => o.status)).toEqual(['unchanged', 'unchanged', 'unchanged']);
  });

  it('keeps untraceable batch outputs and errors apart instead of guessing', () => {
    const run = correlateResults([a, b], [{ type: 'track', event: 'Summary' }, { error: 'batch failed' }], 'batch');
    expect(run.outcomes.map((o) => o.status)).toEqual(['dropped', 'dropped']);
    expect(run.unmatched).toHaveLength(2);
    expect(run.summary).toMatchObject({ out: 1, errors: 1, dropped: 2 });
  });

  it('with the studio\'s input indexes, puts each item with its input and guesses nothing', () => {
    // Two inputs share a messageId; only the second one's output comes back, changed, with its
    // messageId rewritten. The guess would give it to the first input (same id, first in order).
    const first = { ...a, event: 'first' };
    const second = { ...a, event: 'second' };
    const out = { ...second, messageId: 'm-a', event: 'second!' };
    const guessed = correlateResults([first, second], [out]);
    expect(guessed.outcomes.map((o) => o.status)).toEqual(['changed', 'dropped']);
    const run = correlateResults([first, second], [out], 'event', [1]);
    expect(run.outcomes.map((o) => o.status)).toEqual(['dropped', 'changed']);
    expect(run.outcomes[1]!.outputs).toEqual([out]);
  });

  it('with input indexes, an item from no input (-1) stays unmatched, in event mode too; errors go to their input', () => {
    const fresh = { type: 'track', event: 'new' };
    const run = correlateResults([a, b], [{ error: 'boom' }, fresh, b], 'event', [0, -1, 1]);
    expect(run.outcomes.map((o) => o.status)).toEqual(['error', 'unchanged']);
    expect(run.outcomes[0]!.errors).toEqual(['boom']);
    expect(run.unmatched).toEqual([{ output: fresh, sourceMessageId: undefined }]);
    expect(run.summary).toMatchObject({ in: 2, out: 2, errors: 1 });
  });

  it('indexes that do not fit the items (not one per item) are not used', () => {
    const run = correlateResults([a, b], [a, b], 'event', [1]);
    expect(run.outcomes.map((o) => o.outputs)).toEqual([[a], [b]]);
  });
});
