import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export const BLOCKED_MESSAGE = 'blocked request to non-public address';

/**
 * Thrown when a request would reach a non-public address, in the hosted runtime's words:
 *   throw new Error(`blocked request to non-public address: ${host}`);            (IP literals)
 *   cb(new Error(`cannot use ${address || 'empty'} as IP address for ${hostname}`), null);  (names)
 */
export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKED';
  constructor(message: string) {
    super(message);
  }
}

// Loopback, private, link-local, shared, multicast, reserved and documentation ranges. Two lists:
// a BlockList matches IPv4 addresses against IPv6 rules too (as IPv4-mapped addresses).
const nonPublic4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16],
  ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) {
  nonPublic4.addSubnet(net, prefix, 'ipv4');
}
// IPv6 follows IANA's IPv6 Special-Purpose Address Registry, as ipaddr.js classifies it
// (range()): an address is public when it is ordinary global unicast, or in one of the registry's
// ranges marked globally reachable (AMT 2001:3::/32, AS112-v6, DRIP 2001:30::/28 and the three
// anycast addresses 2001:1::1-3 inside 2001::/23). Everything else the registry lists is refused:
// loopback, unspecified, link-local, unique-local, site-local, multicast, discard-only 100::/64
// and the dummy prefix 100:0:0:1::/64 (RFC 9780, newer than ipaddr.js), documentation
// 2001:db8::/32 and 3fff::/20, benchmarking 2001:2::/48, ORCHID 2001:10::/28 and ORCHIDv2
// 2001:20::/28 (identifiers, not locators), the rest of 2001::/23, segment-routing SIDs 5f00::/16,
// and the local-use translation prefix 64:ff9b:1::/48. Forms that embed an IPv4 address (mapped,
// translated, compatible, NAT64, 6to4, Teredo) are checked by that IPv4 address (embeddedIPv4).
const GLOBAL_SPECIAL_6 = new Set(['unicast', 'amt', 'as112v6', 'droneRemoteIdProtocolEntityTags']);
const GLOBAL_ANYCAST_6 = ['2001:1::1', '2001:1::2', '2001:1::3'];
const NEVER_PUBLIC_6 = ['100:0:0:1::/64', '64:ff9b:1::/48'].map((cidr) => ipaddr.IPv6.parseCIDR(cidr));

function isPublic6(ip: ipaddr.IPv6): boolean {
  if (ip.range() === 'reserved') return GLOBAL_ANYCAST_6.some((anycast) => ipaddr.IPv6.parse(anycast).toNormalizedString() === ip.toNormalizedString());
  return GLOBAL_SPECIAL_6.has(ip.range());
}

const ipv4At = (bytes: number[], offset: number, xor = 0) =>
  bytes.slice(offset, offset + 4).map((b) => b ^ xor).join('.');

/**
 * The IPv4 addresses an IPv6 address carries, by its range (ipaddr.js parses every textual form:
 * hex or dotted tails, zero compression): IPv4-mapped ::ffff:a.b.c.d, IPv4-translated
 * ::ffff:0:a.b.c.d, IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16 and Teredo
 * 2001:0::/32 (its server, and its client stored XOR 0xffffffff in the last 32 bits).
 */
export function embeddedIPv4(address: string): string[] {
  if (!ipaddr.IPv6.isValid(address)) return [];
  const ip = ipaddr.IPv6.parse(address);
  const bytes = ip.toByteArray();
  const parts = ip.parts;
  switch (ip.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
    case 'rfc6052':
      return [ipv4At(bytes, 12)];
    case '6to4':
      return [ipv4At(bytes, 2)];
    case 'teredo':
      return [ipv4At(bytes, 4), ipv4At(bytes, 12, 0xff)];
    default:
      // IPv4-compatible (deprecated) ::a.b.c.d; :: and ::1 map to 0.0.0.x, which is not public.
      return parts.slice(0, 6).every((part) => part === 0) ? [ipv4At(bytes, 12)] : [];
  }
}

/** True for an address a transformation may reach when private networks are not allowed. */
export function isPublicAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(ip);
  if (family === 0) return false;
  if (family === 4) return !nonPublic4.check(ip, 'ipv4');
  if (NEVER_PUBLIC_6.some((range) => ipaddr.IPv6.parse(ip).match(range))) return false;
  const embedded = embeddedIPv4(ip);
  if (embedded.length) return embedded.every((v4) => !nonPublic4.check(v4, 'ipv4'));
  return isPublic6(ipaddr.IPv6.parse(ip));
}

/**
 * A `lookup` for node:http that resolves the name and refuses it when any resolved address is
 * non-public, so the connection goes only to a checked address (no second resolution).
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  const all = (options as { all?: boolean }).all === true;
  const query: LookupAllOptions = { all: true, family: options.family as 0 | 4 | 6 | undefined, hints: options.hints };
  dnsLookup(hostname, query, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, all ? [] : '', 0);
    const refused = addresses.filter((entry) => !isPublicAddress(entry.address));
    if (addresses.length === 0 || refused.length > 0) {
      const shown = (refused.find((entry) => entry.family === 4) ?? refused[0])?.address;
      return callback(new BlockedAddressError(`cannot use ${shown || 'empty'} as IP address for ${hostname}`), all ? [] : '', 0);
    }
    if (all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/** Checks a URL's host before connecting: IP literals never reach `lookup`, so they are checked here. */
export function checkHostAllowed(url: URL, allowPrivate: boolean): void {
  if (allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 && !isPublicAddress(host)) throw new BlockedAddressError(`${BLOCKED_MESSAGE}: ${host}`);
  if (/^localhost$|\.localhost$/i.test(host)) throw new BlockedAddressError(`${BLOCKED_MESSAGE}: ${host}`);
}
