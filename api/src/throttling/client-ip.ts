import { BlockList, isIP } from 'node:net';

/**
 * Addresses a reverse proxy of ours can have: loopback (the dev gateway), private IPv4 ranges and IPv6
 * unique-local / link-local (docker networks, a load balancer inside the VPC).
 */
const PROXY_ADDRESSES = new BlockList();
PROXY_ADDRESSES.addSubnet('127.0.0.0', 8, 'ipv4');
PROXY_ADDRESSES.addSubnet('10.0.0.0', 8, 'ipv4');
PROXY_ADDRESSES.addSubnet('172.16.0.0', 12, 'ipv4');
PROXY_ADDRESSES.addSubnet('192.168.0.0', 16, 'ipv4');
PROXY_ADDRESSES.addSubnet('169.254.0.0', 16, 'ipv4');
PROXY_ADDRESSES.addAddress('::1', 'ipv6');
PROXY_ADDRESSES.addSubnet('fc00::', 7, 'ipv6');
PROXY_ADDRESSES.addSubnet('fe80::', 10, 'ipv6');

/** A bare IP address (IPv4-mapped IPv6 unwrapped), or null when the text is not one. */
function parseAddress(text: string | undefined): string | null {
  if (!text) return null;
  const bare = text.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  return isIP(bare) === 0 ? null : bare;
}

function isProxyAddress(ip: string): boolean {
  return PROXY_ADDRESSES.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The client address used for per-IP rate limits. Fastify's `request.ip` under `trustProxy: true` is
 * the left-most X-Forwarded-For entry, which any client can write, so it is not used here. Instead the
 * chain is walked from the right, as proxy-addr does with a hop count: starting at the TCP peer, an
 * address that is one of our proxies (loopback or private) lets us believe the entry it appended, at
 * most `hops` times. The dev gateway replaces the header and nginx appends `$remote_addr`, so with one
 * hop the entry they wrote is used, never one the browser sent; a client reaching the API directly
 * from a public address gets its socket address whatever header it sends.
 */
export function clientIp(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  hops: number,
): string {
  const chain = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  let ip = parseAddress(socketAddress);
  if (ip === null) return 'unknown';
  for (let hop = 0; hop < hops && isProxyAddress(ip); hop++) {
    // A malformed entry written by a proxy of ours: keep the proxy's own address (stricter, not spoofable).
    const next = parseAddress(chain.pop());
    if (next === null) break;
    ip = next;
  }
  return ip;
}

/**
 * The counter key of an address: IPv4 as it is, IPv6 by its /64, the block one subscriber usually
 * holds (otherwise one machine could take a new address per request).
 */
export function ipBucket(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const lower = ip.toLowerCase();
  const compressed = lower.includes('::');
  const [head = '', tail = ''] = lower.split('::');
  const left = head ? head.split(':') : [];
  const right = compressed && tail ? tail.split(':') : [];
  // A trailing dotted IPv4 part stands for two groups.
  const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups = compressed
    ? [...left, ...Array<string>(8 - width(left) - width(right)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
