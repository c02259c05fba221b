import type { Page } from '@playwright/test';
import { ROLE_LABELS, ROLES, SIGN_IN_CARD } from '@medora/shared';
import { AUTH_EMULATOR_URL } from './stack';

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
