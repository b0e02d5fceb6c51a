import { describe, expect, it } from 'vitest';
import { isConflict, isPiiPath, maskSample } from './event-schema';

describe('learned schema facts', () => {
  it('flags paths that look like personal data: email, phone, name, address, ip', () => {
    for (const path of ['context.traits.email', 'traits.phone', 'traits.firstName', 'traits.name', 'properties.shipping_address', 'context.ip', 'request_ip', 'traits.userIp', 'properties.emails[]']) {
      expect(isPiiPath(path), path).toBe(true);
    }
    for (const path of ['context.library.name', 'context.os.name', 'event', 'properties.total', 'properties.shipping', 'properties.zip', 'properties.tip']) {
      expect(isPiiPath(path), path).toBe(false);
    }
  });

  it('masks a sample but for its first character, keeping the quotes of a string', () => {
    expect(maskSample('"ann@example.com"')).toBe('"a••••••••"');
    expect(maskSample('"Al"')).toBe('"A•••"');
    expect(maskSample('5551234')).toBe('5••••••');
  });

  it('calls several non-null types a conflict', () => {
    expect(isConflict({ number: 3, string: 1 })).toBe(true);
    expect(isConflict({ number: 3, null: 1 })).toBe(false);
    expect(isConflict({ object: 2 })).toBe(false);
  });
});
