import { describe, expect, it } from 'vitest';
import { destinationHealth } from './destination-health';

const base = { enabled: true, delivery: { state: 'idle', pending: 0, lastError: null as string | null, retrying: 0, quarantine: null as unknown } };
const withDelivery = (change: Partial<typeof base.delivery>, enabled = true) => ({ enabled, delivery: { ...base.delivery, ...change } });

describe('destinationHealth', () => {
  it('says one thing, the most pressing first', () => {
    expect(destinationHealth(base)).toBe('up to date');
    expect(destinationHealth(withDelivery({ pending: 3 }))).toBe('delivering');
    expect(destinationHealth(withDelivery({ lastError: 'HTTP 500', pending: 3 }))).toBe('failing');
    expect(destinationHealth(withDelivery({ lastError: 'HTTP 500', retrying: 2 }))).toBe('retrying');
    expect(destinationHealth(withDelivery({ retrying: 2 }, false))).toBe('paused');
    expect(destinationHealth(withDelivery({ quarantine: { reason: 'x' } }))).toBe('paused');
  });
});
