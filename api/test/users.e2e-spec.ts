import request from 'supertest';
import { MESSAGES, type MeResponse, type User } from '@medora/shared';
import { authHeader, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers.js';

const PROTECTED = [
  { method: 'post', path: '/api/users' },
  { method: 'get', path: '/api/me' },
  { method: 'get', path: '/api/users/some-uid' },
] as const;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});

afterAll(async () => {
  await t?.close();
});

async function register(user: TestUser, role = 'patient', extra: Record<string, unknown> = {}) {
  return request(t.http)
    .post('/api/users')
    .set(authHeader(user))
    .send({ uid: user.uid, role, ...extra });
}

describe('protected routes', () => {
  it.each(PROTECTED)('$method $path answers 401 without a token', async ({ method, path }) => {
    const res = await request(t.http)[method](path);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: MESSAGES.unauthenticated });
  });

  it.each(PROTECTED)('$method $path answers 401 with a garbage token', async ({ method, path }) => {
    const res = await request(t.http)[method](path).set('Authorization', 'Bearer not-a-real-token');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(MESSAGES.unauthenticated);
  });

  it('answers 401 for a non-Bearer authorization header', async () => {
    const res = await request(t.http).get('/api/me').set('Authorization', 'Basic dXNlcjpwYXNz');
    expect(res.status).toBe(401);
  });
});

describe('POST /api/users', () => {
  // Registration runs right after sign-up, before the email is verified: open to unverified tokens.
  it('creates the record with the email from the token, ignoring the body email', async () => {
    const user = await signUpUser(undefined, { verified: false });
    const res = await register(user, 'patient', {
      email: 'someone-else@evil.test',
      emailVerified: true,
      phone: '5551234567',
    });
    expect(res.status).toBe(201);
    const body = res.body as User;
    expect(body).toMatchObject({
      uid: user.uid,
      email: user.email,
      role: 'patient',
      emailVerified: false,
      phone: '5551234567',
    });
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
  });

  it('refuses a uid that is not the caller’s with 403 uidMismatch', async () => {
    const user = await signUpUser();
    const res = await request(t.http)
      .post('/api/users')
      .set(authHeader(user))
      .send({ uid: 'someone-else-uid', role: 'patient' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ statusCode: 403, error: 'Forbidden', message: MESSAGES.uidMismatch });
  });

  it('refuses the admin role with 400 adminRoleRefused and fields.role', async () => {
    const user = await signUpUser();
    const res = await register(user, 'admin');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.adminRoleRefused);
    expect(res.body.fields.role).toBe(MESSAGES.adminRoleRefused);
    expect(res.body.error).toBe('Bad Request');
  });

  it('answers 400 with fields for a missing uid', async () => {
    const user = await signUpUser();
    const res = await request(t.http).post('/api/users').set(authHeader(user)).send({ role: 'patient' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('uid');
  });

  it('answers 400 with fields for an unknown field', async () => {
    const user = await signUpUser();
    const res = await register(user, 'patient', { isAdmin: true });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields as object)).toEqual(['_']);
    expect(res.body.message).toMatch(/isAdmin/);
  });

  it('answers 400 for an invalid phone with the catalogue message', async () => {
    const user = await signUpUser();
    const res = await register(user, 'patient', { phone: '12' });
    expect(res.status).toBe(400);
    expect(res.body.fields.phone).toBe(MESSAGES.invalidPhone);
  });

  it('returns the existing record with 200 and keeps the role on a repeat call', async () => {
    const user = await signUpUser();
    expect((await register(user, 'doctor')).status).toBe(201);
    const again = await register(user, 'patient');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ uid: user.uid, role: 'doctor' });
    const rows = await t.dataSource.query('SELECT role FROM users WHERE firebase_uid = $1', [user.uid]);
    expect(rows).toEqual([{ role: 'doctor' }]);
  });
});

describe('GET /api/me', () => {
  it('says registered false with role patient before POST /api/users', async () => {
    const user = await signUpUser(undefined, { verified: false });
    const res = await request(t.http).get('/api/me').set(authHeader(user));
    expect(res.status).toBe(200);
    expect(res.body as MeResponse).toEqual({
      registered: false,
      user: { uid: user.uid, email: user.email, role: 'patient', emailVerified: false },
      access: { admin: false, providerDashboard: false },
    });
  });

  it('says registered true with the stored role after POST /api/users', async () => {
    const user = await signUpUser(undefined, { verified: false });
    await register(user, 'provider');
    const res = await request(t.http).get('/api/me').set(authHeader(user));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      registered: true,
      user: { uid: user.uid, email: user.email, role: 'provider', emailVerified: false },
      access: { admin: false, providerDashboard: false },
    });
  });
});

describe('GET /api/users/:uid', () => {
  it('returns the owner’s own record', async () => {
    const user = await signUpUser();
    await register(user, 'patient');
    const res = await request(t.http).get(`/api/users/${user.uid}`).set(authHeader(user));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ uid: user.uid, email: user.email, role: 'patient' });
  });

  it('answers 403 for another user’s record', async () => {
    const owner = await signUpUser();
    const other = await signUpUser();
    await register(owner);
    await register(other);
    const res = await request(t.http).get(`/api/users/${owner.uid}`).set(authHeader(other));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ statusCode: 403, error: 'Forbidden', message: MESSAGES.forbidden });
  });

  it('answers 403 for another uid that has no record (it is not yours either)', async () => {
    const user = await signUpUser();
    const res = await request(t.http).get('/api/users/no-such-user-uid').set(authHeader(user));
    expect(res.status).toBe(403);
  });

  it('answers 404 for the caller’s own uid before registration', async () => {
    const user = await signUpUser();
    const res = await request(t.http).get(`/api/users/${user.uid}`).set(authHeader(user));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, error: 'Not Found', message: MESSAGES.notFound });
  });

  it('lets an admin read another user’s record', async () => {
    const owner = await signUpUser();
    const admin = await signUpUser();
    await register(owner, 'doctor');
    await register(admin, 'patient');
    await t.dataSource.query(`UPDATE users SET role = 'admin' WHERE firebase_uid = $1`, [admin.uid]);
    const res = await request(t.http).get(`/api/users/${owner.uid}`).set(authHeader(admin));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ uid: owner.uid, role: 'doctor' });
  });

  it('answers 400 for a malformed uid', async () => {
    const user = await signUpUser();
    const res = await request(t.http).get('/api/users/bad%20uid!').set(authHeader(user));
    expect(res.status).toBe(400);
    expect(res.body.fields).toBeDefined();
  });
});
