import { describe, expect, it } from 'vitest';
import type { LookupAddress } from 'node:dns';
import { checkHostAllowed, embeddedIPv4, guardedLookup, isPublicAddress } from './network-guard';

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

describe('IPv6 forms that embed an IPv4 address are checked by that IPv4 address', () => {
  // [address, embedded IPv4 addresses, public?]
  const table: [string, string[], boolean][] = [
    ['::ffff:127.0.0.1', ['127.0.0.1'], false], // IPv4-mapped, dotted
    ['::ffff:7f00:1', ['127.0.0.1'], false], // IPv4-mapped, hex
    ['0:0:0:0:0:ffff:7f00:0001', ['127.0.0.1'], false], // IPv4-mapped, uncompressed
    ['::ffff:8.8.8.8', ['8.8.8.8'], true],
    ['::ffff:0:127.0.0.1', ['127.0.0.1'], false], // IPv4-translated, dotted
    ['::ffff:0:7f00:1', ['127.0.0.1'], false], // IPv4-translated, hex
    ['::ffff:0:a00:1', ['10.0.0.1'], false],
    ['::ffff:0:808:808', ['8.8.8.8'], true],
    ['2002:7f00:1::', ['127.0.0.1'], false], // 6to4 of 127.0.0.1
    ['2002:a9fe:a9fe::1', ['169.254.169.254'], false], // 6to4 of the metadata address
    ['2002:c0a8:1::', ['192.168.0.1'], false],
    ['2002:808:808::1', ['8.8.8.8'], true],
    // Teredo: server 65.54.227.120, client 127.0.0.1 stored as ~127.0.0.1 = 80ff:fffe
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', ['65.54.227.120', '127.0.0.1'], false],
    ['2001:0:4136:e378:8000:63bf:f5f7:f7f7', ['65.54.227.120', '10.8.8.8'], false],
    ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', ['65.54.227.120', '8.8.8.8'], true],
    ['64:ff9b::127.0.0.1', ['127.0.0.1'], false], // NAT64 well-known prefix
    ['64:ff9b::7f00:1', ['127.0.0.1'], false],
    ['64:ff9b::a9fe:a9fe', ['169.254.169.254'], false],
    ['64:ff9b::808:808', ['8.8.8.8'], true],
    ['::127.0.0.1', ['127.0.0.1'], false], // IPv4-compatible (deprecated)
    ['::10.1.2.3', ['10.1.2.3'], false],
    ['::1', ['0.0.0.1'], false],
    ['::', ['0.0.0.0'], false],
  ];

  it.each(table)('%s embeds %j (public: %s)', (address, ipv4, isPublic) => {
    expect(embeddedIPv4(address)).toEqual(ipv4);
    expect(isPublicAddress(address)).toBe(isPublic);
  });

  it.each(table.filter(([, , isPublic]) => !isPublic))('http://[%s]/ is refused before connecting', (address) => {
    expect(() => checkHostAllowed(new URL(`http://[${address}]/`), false)).toThrow('blocked request to non-public address');
  });

  it('the two forms that used to pass are refused', () => {
    for (const url of ['http://[::ffff:0:127.0.0.1]/', 'http://[2002:7f00:1::]/', 'http://[::ffff:0:127.0.0.1]:8080/x', 'http://[2002:7f00:1::]:3000/']) {
      expect(() => checkHostAllowed(new URL(url), false)).toThrow('blocked request to non-public address');
    }
  });

  it('plain IPv6 addresses keep their own rules', () => {
    expect(embeddedIPv4('2606:4700:4700::1111')).toEqual([]);
    expect(isPublicAddress('2606:4700:4700::1111')).toBe(true);
    for (const ip of ['64:ff9b:1::1', 'fe80::1', 'fc00::1', '2001:db8::1', 'ff02::1']) expect(isPublicAddress(ip)).toBe(false);
  });
});

describe("IPv6 special-purpose ranges follow IANA's registry", () => {
  // Each was treated as public before (issue #39): documentation 3fff::/20, benchmarking
  // 2001:2::/48, ORCHID 2001:10::/28, ORCHIDv2 2001:20::/28, segment-routing SIDs 5f00::/16; and
  // the rest of the registry's not-globally-reachable ranges.
  const refused = ['3fff::1', '3fff:fff:ffff::1', '2001:2::1', '2001:2:0:ffff::1', '2001:10::1', '2001:1f::1', '2001:20::1', '2001:2f::1', '5f00::1', '5f00:ffff::1', '100:0:0:1::1', '2001:1::4', '2001:100::1', '::', '::1', 'fe80::1', 'fec0::1', 'fc00::1', 'fd12::1', 'ff0e::1', '100::1', '64:ff9b:1::808:808'];
  it.each(refused)('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
    expect(() => checkHostAllowed(new URL(`http://[${address}]/`), false)).toThrow('blocked request to non-public address');
  });
  // Globally reachable per the registry, and ordinary global unicast.
  const allowed = ['2001:3::1', '2001:4:112::1', '2620:4f:8000::1', '2001:30::1', '2001:1::1', '2001:1::3', '2606:4700:4700::1111', '2a00:1450:4001::200e', '64:ff9b::808:808'];
  it.each(allowed)('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});
