import { clientIp, ipBucket } from './client-ip.js';

describe('clientIp', () => {
  it('uses the socket address when there is no X-Forwarded-For', () => {
    expect(clientIp('203.0.113.9', undefined, 1)).toBe('203.0.113.9');
    expect(clientIp('::ffff:127.0.0.1', undefined, 1)).toBe('127.0.0.1');
  });

  it('ignores X-Forwarded-For from a client that reaches the API directly from a public address', () => {
    expect(clientIp('203.0.113.9', '198.51.100.1', 1)).toBe('203.0.113.9');
    expect(clientIp('2001:db8::5', '198.51.100.1', 3)).toBe('2001:db8::5');
  });

  it('believes the entry the dev gateway (loopback) wrote', () => {
    expect(clientIp('127.0.0.1', '198.51.100.23', 1)).toBe('198.51.100.23');
    expect(clientIp('::1', '2001:db8::23', 1)).toBe('2001:db8::23');
  });

  it('takes the entry nginx appended, never the one the browser sent before it', () => {
    expect(clientIp('172.18.0.5', '1.1.1.1, 198.51.100.23', 1)).toBe('198.51.100.23');
    expect(clientIp('10.0.0.2', ['1.1.1.1', '198.51.100.23'], 1)).toBe('198.51.100.23');
  });

  it('walks as many proxies as configured, and stops at the first public address', () => {
    expect(clientIp('10.0.0.2', '198.51.100.23, 10.0.0.9', 2)).toBe('198.51.100.23');
    expect(clientIp('10.0.0.2', '1.1.1.1, 198.51.100.23, 10.0.0.9', 3)).toBe('198.51.100.23');
    expect(clientIp('10.0.0.2', '198.51.100.23, 10.0.0.9', 1)).toBe('10.0.0.9');
  });

  it('believes no header with zero hops', () => {
    expect(clientIp('127.0.0.1', '198.51.100.23', 0)).toBe('127.0.0.1');
  });

  it('keeps the proxy address when the entry it forwarded is not an IP', () => {
    expect(clientIp('127.0.0.1', 'not-an-ip', 1)).toBe('127.0.0.1');
    expect(clientIp('127.0.0.1', '198.51.100.23, ', 1)).toBe('198.51.100.23');
    expect(clientIp(undefined, '198.51.100.23', 1)).toBe('unknown');
  });
});

describe('ipBucket', () => {
  it('keeps IPv4 addresses and groups IPv6 ones by /64', () => {
    expect(ipBucket('198.51.100.23')).toBe('198.51.100.23');
    expect(ipBucket('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(ipBucket('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(ipBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(ipBucket('::1')).toBe('0:0:0:0::/64');
    expect(ipBucket('64:ff9b::198.51.100.1')).toBe('64:ff9b:0:0::/64');
    expect(ipBucket('unknown')).toBe('unknown');
  });
});
