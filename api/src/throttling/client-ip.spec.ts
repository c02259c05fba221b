import { DEFAULT_TRUSTED_PROXIES, ipBucket, parseTrustedProxies } from './client-ip.js';

describe('parseTrustedProxies', () => {
  it('defaults to loopback, where the dev gateway runs', () => {
    expect(parseTrustedProxies(undefined)).toEqual({ proxies: DEFAULT_TRUSTED_PROXIES });
    expect(parseTrustedProxies(' ')).toEqual({ proxies: ['127.0.0.1', '::1'] });
  });

  it('takes addresses and CIDRs of both families, and none for no proxy at all', () => {
    expect(parseTrustedProxies('10.0.0.2, 172.18.0.0/16,fd00::/8 ,::1')).toEqual({
      proxies: ['10.0.0.2', '172.18.0.0/16', 'fd00::/8', '::1'],
    });
    expect(parseTrustedProxies('none')).toEqual({ proxies: [] });
  });

  it('names the entries that are not an address or CIDR', () => {
    expect(parseTrustedProxies('10.0.0.1, nginx, 10.0.0.0/33, ::1/129, 1.2.3.4/8/1, 10.0.0.0/')).toEqual({
      invalid: ['nginx', '10.0.0.0/33', '::1/129', '1.2.3.4/8/1', '10.0.0.0/'],
    });
  });
});

describe('ipBucket', () => {
  it('keeps IPv4 addresses (mapped ones unwrapped) and groups IPv6 ones by /64', () => {
    expect(ipBucket('198.51.100.23')).toBe('198.51.100.23');
    expect(ipBucket('::ffff:198.51.100.23')).toBe('198.51.100.23');
    expect(ipBucket('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(ipBucket('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(ipBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(ipBucket('::1')).toBe('0:0:0:0::/64');
    expect(ipBucket('64:ff9b::198.51.100.1')).toBe('64:ff9b:0:0::/64');
    expect(ipBucket('unknown')).toBe('unknown');
  });
});
