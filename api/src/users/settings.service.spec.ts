import { jest } from '@jest/globals';
import { DEFAULT_NOTIFICATION_PREFERENCES, MESSAGES } from '@medora/shared';
import type { AccessPolicy } from '../auth/access-policy.js';
import type { Caller } from '../auth/caller.js';
import { SettingsService } from './settings.service.js';
import type { UserPreferencesRepository } from './user-preferences.repository.js';
import type { UserRow, UsersRepository } from './users.repository.js';

const caller = (over: Partial<Caller> = {}): Caller => ({
  uid: 'u1',
  email: 'new@example.test',
  emailVerified: true,
  role: 'patient',
  registered: true,
  ...over,
});

const row: UserRow = {
  id: 'id-1',
  firebaseUid: 'u1',
  email: 'new@example.test',
  role: 'patient',
  emailVerified: true,
  phone: null,
  name: null,
  createdAt: new Date(),
  updatedAt: new Date(),
};

function setup() {
  const users = {
    refreshFromToken: jest.fn(async (..._: unknown[]) => undefined),
    findByFirebaseUid: jest.fn(async (..._: unknown[]) => row),
    findAccount: jest.fn(async (..._: unknown[]) => row),
    updateAccount: jest.fn(async (..._: unknown[]) => ({ ...row, recordRenamed: false })),
  };
  const preferences = {
    findByFirebaseUid: jest.fn(async (..._: unknown[]) => null),
    save: jest.fn(async (..._: unknown[]) => null),
  };
  const service = new SettingsService(
    users as unknown as UsersRepository,
    preferences as unknown as UserPreferencesRepository,
    { audit: jest.fn(async () => undefined) } as unknown as AccessPolicy,
  );
  return { service, users, preferences };
}

describe('SettingsService', () => {
  it("updates the token's own account only, and stores an emptied field as null", async () => {
    const { service, users } = setup();
    await service.updateAccount(caller(), { name: '', phone: '5551234567' });
    expect(users.updateAccount).toHaveBeenCalledWith('u1', { name: null, phone: '5551234567' });
    await service.updateAccount(caller(), { phone: '' });
    expect(users.updateAccount).toHaveBeenLastCalledWith('u1', { name: undefined, phone: null });
  });

  it("makes the stored e-mail follow the verified token's on every account read", async () => {
    const { service, users } = setup();
    const issued = new Date('2026-11-24T10:00:00Z');
    await service.account(caller({ tokenIssuedAt: issued }));
    expect(users.refreshFromToken).toHaveBeenCalledWith('u1', 'new@example.test', true, issued);
  });

  it('refuses an account without a user record, before touching the database', async () => {
    const { service, users } = setup();
    await expect(service.account(caller({ registered: false, role: null }))).rejects.toMatchObject({
      message: MESSAGES.settingsAccountRequired,
    });
    await expect(
      service.savePreferences(caller({ registered: false, role: null }), DEFAULT_NOTIFICATION_PREFERENCES),
    ).rejects.toMatchObject({ message: MESSAGES.settingsAccountRequired });
    expect(users.refreshFromToken).not.toHaveBeenCalled();
  });

  it('answers the shared defaults (a copy) when nothing was saved', async () => {
    const { service } = setup();
    const prefs = await service.getPreferences(caller());
    expect(prefs).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect(prefs).not.toBe(DEFAULT_NOTIFICATION_PREFERENCES);
  });
});
