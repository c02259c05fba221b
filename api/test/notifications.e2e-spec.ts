import request from 'supertest';
import { MESSAGES, type NotificationsResponse } from '@medora/shared';
import { authHeader, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});

afterAll(async () => {
  await t?.close();
});

async function registered(): Promise<TestUser> {
  const user = await signUpUser();
  await request(t.http).post('/api/users').set(authHeader(user)).send({ uid: user.uid, role: 'patient' });
  return user;
}

const list = async (user: TestUser) => {
  const res = await request(t.http).get('/api/notifications').set(authHeader(user));
  expect(res.status).toBe(200);
  return res.body as NotificationsResponse;
};

const markRead = (user: TestUser, body: unknown) =>
  request(t.http)
    .post('/api/notifications/read')
    .set(authHeader(user))
    .send(body as object);

describe('GET /api/notifications', () => {
  it('answers 401 without a token', async () => {
    expect((await request(t.http).get('/api/notifications')).status).toBe(401);
  });

  it('gives a new account an unread system welcome dated from its registration', async () => {
    const user = await registered();
    const body = await list(user);
    expect(body.unread).toBe(1);
    expect(body.items).toEqual([
      {
        id: 'system:welcome',
        type: 'system',
        title: MESSAGES.notificationWelcomeTitle,
        message: MESSAGES.notificationWelcomeBody,
        createdAt: expect.any(String),
        read: false,
      },
    ]);
    const [row] = await t.dataSource.query(`SELECT created_at FROM users WHERE firebase_uid = $1`, [
      user.uid,
    ]);
    expect(body.items[0]!.createdAt).toBe((row.created_at as Date).toISOString());
  });

  it('gives an unregistered account no notifications', async () => {
    expect(await list(await signUpUser())).toEqual({ items: [], unread: 0 });
  });
});

describe('POST /api/notifications/read', () => {
  it('answers 401 without a token', async () => {
    const res = await request(t.http)
      .post('/api/notifications/read')
      .send({ ids: ['system:welcome'] });
    expect(res.status).toBe(401);
  });

  it('keeps read state per user', async () => {
    const alice = await registered();
    const bob = await registered();
    const res = await markRead(alice, { ids: ['system:welcome'] });
    expect(res.status).toBe(200);
    expect((res.body as NotificationsResponse).unread).toBe(0);
    expect((await list(alice)).items[0]!.read).toBe(true);
    // Bob's welcome has the same id, but his read state is his own.
    expect((await list(bob)).unread).toBe(1);
    // Marking again changes nothing.
    expect((await markRead(alice, { ids: ['system:welcome', 'system:welcome'] })).status).toBe(200);
  });

  it('answers 403 for a notification that is not the caller’s', async () => {
    const user = await registered();
    const res = await markRead(user, { ids: ['appointment:someone-elses-booking'] });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ statusCode: 403, error: 'Forbidden', message: MESSAGES.forbidden });
    expect((await list(user)).unread).toBe(1);
  });

  it('answers 403 to an unregistered account', async () => {
    expect((await markRead(await signUpUser(), { ids: ['system:welcome'] })).status).toBe(403);
  });

  it.each([
    ['no ids', {}],
    ['an empty list', { ids: [] }],
    ['a malformed id', { ids: ['DROP TABLE'] }],
    ['an unknown field', { ids: ['system:welcome'], all: true }],
  ])('answers 400 for %s', async (_name, body) => {
    const res = await markRead(await registered(), body);
    expect(res.status).toBe(400);
    expect(res.body.fields).toBeDefined();
  });
});
