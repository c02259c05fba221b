import { authStore } from '@medora/shared';
import { resumeStoredSession } from './resume-session';

const API_KEY = 'demo-api-key';

function storeSession(uid: string, expiresInMs: number) {
  window.localStorage.setItem(
    `firebase:authUser:${API_KEY}:[DEFAULT]`,
    JSON.stringify({
      uid,
      email: `${uid}@example.com`,
      emailVerified: true,
      stsTokenManager: { accessToken: `token-of-${uid}`, expirationTime: Date.now() + expiresInMs },
    }),
  );
}

/** What Firebase Auth's start sets in the store (firebase.ts). */
function sdkStarts() {
  authStore.getState().setAuthFunctions({
    getIdToken: async (force) => (force ? 'refreshed-token' : 'sdk-token'),
    signOut: async () => authStore.getState().setUser(null),
  });
}

afterEach(() => {
  window.localStorage.clear();
  authStore.setState({ status: 'loading', user: null, profile: null, provisional: false });
});

describe('resumeStoredSession', () => {
  it('signs in provisionally from a stored session with a good token, without loading Firebase', async () => {
    storeSession('u1', 30 * 60_000);
    const loadAuth = jest.fn(async () => undefined);
    expect(resumeStoredSession(API_KEY, '/dashboard', loadAuth)).toBe(true);
    expect(authStore.getState()).toMatchObject({
      status: 'signed-in',
      provisional: true,
      user: { uid: 'u1', email: 'u1@example.com', emailVerified: true },
    });
    await expect(authStore.getState().getIdToken()).resolves.toBe('token-of-u1');
    expect(loadAuth).not.toHaveBeenCalled();
  });

  it('leaves the store waiting for Firebase when no session is stored', () => {
    expect(resumeStoredSession(API_KEY, '/dashboard', jest.fn())).toBe(false);
    expect(authStore.getState()).toMatchObject({ status: 'loading', provisional: false });
  });

  it('leaves the store waiting for Firebase when the stored token has expired or is about to', () => {
    storeSession('u1', -60_000);
    expect(resumeStoredSession(API_KEY, '/dashboard', jest.fn())).toBe(false);
    storeSession('u1', 30_000);
    expect(resumeStoredSession(API_KEY, '/dashboard', jest.fn())).toBe(false);
    expect(authStore.getState().status).toBe('loading');
  });

  it('does not resume on a page that needs Firebase for its first screen', () => {
    storeSession('u1', 30 * 60_000);
    expect(resumeStoredSession(API_KEY, '/settings', jest.fn())).toBe(false);
    expect(authStore.getState().status).toBe('loading');
  });

  it('hands a refresh and a sign-out over to Firebase, loading it first', async () => {
    storeSession('u1', 30 * 60_000);
    const loadAuth = jest.fn(async () => sdkStarts());
    resumeStoredSession(API_KEY, '/provider-dashboard', loadAuth);
    await expect(authStore.getState().getIdToken(true)).resolves.toBe('refreshed-token');
    expect(loadAuth).toHaveBeenCalledTimes(1);
    await authStore.getState().signOut();
    expect(authStore.getState()).toMatchObject({ status: 'signed-out', user: null });
  });

  it('a sign-out before Firebase has loaded loads it and signs out through it', async () => {
    storeSession('u1', 30 * 60_000);
    resumeStoredSession(API_KEY, '/dashboard', async () => sdkStarts());
    await authStore.getState().signOut();
    expect(authStore.getState()).toMatchObject({ status: 'signed-out', provisional: false });
  });

  it('ends when Firebase reports no user or another one', () => {
    storeSession('u1', 30 * 60_000);
    resumeStoredSession(API_KEY, '/dashboard', jest.fn());
    authStore.getState().setUser(null);
    expect(authStore.getState()).toMatchObject({ status: 'signed-out', provisional: false });

    resumeStoredSession(API_KEY, '/dashboard', jest.fn());
    authStore.getState().setUser({ uid: 'u2', email: null, emailVerified: false });
    expect(authStore.getState()).toMatchObject({ user: { uid: 'u2' }, profile: null, provisional: false });
  });
});
