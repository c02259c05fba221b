import type { Auth, User } from 'firebase/auth';
import type * as FirebaseAuth from 'firebase/auth';
import type { RuntimeConfig } from '@medora/shared';

/**
 * The identity-provider calls (create account, send verification, sign in, reset, reload,
 * sign out). Firebase is imported lazily so the landing page never pays for it.
 */
async function firebase(config: RuntimeConfig): Promise<[Auth, typeof FirebaseAuth]> {
  const [{ startFirebaseAuth }, fb] = await Promise.all([
    import(/* webpackChunkName: "firebase-auth" */ '../firebase'),
    import('firebase/auth'),
  ]);
  return [startFirebaseAuth(config), fb];
}

/** The started Auth instance (local tools sign in with a custom token through it). */
export async function getAuthInstance(config: RuntimeConfig): Promise<Auth> {
  return (await firebase(config))[0];
}

export async function signIn(config: RuntimeConfig, email: string, password: string): Promise<User> {
  const [auth, fb] = await firebase(config);
  return (await fb.signInWithEmailAndPassword(auth, email.trim(), password)).user;
}

/** Creates the account and sends the verification email. */
export async function signUp(config: RuntimeConfig, email: string, password: string): Promise<User> {
  const [auth, fb] = await firebase(config);
  const { user } = await fb.createUserWithEmailAndPassword(auth, email.trim(), password);
  await fb.sendEmailVerification(user);
  return user;
}

export async function sendReset(config: RuntimeConfig, email: string): Promise<void> {
  const [auth, fb] = await firebase(config);
  await fb.sendPasswordResetEmail(auth, email.trim());
}

export async function resendVerification(config: RuntimeConfig): Promise<void> {
  const [auth, fb] = await firebase(config);
  if (auth.currentUser) await fb.sendEmailVerification(auth.currentUser);
}

/**
 * Reloads the user ("I've Verified My Email"). When verified, a fresh ID token carries
 * email_verified to the API and updates the auth store.
 */
export async function reloadUser(config: RuntimeConfig): Promise<boolean> {
  const [auth] = await firebase(config);
  const user = auth.currentUser;
  if (!user) return false;
  await user.reload();
  if (user.emailVerified) await user.getIdToken(true);
  return user.emailVerified;
}
