import { authStore, type AuthState } from '@medora/shared';
import { drawsBeforeAuth, storedSession, tokenStillGood } from '../../../early-fetch';

/**
 * On a route that `drawsBeforeAuth`, signs the auth store in from the session Firebase Auth keeps in
 * the browser when its ID token is still good, so the guards let the screen draw while the SDK loads.
 * Until it has loaded, API calls carry the stored token (the API verifies it like any other); a
 * refresh, or a token near its end, and a sign-out load it (`loadAuth`) and hand over to it. Firebase's
 * first report then replaces the resumed account (`setUser`). Returns whether it resumed; otherwise the
 * store waits for the SDK as before.
 */
export function resumeStoredSession(
  apiKey: string,
  pathname: string,
  loadAuth: () => Promise<unknown>,
  now = Date.now(),
): boolean {
  if (!drawsBeforeAuth(pathname)) return false;
  const session = storedSession(apiKey, now);
  if (!session) return false;
  // Once the SDK has started it has set its own functions; calling these again would loop.
  const handedOver = () => authStore.getState().getIdToken !== fns.getIdToken;
  const fns: Pick<AuthState, 'getIdToken' | 'signOut'> = {
    getIdToken: async (forceRefresh = false) => {
      if (!forceRefresh && tokenStillGood(session.expiresAt)) return session.token;
      await loadAuth();
      return handedOver() ? authStore.getState().getIdToken(forceRefresh) : null;
    },
    signOut: async () => {
      await loadAuth();
      if (handedOver()) await authStore.getState().signOut();
    },
  };
  const { uid, email, emailVerified } = session;
  authStore.getState().resumeSession({ uid, email, emailVerified }, fns);
  return true;
}
