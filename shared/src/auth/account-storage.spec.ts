import {
  ACCOUNT_KEYS,
  DEVICE_KEYS,
  clearAccountData,
  isAccountDataKey,
  keepOnlyAccountData,
} from './account-storage.js';

/** A Web Storage in memory (the shared package's tests run in Node). */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  keys() {
    return [...this.items.keys()].sort();
  }
}

/** What a patient's browser holds after two accounts used it (u1 and u2), plus others' keys. */
function filled(): MemoryStorage {
  const storage = new MemoryStorage();
  for (const uid of ['u1', 'u2']) {
    storage.setItem(`medora.intakeDraft.${uid}`, '{"answers":{"name":"Maria Santos"}}');
    storage.setItem(ACCOUNT_KEYS.profileCompleted(uid), 'true');
    storage.setItem(ACCOUNT_KEYS.viaDoctor(uid), 'true');
  }
  storage.setItem('medora.bookingDraft.u1', '{"doctorId":"d1"}');
  storage.setItem('profileCompleted', 'true');
  storage.setItem('viaDoctor', 'true');
  storage.setItem(DEVICE_KEYS.idleLastActivity, '1700000000000');
  storage.setItem(DEVICE_KEYS.idleSignedOut, '1700000000000');
  storage.setItem('firebase:authUser:demo-api-key:[DEFAULT]', '{"uid":"u1"}');
  return storage;
}

describe('account storage keys', () => {
  it('names every account key after its uid, under the medora. prefix', () => {
    expect(ACCOUNT_KEYS.profileCompleted('u1')).toBe('medora.profileCompleted.u1');
    expect(ACCOUNT_KEYS.viaDoctor('u1')).toBe('medora.viaDoctor.u1');
    expect(ACCOUNT_KEYS.profileCompleted('u1')).not.toBe(ACCOUNT_KEYS.profileCompleted('u2'));
  });

  it('counts any medora. key but the idle and arrival keys as account data, and the legacy flags', () => {
    expect(isAccountDataKey('medora.intakeDraft.u1')).toBe(true);
    expect(isAccountDataKey('medora.somethingNew')).toBe(true);
    expect(isAccountDataKey('profileCompleted')).toBe(true);
    expect(isAccountDataKey('viaDoctor')).toBe(true);
    for (const key of Object.values(DEVICE_KEYS)) expect(isAccountDataKey(key)).toBe(false);
    expect(isAccountDataKey('firebase:authUser:x:[DEFAULT]')).toBe(false);
  });

  it('clearAccountData leaves only the idle keys and Firebase’s own key, in every storage given', () => {
    const local = filled();
    const session = filled();
    clearAccountData([local, session]);
    const left = [
      'firebase:authUser:demo-api-key:[DEFAULT]',
      DEVICE_KEYS.idleLastActivity,
      DEVICE_KEYS.idleSignedOut,
    ].sort();
    expect(local.keys()).toEqual(left);
    expect(session.keys()).toEqual(left);
  });

  it("keepOnlyAccountData keeps the signed-in account's keys and removes every other account's", () => {
    const local = filled();
    keepOnlyAccountData('u2', [local]);
    expect(local.keys()).toEqual(
      [
        'firebase:authUser:demo-api-key:[DEFAULT]',
        DEVICE_KEYS.idleLastActivity,
        DEVICE_KEYS.idleSignedOut,
        'medora.profileCompleted.u2',
        'medora.viaDoctor.u2',
      ].sort(),
    );
  });

  it('does not take a uid that only starts like another for the same account', () => {
    const local = new MemoryStorage();
    local.setItem(ACCOUNT_KEYS.profileCompleted('u10'), 'true');
    keepOnlyAccountData('u1', [local]);
    expect(local.keys()).toEqual([]);
  });

  it('copes with a storage that refuses access', () => {
    const refusing = {
      get length(): number {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    expect(() => clearAccountData([refusing])).not.toThrow();
  });
});
