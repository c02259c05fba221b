import {
  changeEmailFormSchema,
  changePasswordFormSchema,
  createUserSchema,
  notificationPreferencesSchema,
  updateAccountSchema,
} from './users.js';
import { MESSAGES } from '@medora/shared/messages';
import {
  ACCOUNT_NAME_MAX_LENGTH,
  DEFAULT_NOTIFICATION_PREFERENCES,
  REMINDER_LEAD_HOURS,
} from '../auth/account-fields.js';

describe('createUserSchema', () => {
  it('accepts the spec body', () => {
    expect(
      createUserSchema.parse({ uid: 'abc', email: 'a@b.co', role: 'doctor', emailVerified: true }).role,
    ).toBe('doctor');
  });

  it('refuses the admin role with the catalogue message', () => {
    const result = createUserSchema.safeParse({ uid: 'abc', role: 'admin' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(MESSAGES.adminRoleRefused);
  });

  it('refuses unknown fields', () => {
    expect(createUserSchema.safeParse({ uid: 'abc', role: 'patient', isAdmin: true }).success).toBe(false);
  });
});

// The settings page's schemas, shared by the forms and the API.
describe('updateAccountSchema', () => {
  it('trims the name and takes an empty value as "clear"', () => {
    expect(updateAccountSchema.parse({ name: '  Dana  ', phone: '' })).toEqual({ name: 'Dana', phone: '' });
  });

  it.each([
    [{ phone: '555123456' }, MESSAGES.invalidPhone],
    [{ phone: '+15551234567' }, MESSAGES.invalidPhone],
    [{ name: 'x'.repeat(ACCOUNT_NAME_MAX_LENGTH + 1) }, MESSAGES.settingsNameTooLong],
    [{ name: 'a\tb' }, MESSAGES.settingsNameInvalid],
    [{}, MESSAGES.settingsNothingToUpdate],
  ])('refuses %j with its catalogue message', (body, message) => {
    const result = updateAccountSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('refuses an e-mail, uid or role in the body', () => {
    for (const extra of [{ email: 'x@y.z' }, { uid: 'abc' }, { role: 'admin' }]) {
      expect(updateAccountSchema.safeParse({ name: 'A', ...extra }).success).toBe(false);
    }
  });
});

describe('notificationPreferencesSchema', () => {
  it('accepts the defaults and every offered lead time, nothing else', () => {
    expect(notificationPreferencesSchema.parse(DEFAULT_NOTIFICATION_PREFERENCES)).toEqual(
      DEFAULT_NOTIFICATION_PREFERENCES,
    );
    for (const hours of REMINDER_LEAD_HOURS) {
      expect(
        notificationPreferencesSchema.safeParse({
          ...DEFAULT_NOTIFICATION_PREFERENCES,
          reminderLeadHours: hours,
        }).success,
      ).toBe(true);
    }
    const bad = notificationPreferencesSchema.safeParse({
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      reminderLeadHours: 12,
    });
    expect(bad.error?.issues[0]?.message).toBe(MESSAGES.settingsPrefLeadInvalid);
  });
});

describe('changePasswordFormSchema and changeEmailFormSchema', () => {
  it('needs the current password, the shared minimum, a matching confirmation and a new password', () => {
    const msg = (v: object) => changePasswordFormSchema.safeParse(v).error?.issues.map((i) => i.message);
    expect(msg({ currentPassword: '', newPassword: 'abcdef', confirmPassword: 'abcdef' })).toEqual([
      MESSAGES.settingsCurrentPasswordRequired,
    ]);
    expect(msg({ currentPassword: 'old', newPassword: 'abc', confirmPassword: 'abc' })).toEqual([
      MESSAGES.passwordTooShort,
    ]);
    expect(msg({ currentPassword: 'old', newPassword: 'abcdef', confirmPassword: 'abcdeg' })).toEqual([
      MESSAGES.settingsPasswordsDiffer,
    ]);
    expect(msg({ currentPassword: 'abcdef', newPassword: 'abcdef', confirmPassword: 'abcdef' })).toEqual([
      MESSAGES.settingsPasswordUnchanged,
    ]);
  });

  it('refuses the current address (any case) and an invalid one', () => {
    const schema = changeEmailFormSchema('me@example.test');
    expect(
      schema.safeParse({ newEmail: 'ME@example.test', currentPassword: 'x' }).error?.issues[0]?.message,
    ).toBe(MESSAGES.settingsEmailUnchanged);
    expect(schema.safeParse({ newEmail: 'nope', currentPassword: 'x' }).error?.issues[0]?.message).toBe(
      MESSAGES.invalidEmail,
    );
    expect(schema.parse({ newEmail: ' new@example.test ', currentPassword: 'x' }).newEmail).toBe(
      'new@example.test',
    );
  });
});
