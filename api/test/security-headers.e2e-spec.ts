import request from 'supertest';
import { securityHeaders } from '../src/common/security-headers.js';
import { createTestApp, type TestApp } from './helpers.js';

// The API's security headers are computed once instead of by @fastify/helmet on every
// request. The values and the set of headers must stay exactly what helmet sent before, on every kind
// of answer (a JSON read, a refusal, an unknown route, a bad body, a preflight).

const EXPECTED: Record<string, string> = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';" +
    "img-src 'self' data: validator.swagger.io;object-src 'none';script-src 'self' 'unsafe-inline';" +
    "script-src-attr 'none';style-src 'self' 'unsafe-inline';upgrade-insecure-requests",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});

afterAll(async () => {
  await t?.close();
});

describe('security headers (helmet’s, computed once)', () => {
  it('are helmet’s own values for the API’s options', () => {
    expect(Object.fromEntries(securityHeaders().map(([n, v]) => [n.toLowerCase(), v]))).toEqual(EXPECTED);
  });

  it('are on every kind of answer, each once, with helmet’s values', async () => {
    const answers = await Promise.all([
      request(t.http).get('/api/doctors'),
      request(t.http).get('/api/appointments'),
      request(t.http).get('/api/no-such-route'),
      request(t.http).post('/api/users').set('content-type', 'application/json').send('{"uid":'),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 401, 404, 400]);
    for (const res of answers) {
      for (const [name, value] of Object.entries(EXPECTED)) {
        expect([res.status, name, res.headers[name]]).toEqual([res.status, name, value]);
      }
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});
