import type { Page } from '@playwright/test';
import { ROLE_LABELS, ROLES, SIGN_IN_CARD, type Role } from '@medora/shared';
import { AUTH_EMULATOR_URL, BASE_URL } from './stack';

export interface EmulatorUser {
  uid: string;
  email: string;
  password: string;
  idToken: string;
}

let counter = 0;

/** A unique address per call, so tests never collide in the emulator. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.test`;
}

/** Creates an account in the Firebase Auth emulator through its REST API and returns a real ID token. */
export async function signUpInEmulator(email = uniqueEmail(), password = 'secret123'): Promise<EmulatorUser> {
  const res = await fetch(
    `${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as { localId: string; idToken: string };
  if (!res.ok) throw new Error(`emulator sign-up failed: ${JSON.stringify(body)}`);
  return { uid: body.localId, email, password, idToken: body.idToken };
}

/**
 * A new ID token for the account (password sign-in), carrying its current claims: after marking the
 * email verified, the sign-up token still says `email_verified: false`, which the API refuses for
 * writes of health data, booking and doctor applications.
 */
export async function signInInEmulator(user: { email: string; password: string }): Promise<string> {
  const res = await fetch(
    `${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password, returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as { idToken: string };
  if (!res.ok) throw new Error(`emulator sign-in failed: ${JSON.stringify(body)}`);
  return body.idToken;
}

/**
 * A new account whose email is already verified, with a token that says so: the API refuses writes of
 * health data, booking and doctor applications to an unverified one.
 */
export async function signUpVerifiedInEmulator(
  email = uniqueEmail(),
  password = 'secret123',
): Promise<EmulatorUser> {
  const user = await signUpInEmulator(email, password);
  const res = await fetch(`${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:update`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: user.uid, emailVerified: true }),
  });
  if (!res.ok) throw new Error(`emulator verification failed: ${res.status} ${await res.text()}`);
  user.idToken = await signInInEmulator(user);
  return user;
}

/**
 * Signs in through the login screen (the role-name shortcut works only against the Auth emulator), at
 * the card of a shortcut's role; any other account signs in at the default card, 'Patient'.
 */
export async function loginThroughUi(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/patient-login');
  const role = ROLES.find((r) => r === username);
  if (role) await page.getByLabel(ROLE_LABELS[SIGN_IN_CARD[role]], { exact: true }).check();
  await page.getByLabel('Email').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The Firebase Web API key of the test stack's runtime config (the emulator accepts any). */
const API_KEY = 'demo-api-key';

async function emulatorPost<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1/${path}?key=${API_KEY}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`emulator ${path} failed: ${JSON.stringify(json)}`);
  return json;
}

/** A signed-in session of an account: a password account, or a role's demo account (the shortcut). */
async function emulatorSession(account: { email: string; password: string } | Role) {
  let tokens: { idToken: string; refreshToken: string };
  if (typeof account === 'string') {
    const res = await fetch(`${BASE_URL}/api/dev/demo-session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ role: account }),
    });
    if (!res.ok) throw new Error(`demo session failed: ${res.status} ${await res.text()}`);
    const { customToken } = (await res.json()) as { customToken: string };
    tokens = await emulatorPost('accounts:signInWithCustomToken', {
      token: customToken,
      returnSecureToken: true,
    });
  } else {
    tokens = await emulatorPost('accounts:signInWithPassword', {
      email: account.email,
      password: account.password,
      returnSecureToken: true,
    });
  }
  const { users } = await emulatorPost<{ users: EmulatorAccount[] }>('accounts:lookup', {
    idToken: tokens.idToken,
  });
  return { ...tokens, account: users[0]! };
}

interface EmulatorAccount {
  localId: string;
  email?: string;
  emailVerified?: boolean;
  createdAt?: string;
  lastLoginAt?: string;
  providerUserInfo?: { providerId: string; rawId: string; email?: string }[];
}

/**
 * Signs in without the login screen, then opens `path`: the account's session is taken from the Auth
 * emulator's REST API and written where Firebase keeps it (local persistence), so the app starts
 * signed in, as a returning user's browser does. For tests that are not about signing in; those use
 * `loginThroughUi`. The account must already be registered (`POST /api/users`, e.g. `registeredUser`):
 * the login screen would do that, this does not.
 */
export async function signInWithSession(
  page: Page,
  account: { email: string; password: string } | Role,
  path: string,
): Promise<void> {
  const { idToken, refreshToken, account: user } = await emulatorSession(account);
  const now = String(Date.now());
  const value = JSON.stringify({
    uid: user.localId,
    email: user.email,
    emailVerified: user.emailVerified ?? false,
    isAnonymous: false,
    providerData: (user.providerUserInfo ?? []).map((p) => ({
      providerId: p.providerId,
      uid: p.rawId,
      email: p.email ?? null,
      displayName: null,
      phoneNumber: null,
      photoURL: null,
    })),
    stsTokenManager: { refreshToken, accessToken: idToken, expirationTime: Date.now() + 3_600_000 },
    createdAt: user.createdAt ?? now,
    lastLoginAt: user.lastLoginAt ?? now,
    apiKey: API_KEY,
    appName: '[DEFAULT]',
  });
  // The origin's storage is reachable from any of its documents: an empty one, answered here without
  // the stack, gives it without loading the app twice.
  const blank = `${BASE_URL}/__e2e-session`;
  await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html>' }));
  await page.goto(blank);
  await page.unroute(blank);
  await page.evaluate(
    ([k, v]) => window.localStorage.setItem(k!, v!),
    [`firebase:authUser:${API_KEY}:[DEFAULT]`, value],
  );
  await page.goto(path);
}
