import { authStore } from './auth-store.js';

describe('auth store', () => {
  it('starts loading and follows the signed-in user', () => {
    expect(authStore.getState().status).toBe('loading');
    authStore.getState().setUser({ uid: 'u1', email: 'a@b.co', emailVerified: false });
    expect(authStore.getState().status).toBe('signed-in');
    authStore.getState().setProfile({
      uid: 'u1',
      email: 'a@b.co',
      role: 'patient',
      emailVerified: false,
      registered: true,
      access: { admin: false, providerDashboard: false },
    });
    authStore.getState().setUser(null);
    expect(authStore.getState()).toMatchObject({ status: 'signed-out', user: null, profile: null });
  });
});
