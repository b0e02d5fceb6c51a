import { describe, expect, it } from 'vitest';
import { classify, sideOutcome } from './outcome';

const out = (...events: Record<string, unknown>[]) => sideOutcome(JSON.stringify(events), events.length, null);
const failed = (message: string) => sideOutcome('[]', 0, message);
const e = { type: 'track', event: 'E' };

describe('classify: one kind per event, every case its own', () => {
  it.each([
    ['unchanged', out(e), out({ event: 'E', type: 'track' })],
    ['unchanged', out(), out()],
    ['changed', out(e), out({ ...e, x: 1 })],
    ['dropped', out(e), out()],
    ['newlyKept', out(), out(e)],
    ['split', out(e), out(e, e)],
    ['split', out(e, e), out(e)],
    ['split', out(e, e), out(e, e, e)],
    ['newlyFailing', out(e), failed('boom')],
    ['fixed', failed('boom'), out(e)],
    ['stillFailing', failed('boom'), failed('bang')],
  ])('%s', (kind, a, b) => {
    expect(classify(a, b)).toBe(kind);
  });
});
