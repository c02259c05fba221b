/**
 * Every key Medora's frontends keep in Web Storage, in one list. Nothing that belongs to
 * an account may outlive its session on a shared device: sign-out, idle expiry and a change of account
 * remove it (`clearAccountData`, `keepOnlyAccountData`, run by the auth store).
 *
 * Firebase's own persistence key (`firebase:authUser:…`) is not ours: Firebase removes it on signOut.
 */

/** Every Medora key starts with this; anything under it that is not listed in `DEVICE_KEYS` is account data. */
export const STORAGE_PREFIX = 'medora.';

/** Keys that belong to one account (localStorage), each named after the uid it belongs to. */
export const ACCOUNT_KEYS = {
  // The unsent intake is kept on the server (`/api/patients/{uid}/draft`), never
  // here; a `medora.intakeDraft.<uid>` an earlier build left is account data (the prefix) and goes.
  /** Set when the intake was saved. */
  profileCompleted: (uid: string) => `${STORAGE_PREFIX}profileCompleted.${uid}`,
  /** This account's visit came through a doctor's link (the review adds Visit Information). */
  viaDoctor: (uid: string) => `${STORAGE_PREFIX}viaDoctor.${uid}`,
} as const;

/**
 * Keys that hold no account or health data and therefore survive a sign-out: the idle timer's shared
 * last activity and sign-out signal (timestamps only; the idle tracker clears the first itself), and an
 * arrival through a doctor's link that no account has claimed yet (sessionStorage: it ends with the tab).
 */
export const DEVICE_KEYS = {
  idleLastActivity: `${STORAGE_PREFIX}idle.lastActivity`,
  idleSignedOut: `${STORAGE_PREFIX}idle.signedOut`,
  viaDoctorArrival: `${STORAGE_PREFIX}viaDoctorArrival`,
} as const;

/** Unprefixed flags written by earlier builds; removed wherever they are found. */
export const LEGACY_KEYS = ['profileCompleted', 'viaDoctor'] as const;

const KEPT: ReadonlySet<string> = new Set(Object.values(DEVICE_KEYS));

/** The uid suffix of an account key, or null when the key is not one of `ACCOUNT_KEYS`. */
function ownerOf(key: string): string | null {
  for (const build of Object.values(ACCOUNT_KEYS)) {
    const prefix = build('');
    if (key.startsWith(prefix) && key.length > prefix.length) return key.slice(prefix.length);
  }
  return null;
}

/** Whether a key holds account data: any Medora key but the device keys, and the legacy flags. */
export function isAccountDataKey(key: string): boolean {
  if ((LEGACY_KEYS as readonly string[]).includes(key)) return true;
  return key.startsWith(STORAGE_PREFIX) && !KEPT.has(key);
}

/** The browser's storages, or none where there is no browser (Node tests) or storage is refused. */
function browserStorages(): Storage[] {
  const found: Storage[] = [];
  for (const pick of [() => globalThis.localStorage, () => globalThis.sessionStorage]) {
    try {
      const storage = pick();
      if (storage) found.push(storage);
    } catch {
      // Access refused (privacy settings): nothing can have been stored there either.
    }
  }
  return found;
}

function removeWhere(storages: Storage[], drop: (key: string) => boolean): void {
  for (const storage of storages) {
    try {
      const keys: string[] = [];
      for (let i = 0; i < storage.length; i += 1) {
        const key = storage.key(i);
        if (key !== null && drop(key)) keys.push(key);
      }
      for (const key of keys) storage.removeItem(key);
    } catch {
      // A storage that cannot be read holds nothing we wrote.
    }
  }
}

/** Removes every key that holds account or health data (sign-out, idle expiry). */
export function clearAccountData(storages: Storage[] = browserStorages()): void {
  removeWhere(storages, isAccountDataKey);
}

/**
 * On sign-in of `uid`: removes the account data of every other account (a change of account without a
 * sign-out, e.g. from another tab) and the legacy flags; keeps this account's own keys.
 */
export function keepOnlyAccountData(uid: string, storages: Storage[] = browserStorages()): void {
  removeWhere(storages, (key) => isAccountDataKey(key) && ownerOf(key) !== uid);
}

/** Reads a per-account flag ('true'); false when storage is refused. */
export function readAccountFlag(key: string, storage?: Storage): boolean {
  try {
    return (storage ?? globalThis.localStorage)?.getItem(key) === 'true';
  } catch {
    return false;
  }
}

/** Sets a per-account flag; a refused storage only loses the flag. */
export function writeAccountFlag(key: string, storage?: Storage): void {
  try {
    (storage ?? globalThis.localStorage)?.setItem(key, 'true');
  } catch {
    // Storage full or refused.
  }
}

/**
 * A visit through a doctor's link (`?doctor=1`, `?ref=doctor`). Before sign-in there is no uid,
 * so the arrival waits in sessionStorage until an account claims it (`claimViaDoctorArrival`).
 */
export function rememberViaDoctorArrival(uid: string | null): void {
  if (uid) {
    writeAccountFlag(ACCOUNT_KEYS.viaDoctor(uid));
    return;
  }
  try {
    globalThis.sessionStorage?.setItem(DEVICE_KEYS.viaDoctorArrival, 'true');
  } catch {
    // Refused: the visit is not marked as through a doctor.
  }
}

/** Moves an unclaimed arrival through a doctor's link to the account that signed in. */
export function claimViaDoctorArrival(uid: string): void {
  try {
    const session = globalThis.sessionStorage;
    if (session?.getItem(DEVICE_KEYS.viaDoctorArrival) !== 'true') return;
    session.removeItem(DEVICE_KEYS.viaDoctorArrival);
    writeAccountFlag(ACCOUNT_KEYS.viaDoctor(uid));
  } catch {
    // Refused: nothing was stored.
  }
}
