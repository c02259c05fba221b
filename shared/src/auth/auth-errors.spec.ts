import { ApiError } from '../api/api-error.js';
import { formatMessage, MESSAGES } from '@medora/shared/messages';
import { authErrorMessage, isUnknownAccountError } from './auth-errors.js';

/** What the Firebase SDK throws: a FirebaseError with a code and its own English text. */
const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

describe('authErrorMessage', () => {
  it.each([
    ['auth/email-already-in-use', MESSAGES.emailInUse],
    ['auth/invalid-email', MESSAGES.invalidEmail],
    ['auth/weak-password', MESSAGES.weakPassword],
  ])('maps %s at sign-up, patient and doctor alike, to its spec message', (code, message) => {
    expect(authErrorMessage('signup', firebaseError(code))).toBe(message);
    expect(authErrorMessage('doctorSignup', firebaseError(code))).toBe(message);
  });

  it('reads the same for a wrong password, an unknown account, an invalid credential and a disabled account', () => {
    const messages = [
      'auth/wrong-password',
      'auth/user-not-found',
      'auth/invalid-credential',
      'auth/invalid-login-credentials',
      'auth/user-disabled',
    ].map((code) => authErrorMessage('login', firebaseError(code)));
    expect(new Set(messages)).toEqual(new Set(['Login failed: Incorrect e-mail or password.']));
  });

  it.each([
    [
      'login',
      'auth/too-many-requests',
      'Login failed: Too many attempts. Please wait a few minutes and try again.',
    ],
    [
      'login',
      'auth/network-request-failed',
      'Login failed: Could not reach the sign-in service. Please check your connection and try again.',
    ],
    [
      'reset',
      'auth/too-many-requests',
      'Reset failed: Too many attempts. Please wait a few minutes and try again.',
    ],
    ['reset', 'auth/invalid-email', 'Reset failed: Invalid email address.'],
    [
      'signup',
      'auth/network-request-failed',
      'Signup failed: Could not reach the sign-in service. Please check your connection and try again.',
    ],
    [
      'doctorSignup',
      'auth/operation-not-allowed',
      'Error: The sign-in service could not complete the request. Please try again.',
    ],
    [
      'verify',
      'auth/user-token-expired',
      'Error checking verification: Your session has expired. Please sign in again.',
    ],
    [
      'resend',
      'auth/too-many-requests',
      'Error resending email: Too many attempts. Please wait a few minutes and try again.',
    ],
  ] as const)('%s with %s reads %j', (action, code, expected) => {
    expect(authErrorMessage(action, firebaseError(code))).toBe(expected);
  });

  it('never shows Firebase text, whatever the code or error', () => {
    for (const error of [
      firebaseError('auth/internal-error'),
      firebaseError('auth/some-future-code'),
      new Error('Firebase: Error (auth/wrong-password).'),
      'plain string',
      null,
    ]) {
      const message = authErrorMessage('login', error);
      expect(message).not.toMatch(/firebase|auth\//i);
      expect(message).toBe(
        'Login failed: The sign-in service could not complete the request. Please try again.',
      );
    }
  });

  it("keeps the API's own catalogue message (a refusal after sign-in)", () => {
    expect(authErrorMessage('login', new ApiError(403, MESSAGES.adminRoleRefused))).toBe(
      `Login failed: ${MESSAGES.adminRoleRefused}`,
    );
  });
});

describe('isUnknownAccountError', () => {
  it('is true only for the codes that say whether an address has an account', () => {
    expect(isUnknownAccountError(firebaseError('auth/user-not-found'))).toBe(true);
    expect(isUnknownAccountError(firebaseError('auth/user-disabled'))).toBe(true);
    expect(isUnknownAccountError(firebaseError('auth/too-many-requests'))).toBe(false);
    expect(isUnknownAccountError(new Error('user-not-found'))).toBe(false);
  });
});

// The settings page's password and e-mail changes of a signed-in account.
describe('authErrorMessage for account changes', () => {
  /** Every code the settings page can meet from reauthenticate / updatePassword / verifyBeforeUpdateEmail. */
  const CODES: [string, string][] = [
    ['auth/wrong-password', MESSAGES.authCurrentPasswordWrong],
    ['auth/invalid-credential', MESSAGES.authCurrentPasswordWrong],
    ['auth/invalid-login-credentials', MESSAGES.authCurrentPasswordWrong],
    ['auth/invalid-password', MESSAGES.authCurrentPasswordWrong],
    ['auth/missing-password', MESSAGES.settingsCurrentPasswordRequired],
    ['auth/weak-password', MESSAGES.weakPassword],
    ['auth/password-does-not-meet-requirements', MESSAGES.weakPassword],
    ['auth/email-already-in-use', MESSAGES.authEmailTaken],
    ['auth/email-already-exists', MESSAGES.authEmailTaken],
    ['auth/invalid-email', MESSAGES.invalidEmail],
    ['auth/invalid-new-email', MESSAGES.invalidEmail],
    ['auth/missing-new-email', MESSAGES.invalidEmail],
    ['auth/requires-recent-login', MESSAGES.authRecentLoginRequired],
    ['auth/operation-not-allowed', MESSAGES.authOperationNotAllowed],
    ['auth/admin-restricted-operation', MESSAGES.authOperationNotAllowed],
    ['auth/unverified-email', MESSAGES.authVerifyCurrentEmailFirst],
    ['auth/too-many-requests', MESSAGES.authTooManyAttempts],
    ['auth/network-request-failed', MESSAGES.authNetworkFailed],
    ['auth/timeout', MESSAGES.authNetworkFailed],
    ['auth/user-token-expired', MESSAGES.authSessionExpired],
    ['auth/invalid-user-token', MESSAGES.authSessionExpired],
    ['auth/user-mismatch', MESSAGES.authSessionExpired],
    ['auth/user-not-found', MESSAGES.authSessionExpired],
    ['auth/user-disabled', MESSAGES.authSessionExpired],
    ['auth/null-user', MESSAGES.authSessionExpired],
  ];

  it.each(CODES)('maps %s to its own catalogue message, never the generic one', (code, inner) => {
    expect(inner).not.toBe(MESSAGES.authServiceFailed);
    expect(authErrorMessage('changePassword', firebaseError(code))).toBe(
      formatMessage('settingsPasswordFailed', { message: inner }),
    );
    expect(authErrorMessage('changeEmail', firebaseError(code))).toBe(
      formatMessage('settingsEmailFailed', { message: inner }),
    );
  });

  it('says plainly that the current password was wrong (the caller is signed in: nothing to hide)', () => {
    expect(authErrorMessage('changePassword', firebaseError('auth/invalid-credential'))).toBe(
      'Password not changed: The current password is not right.',
    );
    // Sign-in keeps its one vague message for the same code.
    expect(authErrorMessage('login', firebaseError('auth/invalid-credential'))).toBe(
      'Login failed: Incorrect e-mail or password.',
    );
  });

  it('never shows Firebase text for an unknown code', () => {
    const message = authErrorMessage('changeEmail', firebaseError('auth/some-future-code'));
    expect(message).toBe(formatMessage('settingsEmailFailed', { message: MESSAGES.authServiceFailed }));
  });
});
