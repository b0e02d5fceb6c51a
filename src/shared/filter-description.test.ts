import { describe, expect, it } from 'vitest';
import { describeFilter } from './filter-description';

describe('describeFilter', () => {
  it('names the set fields in words with their values quoted, in order', () => {
    expect(describeFilter({ event: 'Kinds', type: 'track', userId: 'u1', q: 'checkout' })).toBe('event “Kinds”, type “track”, user id “u1”, text “checkout”');
  });

  it('leaves out empty fields and says nothing for an empty filter', () => {
    expect(describeFilter({ event: '', type: undefined, sourceId: 'src-1' })).toBe('source “src-1”');
    expect(describeFilter({})).toBe('');
  });
});
