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

describe('auth store resumed from the stored session', () => {
  const patient = { uid: 'u1', email: 'a@b.co', emailVerified: true };
  const fns = { getIdToken: async () => 'stored-token', signOut: async () => undefined };
  const profile = {
    uid: 'u1',
    email: 'a@b.co',
    role: 'patient' as const,
    emailVerified: true,
    registered: true,
    access: { admin: false, providerDashboard: false },
  };

  beforeEach(() => authStore.setState({ status: 'loading', user: null, profile: null, provisional: false }));

  it('is signed in, provisionally, with the stored account and token', async () => {
    authStore.getState().resumeSession(patient, fns);
    expect(authStore.getState()).toMatchObject({ status: 'signed-in', user: patient, provisional: true });
    await expect(authStore.getState().getIdToken()).resolves.toBe('stored-token');
  });

  it('stays signed in when Firebase reports the same account, keeping its profile', () => {
    authStore.getState().resumeSession(patient, fns);
    authStore.getState().setProfile(profile);
    authStore.getState().setUser(patient);
    expect(authStore.getState()).toMatchObject({ status: 'signed-in', provisional: false, profile });
  });

  it('signs out when Firebase reports no user', () => {
    authStore.getState().resumeSession(patient, fns);
    authStore.getState().setProfile(profile);
    authStore.getState().setUser(null);
    expect(authStore.getState()).toMatchObject({
      status: 'signed-out',
      user: null,
      profile: null,
      provisional: false,
    });
  });

  it('signs the resumed account out before taking another one Firebase reports', () => {
    const statuses: [string, string | undefined][] = [];
    authStore.getState().resumeSession(patient, fns);
    authStore.getState().setProfile(profile);
    const unsubscribe = authStore.subscribe((s) => statuses.push([s.status, s.user?.uid]));
    const other = { uid: 'u2', email: 'c@d.co', emailVerified: true };
    authStore.getState().setUser(other);
    unsubscribe();
    expect(statuses).toEqual([
      ['signed-out', undefined],
      ['signed-in', 'u2'],
    ]);
    expect(authStore.getState()).toMatchObject({ user: other, profile: null, provisional: false });
  });
});
