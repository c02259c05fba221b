// The texts only this package uses (the message catalogue's shell area), before any module reads them.
import '@medora/shared/messages/shell';
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  initializeAuth,
  onIdTokenChanged,
  signOut,
  type Auth,
} from 'firebase/auth';
import { authStore, type RuntimeConfig } from '@medora/shared';

let started: Auth | undefined;

/**
 * Starts Firebase Auth once and wires it to the shared auth store. Loaded with a dynamic import after
 * the first render, so the landing page does not pay for auth code before first paint; a dashboard
 * resumed from the stored session (resume-session.ts) loads it once its screen has shown.
 */
export function startFirebaseAuth(config: RuntimeConfig): Auth {
  if (started) return started;
  const app = initializeApp(config.firebase);
  // Sign-in survives reloads (sign-in state persists in local browser storage).
  const auth = initializeAuth(app, { persistence: browserLocalPersistence });
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  onIdTokenChanged(auth, (user) => {
    authStore
      .getState()
      .setUser(user ? { uid: user.uid, email: user.email, emailVerified: user.emailVerified } : null);
  });
  authStore.getState().setAuthFunctions({
    getIdToken: async (forceRefresh = false) => {
      // A screen drawn from the stored session asks before Firebase has read it back.
      await auth.authStateReady();
      const user = auth.currentUser;
      if (!user) return null;
      if (forceRefresh) await user.reload();
      return user.getIdToken(forceRefresh);
    },
    signOut: () => signOut(auth),
  });
  started = auth;
  return auth;
}
