import request from 'supertest';
import type { MeResponse } from '@medora/shared';
import { DEMO_ACCOUNTS } from '../src/dev/demo-accounts.service.js';
import { authHeader, createTestApp, type TestApp } from './helpers.js';

/** Exchanges a custom token for an ID token at the emulator, as signInWithCustomToken does. */
async function idTokenFor(customToken: string): Promise<string> {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST!;
  const res = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=any`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: customToken, returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`custom token sign-in failed: ${JSON.stringify(body)}`);
  return body.idToken;
}

describe('POST /api/dev/demo-session against the Auth emulator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['patient', { admin: false, providerDashboard: false }],
    ['provider', { admin: false, providerDashboard: true }],
    ['doctor', { admin: false, providerDashboard: true }],
    ['admin', { admin: true, providerDashboard: false }],
  ] as const)('signs in to the seeded %s demo account through real Firebase auth', async (role, access) => {
    const res = await request(t.http).post('/api/dev/demo-session').send({ role });
    expect(res.status).toBe(200);
    const token = await idTokenFor(res.body.customToken as string);
    const me = await request(t.http).get('/api/me').set(authHeader(token));
    expect(me.body as MeResponse).toMatchObject({
      registered: true,
      user: { uid: DEMO_ACCOUNTS[role].uid, email: DEMO_ACCOUNTS[role].email, role, emailVerified: true },
      access,
    });
  });

  it('seeds the demo accounts at boot, and seeding again changes nothing', async () => {
    const count = async () =>
      (await t.dataSource.query(`SELECT count(*)::int AS n FROM users WHERE firebase_uid LIKE 'demo-%'`))[0]
        .n;
    expect(await count()).toBe(4);
    await request(t.http).post('/api/dev/demo-session').send({ role: 'doctor' });
    expect(await count()).toBe(4);
    const doctors = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM doctors WHERE seed_key LIKE 'demo-account-%'`,
    );
    expect(doctors[0].n).toBe(2);
  });

  it('keeps the demo doctors out of the public booking list', async () => {
    const res = await request(t.http).get('/api/doctors');
    expect(JSON.stringify(res.body)).not.toContain('Demo');
  });

  it('answers 400 for an unknown role', async () => {
    const res = await request(t.http).post('/api/dev/demo-session').send({ role: 'root' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('role');
  });
});

describe('POST /api/dev/demo-session with a real Firebase project', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No emulator host in the config: the dev module is not registered at all.
    t = await createTestApp({ seed: true, env: { FIREBASE_AUTH_EMULATOR_HOST: '' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('does not exist', async () => {
    const res = await request(t.http).post('/api/dev/demo-session').send({ role: 'admin' });
    expect(res.status).toBe(404);
  });

  it('creates no demo accounts', async () => {
    const rows = await t.dataSource.query(`SELECT 1 FROM users WHERE firebase_uid LIKE 'demo-%'`);
    expect(rows).toEqual([]);
  });
});
