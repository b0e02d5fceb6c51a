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

  it('keeps untraceable batch outputs and errors apart instead of guessing', () => {
    const run = correlateResults([a, b], [{ type: 'track', event: 'Summary' }, { error: 'batch failed' }], 'batch');
    expect(run.outcomes.map((o) => o.status)).toEqual(['dropped', 'dropped']);
    expect(run.unmatched).toHaveLength(2);
    expect(run.summary).toMatchObject({ out: 1, errors: 1, dropped: 2 });
  });
});
