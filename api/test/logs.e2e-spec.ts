import request from 'supertest';
import { CHEST_PAIN_RECORD } from '../src/summary/summary.fixtures.js';
import { authHeader, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers.js';

/**
 * One JSON line per request with its id, route template, method, status and latency;
 * no e-mail, token or health data in any line. The app logs at info (LOG_LEVEL=log) into `lines`.
 */
const lines: string[] = [];
let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    env: { LOG_LEVEL: 'log' },
    logDestination: { write: (line: string) => void lines.push(line) },
  });
  user = await signUpUser();
  const res = await request(t.http)
    .post('/api/users')
    .set(authHeader(user))
    .send({ uid: user.uid, role: 'patient' });
  expect(res.status).toBe(201);
});

afterAll(async () => {
  await t?.close();
});

interface RequestLine {
  level: number;
  time: string;
  requestId: string;
  method: string;
  route: string;
  status: number;
  latencyMs: number;
  msg: string;
}

const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
const requestLines = () =>
  parsed().filter((l) => typeof l.route === 'string' && 'status' in l) as unknown as RequestLine[];

/** The request line of the request that carried this id; the response has been sent, so it is written. */
async function lineOf(requestId: string): Promise<RequestLine> {
  // pino-http writes on the response's 'finish', which supertest can see a tick before.
  for (let i = 0; i < 50; i++) {
    const found = requestLines().filter((l) => l.requestId === requestId);
    if (found.length > 0) {
      expect(found).toHaveLength(1);
      return found[0]!;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`No request line with requestId ${requestId}`);
}

describe('JSON request logs', () => {
  it('writes every line as one JSON object', () => {
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line.endsWith('\n')).toBe(true);
      expect(line.trimEnd()).not.toContain('\n');
      expect(() => JSON.parse(line) as unknown).not.toThrow();
    }
  });

  it('logs the route template, method, status and latency, and echoes the gateway’s request id', async () => {
    const id = `gw-${Date.now().toString(36)}-a1`;
    const res = await request(t.http)
      .get(`/api/patients/${user.uid}`)
      .set(authHeader(user))
      .set('X-Request-Id', id);
    expect(res.status).toBe(404);
    expect(res.headers['x-request-id']).toBe(id);
    const line = await lineOf(id);
    expect(line).toMatchObject({ method: 'GET', route: '/api/patients/:uid', status: 404, level: 30 });
    expect(typeof line.latencyMs).toBe('number');
    expect(line.latencyMs).toBeGreaterThanOrEqual(0);
    expect(Number.isNaN(Date.parse(line.time))).toBe(false);
    expect(lines.join('')).not.toContain(user.uid);
  });

  it('makes up a request id when none (or an unsafe one) comes in, and returns it', async () => {
    const plain = await request(t.http).get('/api/health');
    const made = plain.headers['x-request-id'] as string;
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    expect((await lineOf(made)).route).toBe('/api/health');

    const forged = await request(t.http).get('/api/health').set('X-Request-Id', 'x"\\n{"level":60}');
    const replaced = forged.headers['x-request-id'] as string;
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
    expect((await lineOf(replaced)).status).toBe(200);
  });

  it('names a request that matched no route without its URL', async () => {
    const res = await request(t.http).get(`/api/no-such-route/${user.uid}?email=${user.email}`);
    expect(res.status).toBe(404);
    const line = await lineOf(res.headers['x-request-id'] as string);
    expect(line.route).toBe('(unmatched)');
  });

  it('keeps e-mail, tokens and health data out of every line', async () => {
    const id = `gw-${Date.now().toString(36)}-b2`;
    const saved = await request(t.http)
      .post('/api/patients')
      .set(authHeader(user))
      .set('X-Request-Id', id)
      .set('Cookie', `session=${user.idToken}`)
      .send({ uid: user.uid, data: CHEST_PAIN_RECORD });
    expect(saved.status).toBe(201);
    const read = await request(t.http).get(`/api/patients/${user.uid}`).set(authHeader(user));
    expect(read.status).toBe(200);
    expect((await lineOf(id)).route).toBe('/api/patients');
    // A refused write with the e-mail in the body, and an unauthenticated call with a bad token.
    await request(t.http).post('/api/users').set(authHeader(user)).send({ uid: user.uid, email: user.email });
    await request(t.http).get(`/api/patients/${user.uid}`).set(authHeader('not-a-token'));

    const all = lines.join('');
    const secrets = [
      user.email,
      user.idToken,
      user.idToken.split('.')[1]!,
      CHEST_PAIN_RECORD.name as string,
      'Penicillin',
      'Metformin',
      'Chest Pain',
      'RED FLAGS',
      'not-a-token',
    ];
    for (const secret of secrets) expect(all).not.toContain(secret);
    expect(all).not.toMatch(/authorization|cookie/i);
  });
});
