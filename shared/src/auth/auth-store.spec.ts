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

describe('auth store and browser storage', () => {
  const store = new Map<string, string>();
  const fake = {
    get length() {
      return store.size;
    },
    key: (i: number) => [...store.keys()][i] ?? null,
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
    clear: () => store.clear(),
  } as Storage;
  const g = globalThis as { localStorage?: Storage };

  beforeEach(() => {
    store.clear();
    g.localStorage = fake;
  });
  afterEach(() => {
    delete g.localStorage;
  });

  it('signOut removes the account data before the provider signs out, and even when it fails', async () => {
    const seen: string[][] = [];
    authStore.getState().setAuthFunctions({
      getIdToken: async () => null,
      signOut: async () => {
        seen.push([...store.keys()]);
        throw new Error('offline');
      },
    });
    authStore.getState().setUser({ uid: 'u1', email: 'a@b.co', emailVerified: true });
    store.set('medora.intakeDraft.u1', '{"answers":{"name":"Maria Santos"}}');
    store.set('medora.idle.lastActivity', '1');
    await expect(authStore.getState().signOut()).rejects.toThrow('offline');
    expect(seen).toEqual([['medora.idle.lastActivity']]);
    expect([...store.keys()]).toEqual(['medora.idle.lastActivity']);
  });

  it('a change of account removes the previous account’s data; a sign-out removes all of it', () => {
    authStore.getState().setUser({ uid: 'u1', email: 'a@b.co', emailVerified: true });
    store.set('medora.intakeDraft.u1', '{}');
    store.set('medora.profileCompleted.u1', 'true');
    authStore.getState().setUser({ uid: 'u2', email: 'b@b.co', emailVerified: true });
    expect([...store.keys()]).toEqual([]);
    store.set('medora.profileCompleted.u2', 'true');
    authStore.getState().setUser({ uid: 'u2', email: 'b@b.co', emailVerified: true });
    expect([...store.keys()]).toEqual(['medora.profileCompleted.u2']);
    authStore.getState().setUser(null);
    expect([...store.keys()]).toEqual([]);
  });
});
