import { BlockList, isIP } from 'node:net';

/**
 * Addresses a server-side fetch must never reach: loopback, private networks, link-local (with the cloud
 * metadata address 169.254.169.254), CGNAT, "this network", documentation, benchmarking, multicast and
 * reserved ranges, and their IPv6 counterparts.
 */
const blocked = new BlockList();
const V4: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT (also Alibaba metadata 100.100.100.200)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const V6: Array<[string, number]> = [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): may reach any IPv4 network behind the translator
  ['fc00::', 7], // unique local (also fd00:ec2::254, the AWS IPv6 metadata address)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];
for (const [net, prefix] of V4) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of V6) blocked.addSubnet(net, prefix, 'ipv6');

/** Host names that are never fetched, whatever they resolve to. */
const BLOCKED_NAMES = [/^localhost$/i, /\.localhost$/i, /^metadata(\.google\.internal)?$/i, /^instance-data(\.ec2\.internal)?$/i, /\.internal$/i, /\.local$/i];

export function isBlockedHostname(hostname: string): boolean {
  const h = hostname.replace(/\.$/, '');
  return h === '' || BLOCKED_NAMES.some((re) => re.test(h));
}

/** Expands an IPv6 address to 8 groups of 16 bits, or undefined when it isn't one. */
function ipv6Groups(address: string): number[] | undefined {
  let a = address.toLowerCase().replace(/%.*$/, '');
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (v4) {
    const parts = v4[1].split('.').map(Number);
    a = a.slice(0, -v4[1].length) + `${((parts[0] << 8) | parts[1]).toString(16)}:${((parts[2] << 8) | parts[3]).toString(16)}`;
  }
  const [head, tail] = a.split('::');
  const h = head ? head.split(':') : [];
  const t = tail !== undefined ? (tail ? tail.split(':') : []) : [];
  const fill = a.includes('::') ? 8 - h.length - t.length : 0;
  const groups = [...h, ...Array(fill).fill('0'), ...t].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6 address. */
function embeddedIpv4(address: string): string | undefined {
  const g = ipv6Groups(address);
  if (!g) return undefined;
  const mapped = g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff;
  // IPv4-translated (SIIT, RFC 2765): ::ffff:0:a.b.c.d
  const translated = g.slice(0, 4).every((x) => x === 0) && g[4] === 0xffff && g[5] === 0;
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0);
  if (!mapped && !translated && !nat64) return undefined;
  return [g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255].join('.');
}

/** True for every address a link fetch must refuse (and for anything that isn't an IP address). */
export function isBlockedAddress(address: string): boolean {
  const kind = isIP(address.replace(/%.*$/, ''));
  if (kind === 4) return blocked.check(address, 'ipv4');
  if (kind === 6) {
    const inner = embeddedIpv4(address);
    if (inner) return blocked.check(inner, 'ipv4');
    return blocked.check(address.replace(/%.*$/, ''), 'ipv6');
  }
  return true;
}
