import request from 'supertest';
import type { MeResponse } from '@medora/shared';
import { ConfigError } from '../src/config/config.js';
import { DEMO_ACCOUNTS } from '../src/dev/demo-accounts.service.js';
import { authHeader, createTestApp, throwawayServiceAccount, type TestApp } from './helpers.js';

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

describe('POST /api/dev/demo-session in local mode (Auth emulator)', () => {
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

  // The demo sessions above filled in the demo world: the demo clinicians' upcoming visits are booked
  // under the booking rules, which need them available, and with hours that makes them listed too (in
  // local mode only: the dev routes, and so these records, exist nowhere else). demo-world.e2e-spec
  // checks they are not listed before a demo session.
  it('lists the demo clinicians once a demo session has given them hours', async () => {
    const res = await request(t.http).get('/api/doctors');
    expect(JSON.stringify(res.body)).toContain(DEMO_ACCOUNTS.doctor.displayName);
    expect(JSON.stringify(res.body)).toContain(DEMO_ACCOUNTS.provider.displayName);
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
    // No emulator host in the config: local mode is off, the dev module is not registered at all.
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

// The emulator alone no longer opens the dev routes; only explicit local mode does.
describe('POST /api/dev/demo-session against the emulator without local mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { MEDORA_LOCAL_MODE: 'false' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(['admin', 'patient'])('does not exist (role %s)', async (role) => {
    const res = await request(t.http).post('/api/dev/demo-session').send({ role });
    expect(res.status).toBe(404);
  });

  it('creates no demo accounts although SEED_DEMO_DATA is on', async () => {
    const rows = await t.dataSource.query(`SELECT 1 FROM users WHERE firebase_uid LIKE 'demo-%'`);
    expect(rows).toEqual([]);
  });
});

describe('POST /api/dev/demo-session in production', () => {
  it('cannot exist: the API refuses to start with NODE_ENV=production and the emulator', async () => {
    const error = await createTestApp({ env: { NODE_ENV: 'production' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain(
      'FIREBASE_AUTH_EMULATOR_HOST is set with NODE_ENV=production',
    );
  });

  it('refuses local mode in production', async () => {
    const error = await createTestApp({
      env: {
        NODE_ENV: 'production',
        FIREBASE_AUTH_EMULATOR_HOST: '',
        FIREBASE_PROJECT_ID: 'medora-prod',
        MEDORA_LOCAL_MODE: 'true',
      },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain(
      'MEDORA_LOCAL_MODE=true is not allowed with NODE_ENV=production',
    );
  });

  it('does not exist in a production API with a real project', async () => {
    const t = await createTestApp({
      seed: true,
      // Migrated at boot: a production API needs a migrated database (the app role and
      // the job queue's schema), which `npm run migrate` would otherwise have made.
      env: {
        NODE_ENV: 'production',
        FIREBASE_AUTH_EMULATOR_HOST: '',
        FIREBASE_PROJECT_ID: 'medora-prod',
        GOOGLE_APPLICATION_CREDENTIALS: throwawayServiceAccount('medora-prod'),
        MIGRATE_ON_BOOT: 'true',
        // Production needs real mail settings (nothing is sent in this test).
        SMTP_URL: 'smtp://127.0.0.1:1',
        MAIL_FROM: 'Medora <no-reply@medora.test>',
        MAIL_LINK_SECRET: 'a-test-secret-for-the-mail-links-0123456789',
        PUBLIC_APP_URL: 'https://medora.test',
      },
    });
    try {
      const res = await request(t.http).post('/api/dev/demo-session').send({ role: 'admin' });
      expect(res.status).toBe(404);
      // Nor the local mailbox (no SMTP sink runs in production).
      expect((await request(t.http).get('/api/dev/mail')).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
