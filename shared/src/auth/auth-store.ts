import { createStore } from 'zustand/vanilla';
import type { Role } from '../roles.js';
import type { MeAccess } from '../schemas/users.js';
import { claimViaDoctorArrival, clearAccountData, keepOnlyAccountData } from './account-storage.js';

/** The signed-in account as the frontends see it. */
export interface AuthUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
}

/** What the API says about the caller (`GET /api/me`): the server is the authority on role. */
export interface SessionProfile {
  uid: string;
  email: string | null;
  role: Role;
  emailVerified: boolean;
  /** Whether POST /api/users has run for this account. */
  registered: boolean;
  /** What the server lets this account open (GET /api/me). */
  access: MeAccess;
}

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  profile: SessionProfile | null;
  /**
   * Signed in from the session the browser kept (`resumeSession`), before the identity provider has
   * reported: enough to draw the first screen, whose data the API still checks token by token.
   */
  provisional: boolean;
  /**
   * Returns a fresh Firebase ID token, or null when signed out. Set by the shell. `forceRefresh`
   * reloads the account and issues a new token (a just-verified email reaches the API).
   */
  getIdToken: (forceRefresh?: boolean) => Promise<string | null>;
  /**
   * Signs out: removes the account's data from browser storage, then signs out through the identity
   * provider the shell set. Every sign-out (header, idle expiry, cancel) goes through here.
   */
  signOut: () => Promise<void>;
  /**
   * What the identity provider reports. After `resumeSession` a report of no user signs out; one of
   * another user first signs the resumed account out (its data goes), then signs the reported one in.
   */
  setUser: (user: AuthUser | null) => void;
  /**
   * Signs in from the stored session while the identity provider loads: `fns` answer with the stored
   * token and hand over to the provider when it is needed. The provider's first report ends it.
   */
  resumeSession: (
    user: AuthUser,
    fns: { getIdToken: AuthState['getIdToken']; signOut: AuthState['signOut'] },
  ) => void;
  setProfile: (profile: SessionProfile | null) => void;
  setAuthFunctions: (fns: { getIdToken: AuthState['getIdToken']; signOut: AuthState['signOut'] }) => void;
}

/**
 * The one auth store shared by the shell and every remote. `@medora/shared` is a federation singleton,
 * so this module (and the store) exists once per page. It uses zustand's vanilla store so the package
 * stays free of React; components read it with `useStore(authStore, selector)`.
 */
export const authStore = createStore<AuthState>()((set, get) => ({
  status: 'loading',
  user: null,
  profile: null,
  provisional: false,
  getIdToken: async () => null,
  signOut: async () => clearAccountData(),
  setUser: (user) => {
    const { provisional, user: resumed } = get();
    // Nothing of the resumed account may stay under another one: it is signed out first.
    if (provisional && user && resumed && user.uid !== resumed.uid) get().setUser(null);
    // The one place every auth change passes (Firebase's listener, idle expiry, other tabs): browser
    // storage follows it before anyone renders, so no account ever sees another's data.
    if (user) {
      keepOnlyAccountData(user.uid);
      claimViaDoctorArrival(user.uid);
    } else {
      clearAccountData();
    }
    set((state) => ({
      user,
      status: user ? 'signed-in' : 'signed-out',
      profile: user && state.profile?.uid === user.uid ? state.profile : null,
      provisional: false,
    }));
  },
  resumeSession: (user, fns) => {
    get().setUser(user);
    get().setAuthFunctions(fns);
    set({ provisional: true });
  },
  setProfile: (profile) => set({ profile }),
  setAuthFunctions: ({ getIdToken, signOut }) =>
    set({
      getIdToken,
      // Cleared first, so the data is gone even when the provider's sign-out fails (offline).
      signOut: async () => {
        clearAccountData();
        await signOut();
      },
    }),
}));
