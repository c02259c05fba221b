import { MESSAGES } from '@medora/shared';
import { authErrorMessage } from './auth-errors';

const firebaseError = (code: string, message = `Firebase: Error (${code}).`) =>
  Object.assign(new Error(message), { code });

describe('authErrorMessage (spec §8)', () => {
  it.each([
    ['auth/email-already-in-use', MESSAGES.emailInUse],
    ['auth/invalid-email', MESSAGES.invalidEmail],
    ['auth/weak-password', MESSAGES.weakPassword],
  ])('maps %s at sign-up to its own message', (code, message) => {
    expect(authErrorMessage('signup', firebaseError(code))).toBe(message);
  });

  it('uses Signup failed: {message} for any other sign-up error', () => {
    expect(authErrorMessage('signup', firebaseError('auth/network-request-failed', 'offline'))).toBe(
      'Signup failed: offline',
    );
  });

  it.each([
    ['login', 'Login failed: nope'],
    ['reset', 'Reset failed: nope'],
    ['verify', 'Error checking verification: nope'],
    ['resend', 'Error resending email: nope'],
  ] as const)('uses the %s message with the error text', (action, expected) => {
    expect(authErrorMessage(action, firebaseError('auth/invalid-credential', 'nope'))).toBe(expected);
  });

  it('does not use the sign-up mapping for a login', () => {
    expect(authErrorMessage('login', firebaseError('auth/invalid-email', 'bad'))).toBe('Login failed: bad');
  });

  it('copes with errors that are not Error objects', () => {
    expect(authErrorMessage('login', 'plain')).toBe('Login failed: plain');
  });
});
