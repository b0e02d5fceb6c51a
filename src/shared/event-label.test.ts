import { describe, expect, it } from 'vitest';
import { eventLabel } from './event-label';

describe('eventLabel', () => {
  it('names every type', () => {
    expect(eventLabel({ type: 'track', event: 'Order Completed' })).toBe('Order Completed');
    expect(eventLabel({ type: 'page', name: 'Home' })).toBe('Home');
    expect(eventLabel({ type: 'screen', category: 'Settings' })).toBe('Settings');
    expect(eventLabel({ type: 'identify', userId: 'u1' })).toBe('u1');
    expect(eventLabel({ type: 'identify', anonymousId: 'anon-1' })).toBe('anon-1');
    expect(eventLabel({ type: 'group', groupId: 'acme', userId: 'u1' })).toBe('acme');
    expect(eventLabel({ type: 'alias', previousId: 'anon-1', userId: 'u1' })).toBe('anon-1 → u1');
    expect(eventLabel({ type: 'merge' })).toBe('');
    expect(eventLabel(null)).toBe('');
  });
});
