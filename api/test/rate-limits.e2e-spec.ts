import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import request, { type Response, type Test } from 'supertest';
import { Redis } from 'ioredis';
import { formatMessage } from '@medora/shared';
import { authHeader, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers.js';

/**
 * Request rate limits through the real HTTP API. Requests reach the app from 127.0.0.1, the
 * address the dev gateway has and one of the default TRUSTED_PROXIES: the app believes the
 * X-Forwarded-For entry it writes, so each test plays its own client IP with that header (TEST-NET
 * addresses) and the tests do not share IP counters. A peer that is not a trusted proxy (127.0.0.2
 * here, a LAN client in real life) is counted by its own address whatever header it sends.
 */

const LIMITS = {
  RATE_LIMIT_WINDOW_SECONDS: '60',
  RATE_LIMIT_SIGN_IN_PER_USER: '3',
  RATE_LIMIT_SIGN_IN_PER_IP: '6',
  RATE_LIMIT_UPLOAD_PER_USER: '2',
  RATE_LIMIT_UPLOAD_PER_IP: '50',
  RATE_LIMIT_BOOKING_PER_USER: '2',
  RATE_LIMIT_BOOKING_PER_IP: '50',
};

let t: TestApp;
let ipCounter = 0;
/** A client address no other test uses. */
const freshIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  t = await createTestApp({ seed: false, env: LIMITS });
  // Listening on loopback, so that a request can also come from another loopback address.
  await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const me = (user: TestUser, ip: string) =>
  request(t.http).get('/api/me').set(authHeader(user)).set('X-Forwarded-For', ip);

/** Sends `send()` one request at a time until a 429 arrives (or `max` requests); returns every answer. */
async function untilLimited(send: () => Test, max: number): Promise<Response[]> {
  const answers: Response[] = [];
  while (answers.length < max) {
    const res = await send();
    answers.push(res);
    if (res.status === 429) break;
  }
  return answers;
}

function expectRateLimited(res: Response, maxSeconds: number): number {
  expect(res.status).toBe(429);
  const seconds = Number(res.headers['retry-after']);
  expect(Number.isInteger(seconds)).toBe(true);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(maxSeconds);
  expect(res.body).toEqual({
    statusCode: 429,
    error: 'Too Many Requests',
    message: formatMessage('rateLimited', { seconds }),
  });
  return seconds;
}

describe('per user', () => {
  it('limits one account while another account from the same IP goes on', async () => {
    const ip = freshIp();
    const [busy, calm] = [await signUpUser(), await signUpUser()];
    const answers = await untilLimited(() => me(busy, ip), 10);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expectRateLimited(answers[3]!, 60);

    const other = await me(calm, ip);
    expect(other.status).toBe(200);
    expect(other.headers['retry-after']).toBeUndefined();
  });

  it('counts by the uid of the verified token, never by a uid in the body', async () => {
    const ip = freshIp();
    const [caller, victim] = [await signUpUser(), await signUpUser()];
    // The body names the victim: the requests still count against the caller (the 403s included).
    const answers = await untilLimited(
      () =>
        request(t.http)
          .post('/api/users')
          .set(authHeader(caller))
          .set('X-Forwarded-For', ip)
          .send({ uid: victim.uid, role: 'patient' }),
      10,
    );
    expect(answers.map((r) => r.status)).toEqual([403, 403, 403, 429]);
    expect((await me(caller, freshIp())).status).toBe(429);

    const own = await request(t.http)
      .post('/api/users')
      .set(authHeader(victim))
      .set('X-Forwarded-For', freshIp())
      .send({ uid: victim.uid, role: 'patient' });
    expect(own.status).toBe(201);
  });
});

describe('per IP', () => {
  it('limits many accounts behind one address, and not another address', async () => {
    const ip = freshIp();
    const users = await Promise.all(Array.from({ length: 7 }, () => signUpUser()));
    const statuses: number[] = [];
    for (const user of users) statuses.push((await me(user, ip)).status);
    // Each account made one request: the seventh is over the address's limit of 6.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    expectRateLimited(await me(users[0]!, ip), 60);
    expect((await me(users[6]!, freshIp())).status).toBe(200);
  });

  it('limits the public demo-session route by address', async () => {
    const ip = freshIp();
    const send = () =>
      request(t.http).post('/api/dev/demo-session').set('X-Forwarded-For', ip).send({ role: 'nobody' });
    const answers = await untilLimited(send, 10);
    expect(answers.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 400, 429]);
    expectRateLimited(answers[6]!, 60);
    const elsewhere = await request(t.http)
      .post('/api/dev/demo-session')
      .set('X-Forwarded-For', freshIp())
      .send({ role: 'nobody' });
    expect(elsewhere.status).toBe(400);
  });

  it('cannot be dodged by a client-written X-Forwarded-For entry before the proxy’s own', async () => {
    const ip = freshIp();
    const users = await Promise.all(Array.from({ length: 7 }, () => signUpUser()));
    const statuses: number[] = [];
    for (const [i, user] of users.entries()) {
      // What nginx forwards when the browser sent its own header: "<forged>, <real client>".
      statuses.push((await me(user, `203.0.113.${i + 1}, ${ip}`)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });
});

describe('X-Forwarded-For', () => {
  /** GET /api/me over a socket bound to `from`, a loopback address other than the trusted 127.0.0.1. */
  function meFrom(from: string, user: TestUser, forwardedFor: string): Promise<number> {
    const { port } = t.http.address() as AddressInfo;
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/api/me',
          localAddress: from,
          headers: { ...authHeader(user), 'x-forwarded-for': forwardedFor },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  it('does not let a peer that is not a trusted proxy choose its bucket', async () => {
    const users = await Promise.all(Array.from({ length: 7 }, () => signUpUser()));
    const statuses: number[] = [];
    // Each request claims another client address: all of them count against 127.0.0.2 itself.
    for (const user of users) statuses.push(await meFrom('127.0.0.2', user, freshIp()));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    // The trusted gateway address still forwards other clients, in their own buckets.
    expect((await me(users[0]!, freshIp())).status).toBe(200);
  });

  it('lets a trusted proxy forward each client into its own bucket', async () => {
    const users = await Promise.all(Array.from({ length: 7 }, () => signUpUser()));
    const statuses: number[] = [];
    for (const user of users) statuses.push((await me(user, freshIp())).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200]);
  });
});

describe('the limited routes', () => {
  // Every sign-in-adjacent, upload and booking route. The guard counts before the body is validated,
  // so bodies do not matter here; each route gets a fresh account and address.
  const ROUTES: { name: string; limit: number; send: (user: TestUser, ip: string) => Test }[] = [
    {
      name: 'POST /api/users',
      limit: 3,
      send: (u, ip) =>
        request(t.http).post('/api/users').set(authHeader(u)).set('X-Forwarded-For', ip).send({}),
    },
    { name: 'GET /api/me', limit: 3, send: (u, ip) => me(u, ip) },
    {
      name: 'POST /api/doctors',
      limit: 3,
      send: (u, ip) =>
        request(t.http).post('/api/doctors').set(authHeader(u)).set('X-Forwarded-For', ip).send({}),
    },
    {
      name: 'POST /api/doctors/:uid/credentials',
      limit: 2,
      send: (u, ip) =>
        request(t.http)
          .post(`/api/doctors/${u.uid}/credentials`)
          .set(authHeader(u))
          .set('X-Forwarded-For', ip)
          .attach('file', Buffer.from('not a pdf'), 'a.pdf'),
    },
    {
      name: 'POST /api/patients/:uid/documents',
      limit: 2,
      send: (u, ip) =>
        request(t.http)
          .post(`/api/patients/${u.uid}/documents`)
          .set(authHeader(u))
          .set('X-Forwarded-For', ip)
          .attach('file', Buffer.from('not a pdf'), 'a.pdf'),
    },
    {
      name: 'POST /api/provider/appointments/:id/prescription',
      limit: 2,
      send: (u, ip) =>
        request(t.http)
          .post(`/api/provider/appointments/${randomUUID()}/prescription`)
          .set(authHeader(u))
          .set('X-Forwarded-For', ip)
          .attach('file', Buffer.from('not a pdf'), 'a.pdf'),
    },
    {
      name: 'POST /api/appointments',
      limit: 2,
      send: (u, ip) =>
        request(t.http).post('/api/appointments').set(authHeader(u)).set('X-Forwarded-For', ip).send({}),
    },
  ];

  it.each(ROUTES)('$name answers 429 after $limit requests of one account', async ({ limit, send }) => {
    const user = await signUpUser();
    const ip = freshIp();
    const answers = await untilLimited(() => send(user, ip), limit + 5);
    expect(answers).toHaveLength(limit + 1);
    for (const res of answers.slice(0, limit)) expect(res.status).toBeLessThan(429);
    expectRateLimited(answers[limit]!, 60);
  });

  it('leaves other routes alone', async () => {
    const user = await signUpUser();
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push(
        (await request(t.http).get('/api/notifications').set(authHeader(user)).set('X-Forwarded-For', ip))
          .status,
      );
    }
    expect(statuses.filter((s) => s === 429)).toEqual([]);
  });
});

describe('the window', () => {
  let short: TestApp;

  beforeAll(async () => {
    short = await createTestApp({
      seed: false,
      env: { ...LIMITS, RATE_LIMIT_WINDOW_SECONDS: '2', RATE_LIMIT_SIGN_IN_PER_USER: '2' },
    });
  }, 60_000);

  afterAll(async () => {
    await short?.close();
  });

  it('lets the account in again once its oldest request has left the window', async () => {
    const user = await signUpUser();
    const send = () => request(short.http).get('/api/me').set(authHeader(user));
    const answers = await untilLimited(send, 20);
    expect(answers.at(-1)!.status).toBe(429);
    expectRateLimited(answers.at(-1)!, 2);

    // Wait for the condition (the next request succeeds), polling; refused polls are not counted.
    const deadline = Date.now() + 15_000;
    let res = await send();
    while (res.status === 429 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      res = await send();
    }
    expect(res.status).toBe(200);
  });
});

describe('REDIS_URL', () => {
  const prefix = `medora-test:${randomUUID()}:`;
  const apps: TestApp[] = [];
  const redisApp = async (url: string) => {
    const app = await createTestApp({
      seed: false,
      env: { ...LIMITS, REDIS_URL: url, REDIS_KEY_PREFIX: prefix },
    });
    apps.push(app);
    return app;
  };

  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    const admin = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    await admin.quit();
  });

  it('counts one account across two API instances sharing Redis', async () => {
    const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const [a, b] = [await redisApp(url), await redisApp(url)];
    const user = await signUpUser();
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await request((i % 2 ? b : a).http)
        .get('/api/me')
        .set(authHeader(user))
        .set('X-Forwarded-For', ip);
      statuses.push(res.status);
    }
    // The limit is 3 per user whichever instance answers; alone, each would have allowed 3.
    expect(statuses).toEqual([200, 200, 200, 429]);
    expectRateLimited(
      await request(a.http).get('/api/me').set(authHeader(user)).set('X-Forwarded-For', ip),
      60,
    );
  });

  it('serves and limits per instance, never a 5xx, while Redis is unreachable', async () => {
    // Nothing listens on this port (the p4 range): every Redis command fails.
    const down = await redisApp('redis://127.0.0.1:44998');
    const user = await signUpUser();
    const answers = await untilLimited(
      () => request(down.http).get('/api/me').set(authHeader(user)).set('X-Forwarded-For', freshIp()),
      10,
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expectRateLimited(answers[3]!, 60);
  });
});
