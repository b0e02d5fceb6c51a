import { describe, expect, it } from 'vitest';
import type { LookupAddress } from 'node:dns';
import { checkHostAllowed, guardedLookup, isPublicAddress } from './network-guard';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1', '127.1.2.3', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.0.10', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:7f00:1', 'not-an-ip',
  ])('%s is not public', (ip) => expect(isPublicAddress(ip)).toBe(false));

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is public', (ip) =>
    expect(isPublicAddress(ip)).toBe(true),
  );
});

describe('checkHostAllowed', () => {
  it('refuses literal private addresses and localhost names unless allowed', () => {
    for (const url of ['http://127.0.0.1/', 'http://[::1]:8080/', 'http://localhost/', 'http://api.localhost/']) {
      expect(() => checkHostAllowed(new URL(url), false)).toThrow('blocked request to non-public address');
      expect(() => checkHostAllowed(new URL(url), true)).not.toThrow();
    }
    expect(() => checkHostAllowed(new URL('http://8.8.8.8/'), false)).not.toThrow();
  });
});

describe('guardedLookup (DNS answers are checked before connecting)', () => {
  const lookup = (host: string, all: boolean) =>
    new Promise<{ error: Error | null; result: unknown }>((resolve) =>
      guardedLookup(host, { all } as never, ((error: Error | null, result: string | LookupAddress[]) => resolve({ error, result })) as never),
    );

  it('refuses a name that resolves to loopback, for single and all-address lookups', async () => {
    for (const all of [false, true]) {
      const { error } = await lookup('localhost', all);
      // Hosted (staticLookup): cb(new Error(`cannot use ${address || 'empty'} as IP address for ${hostname}`), null);
      expect(error?.message).toBe('cannot use 127.0.0.1 as IP address for localhost');
    }
  });

  it('passes DNS failures through', async () => {
    const { error } = await lookup('no-such-host.invalid', false);
    expect((error as NodeJS.ErrnoException).code).toMatch(/ENOTFOUND|EAI_AGAIN/);
  });
});
