import { describe, expect, it } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  it('says one in the singular and every other count in the plural', () => {
    expect(plural(1, 'event')).toBe('1 event');
    expect(plural(0, 'event')).toBe('0 events');
    expect(plural(2, 'saved test')).toBe('2 saved tests');
    expect(plural(1200, 'event')).toBe('1,200 events');
    expect(plural(3, 'library', 'libraries')).toBe('3 libraries');
  });
});
