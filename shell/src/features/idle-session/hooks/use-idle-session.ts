import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { authStore, DEVICE_KEYS } from '@medora/shared';
import {
  IdleTracker,
  type ActivityStore,
  type IdleClock,
  type IdleEndReason,
  type IdleView,
} from '../model/idle-tracker';
import { idlePhase, resumeFrom } from '../model/idle-policy';

/**
 * localStorage keys: the newest activity of any tab (kept across reloads) and the idle sign-out signal.
 * Timestamps only, no account or health data, so a sign-out may leave them (@medora/shared DEVICE_KEYS).
 */
export const LAST_ACTIVITY_KEY = DEVICE_KEYS.idleLastActivity;
export const IDLE_SIGNED_OUT_KEY = DEVICE_KEYS.idleSignedOut;

/** What counts as the user being there. `scroll` does not bubble, hence capture listeners on window. */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart', 'focusin'];

const browserClock: IdleClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

/**
 * localStorage: one value all tabs of the origin see (a write reaches the others as a `storage` event) and
 * that outlives the tab. Storage can be refused (privacy settings); the timer then works in this tab alone.
 */
const localActivityStore: ActivityStore = {
  read: () => {
    try {
      const value = Number(localStorage.getItem(LAST_ACTIVITY_KEY) ?? NaN);
      return Number.isFinite(value) ? value : null;
    } catch {
      return null;
    }
  },
  write: (at) => attempt(() => localStorage.setItem(LAST_ACTIVITY_KEY, String(at))),
  clear: () => attempt(() => localStorage.removeItem(LAST_ACTIVITY_KEY)),
  // A new value each time (the time, then the reason), so the other tabs get an event even after an
  // earlier sign-out.
  announceSignOut: (reason) =>
    attempt(() => localStorage.setItem(IDLE_SIGNED_OUT_KEY, `${Date.now()} ${reason}`)),
};

/**
 * Whether the idle limit has passed since the last activity this browser recorded: a session kept past it
 * must not draw its screen before the idle timer has signed it out.
 */
export function idleLimitPassed(now = Date.now()): boolean {
  return idlePhase(resumeFrom(localActivityStore.read(), now), now).kind === 'expired';
}

function attempt(write: () => void): void {
  try {
    write();
  } catch {
    // Storage refused or full: other tabs and reloads do not see this value; this tab still times out.
  }
}

/**
 * Signs out through the auth store, like the Logout button: it removes the account's browser data, then
 * Firebase clears the session. If that fails, `setUser(null)` clears both all the same.
 */
async function signOut(): Promise<void> {
  try {
    await authStore.getState().signOut();
  } catch (error) {
    console.error('[medora] sign-out after inactivity failed', error);
  }
  if (authStore.getState().status !== 'signed-out') authStore.getState().setUser(null);
}

/**
 * Runs the idle timer while an account is signed in: listens for activity in this tab and in the others,
 * signs out when the limit passes (or the user chooses to), then lets the host say why
 * (`onSignedOut`, e.g. go to the login page with a notice).
 */
export function useIdleSession(onSignedOut: (reason: IdleEndReason) => unknown): {
  view: IdleView;
  staySignedIn: () => void;
  signOutNow: () => void;
} {
  const onSignedOutRef = useRef(onSignedOut);
  useEffect(() => {
    onSignedOutRef.current = onSignedOut;
  }, [onSignedOut]);

  const [tracker] = useState(() => {
    const created: IdleTracker = new IdleTracker({
      clock: browserClock,
      store: localActivityStore,
      onExpire: (reason) => {
        void signOut()
          .then(() => onSignedOutRef.current(reason))
          .catch((error: unknown) => console.error('[medora] after idle sign-out', error))
          .finally(() => created.expiryHandled());
      },
    });
    return created;
  });

  useEffect(() => {
    // Subscribed to the vanilla store rather than through React: the tracker learns of a restored session
    // synchronously, before React renders the page, so a session idle past the limit never shows it.
    let previous = authStore.getState().status;
    if (previous === 'signed-in') tracker.signedIn('resumed');
    const unsubscribe = authStore.subscribe(({ status }) => {
      if (status === previous) return;
      const before = previous;
      previous = status;
      // From signed-out: a sign-in just happened (here or in another tab). From loading: a restore.
      if (status === 'signed-in') tracker.signedIn(before === 'signed-out' ? 'fresh' : 'resumed');
      else if (status === 'signed-out') tracker.signedOut();
    });

    const onActivity = () => tracker.activity();
    const listen = { capture: true, passive: true } as const;
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, listen);

    const onStorage = (event: StorageEvent) => {
      if (event.key === LAST_ACTIVITY_KEY && event.newValue !== null) {
        const at = Number(event.newValue);
        if (Number.isFinite(at)) tracker.othersActive(at);
      } else if (event.key === IDLE_SIGNED_OUT_KEY && event.newValue !== null) {
        // A value without a reason (written before the reason was added) was an idle sign-out.
        tracker.othersSignedOut(event.newValue.endsWith(' user') ? 'user' : 'idle');
      }
    };
    window.addEventListener('storage', onStorage);
    // Timers of hidden tabs are throttled; coming back re-reads the clock (it is not activity).
    const onVisibility = () => tracker.check();
    document.addEventListener('visibilitychange', onVisibility);

    return () => {
      unsubscribe();
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, listen);
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onVisibility);
      tracker.detach();
    };
  }, [tracker]);

  const view = useSyncExternalStore(tracker.subscribe, tracker.getView);
  return { view, staySignedIn: () => tracker.staySignedIn(), signOutNow: () => tracker.signOutNow() };
}
