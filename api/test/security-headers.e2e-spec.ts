import request from 'supertest';
import { API_CSP, HSTS, securityHeaders, DOCS_HELMET_OPTIONS } from '../src/common/security-headers.js';
import { createTestApp, type TestApp } from './helpers.js';

// The API's security headers are computed once and set on every kind of answer (a
// JSON read, a refusal, an unknown route, a bad body). API answers are never pages: the strict CSP,
// no framing, never stored by a cache; HSTS only on a request that came over HTTPS.

const API_EXPECTED: Record<string, string> = {
  'content-security-policy': API_CSP,
  'cache-control': 'no-store',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

let t: TestApp;

beforeAll(async () => {
  // The test client is the trusted gateway: its X-Forwarded-Proto is believed.
  t = await createTestApp({ seed: false, env: { TRUSTED_PROXIES: '127.0.0.1,::1' } });
});

afterAll(async () => {
  await t?.close();
});

describe('security headers of API answers', () => {
  it("are on every kind of answer, each once: default-src 'none'; sandbox; frame-ancestors 'none'", async () => {
    const answers = await Promise.all([
      request(t.http).get('/api/health'),
      request(t.http).get('/api/appointments'),
      request(t.http).get('/api/no-such-route'),
      request(t.http).post('/api/users').set('content-type', 'application/json').send('{"uid":'),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 401, 404, 400]);
    for (const res of answers) {
      for (const [name, value] of Object.entries(API_EXPECTED)) {
        expect([res.status, name, res.headers[name]]).toEqual([res.status, name, value]);
      }
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('send HSTS only when the request came over HTTPS (X-Forwarded-Proto from the trusted gateway)', async () => {
    const https = await request(t.http).get('/api/health').set('X-Forwarded-Proto', 'https');
    expect(https.headers['strict-transport-security']).toBe(HSTS);
    const http = await request(t.http).get('/api/health').set('X-Forwarded-Proto', 'http');
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });

  it('an untrusted client cannot claim HTTPS', async () => {
    const direct = await createTestApp({ seed: false, env: { TRUSTED_PROXIES: 'none' } });
    try {
      const res = await request(direct.http).get('/api/health').set('X-Forwarded-Proto', 'https');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await direct.close();
    }
  });

  it('the OpenAPI UI, a page, gets the policy Swagger UI needs instead', async () => {
    const res = await request(t.http).get('/api/docs');
    const docs = Object.fromEntries(
      securityHeaders(DOCS_HELMET_OPTIONS).map(([n, v]) => [n.toLowerCase(), v]),
    );
    expect(res.headers['content-security-policy']).toBe(docs['content-security-policy']);
    expect(res.headers['content-security-policy']).not.toBe(API_CSP);
  });
});
