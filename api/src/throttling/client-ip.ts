import { isIP } from 'node:net';

/**
 * The client address itself is Fastify's `request.ip`: with `trustProxy` set to TRUSTED_PROXIES,
 * proxy-addr walks X-Forwarded-For from the right and stops at the first address that is not a
 * trusted proxy, so a client that reaches the API directly cannot choose its address with the header.
 * What is left here is parsing that list, and the counter key of an address.
 */

/** The default: the dev gateway runs on the same host as the API. */
export const DEFAULT_TRUSTED_PROXIES = ['127.0.0.1', '::1'];

/** `10.0.0.2` or `10.0.0.0/8` (IPv4 or IPv6), as proxy-addr reads them. */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUSTED_PROXIES: comma-separated addresses or CIDRs of the proxies in front of the API whose
 * X-Forwarded-For entry is believed; empty → the loopback default; `none` → no proxy is believed.
 * Returns the list, or the entries that are neither.
 */
export function parseTrustedProxies(raw: string | undefined): { proxies: string[] } | { invalid: string[] } {
  const entries = (raw ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) return { proxies: [...DEFAULT_TRUSTED_PROXIES] };
  if (entries.length === 1 && entries[0]!.toLowerCase() === 'none') return { proxies: [] };
  const invalid = entries.filter((e) => !isAddressOrCidr(e));
  return invalid.length > 0 ? { invalid } : { proxies: entries };
}

/**
 * The counter key of an address: IPv4 as it is (IPv4-mapped IPv6 unwrapped), IPv6 by its /64, the
 * block one subscriber usually holds (otherwise one machine could take a new address per request).
 */
export function ipBucket(address: string): string {
  const ip = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
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
