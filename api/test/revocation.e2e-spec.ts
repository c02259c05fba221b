import { jest } from '@jest/globals';
import request from 'supertest';
import { MESSAGES } from '@medora/shared';
import {
  authHeader,
  createTestApp,
  signUpUser,
  testProjectId,
  updateEmulatorAccount,
  type TestApp,
  type TestUser,
} from './helpers.js';

/**
 * Access ends when the account does. Within TOKEN_CACHE_SECONDS (default 30 s, at most 60)
 * of a disable, delete or token revocation, every request with that account's token answers 401.
 * Time is moved with a mocked Date.now (what the token cache and jsonwebtoken read), never slept.
 */

// GET /api/me is rate limited as a sign-in route; this file sends it more often than a person would.
const NO_SIGN_IN_LIMIT = { RATE_LIMIT_SIGN_IN_PER_USER: '10000', RATE_LIMIT_SIGN_IN_PER_IP: '10000' };

const me = (t: TestApp, user: TestUser) => request(t.http).get('/api/me').set(authHeader(user));

/** Runs `fn` with the clock (Date.now) at `ms`. */
async function at<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  const spy = jest.spyOn(Date, 'now').mockReturnValue(ms);
  try {
    return await fn();
  } finally {
    spy.mockRestore();
  }
}

async function deleteEmulatorAccount(uid: string): Promise<void> {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST!;
  const res = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/projects/${testProjectId()}/accounts:delete`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: uid }),
    },
  );
  if (!res.ok) throw new Error(`emulator delete failed: ${res.status} ${await res.text()}`);
}

/** The token's auth_time (seconds): revoking means validSince after it. */
const authTime = (user: TestUser) =>
  (JSON.parse(Buffer.from(user.idToken.split('.')[1]!, 'base64url').toString()) as { auth_time: number })
    .auth_time;

const CHANGES: [string, (user: TestUser) => Promise<void>][] = [
  ['disabled', (user) => updateEmulatorAccount(user.uid, { disableUser: true })],
  ['deleted', (user) => deleteEmulatorAccount(user.uid)],
  // What revokeRefreshTokens does: tokens issued before validSince are no longer valid.
  [
    'revoked (validSince)',
    (user) => updateEmulatorAccount(user.uid, { validSince: String(authTime(user) + 1) }),
  ],
];

describe('a revoked, disabled or deleted account loses access (default token cache)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: NO_SIGN_IN_LIMIT });
  });

  afterAll(async () => {
    await t?.close();
  });

  it.each(CHANGES)('answers 401 within 30 s once the account is %s', async (_label, change) => {
    const user = await signUpUser();
    expect((await me(t, user)).status).toBe(200);
    // The token was verified (and cached) before this instant.
    const start = Date.now();
    await change(user);
    // The bound: 30 s after the token was last verified, the account is asked about again.
    const res = await at(start + 30_000, () => me(t, user));
    expect([res.status, res.body.message]).toEqual([401, MESSAGES.unauthenticated]);
    expect((await at(start + 31_000, () => me(t, user))).status).toBe(401);
  });

  it('keeps a normal account’s token working across the same period', async () => {
    const user = await signUpUser();
    const start = Date.now();
    expect((await me(t, user)).status).toBe(200);
    expect((await at(start + 30_000, () => me(t, user))).status).toBe(200);
    expect((await at(start + 61_000, () => me(t, user))).status).toBe(200);
  });
});

describe('a revoked, disabled or deleted account loses access (TOKEN_CACHE_SECONDS=0)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { ...NO_SIGN_IN_LIMIT, TOKEN_CACHE_SECONDS: '0' } });
  });

  afterAll(async () => {
    await t?.close();
  });

  it.each(CHANGES)('answers 401 on the very next request once the account is %s', async (_label, change) => {
    const user = await signUpUser();
    expect((await me(t, user)).status).toBe(200);
    await change(user);
    const res = await me(t, user);
    expect([res.status, res.body.message]).toEqual([401, MESSAGES.unauthenticated]);
  });

  it('keeps a normal account’s token working', async () => {
    const user = await signUpUser();
    for (let i = 0; i < 3; i++) expect((await me(t, user)).status).toBe(200);
  });
});
