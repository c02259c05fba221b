import { ApiError } from '../api/api-error.js';
import { formatMessage, MESSAGES, type MessageKey } from '@medora/shared/messages';

/**
 * Identity-provider (Firebase) errors as catalogue texts, for the shell's auth screens and the provider
 * remote's doctor sign-up alike. Firebase's own text ('Firebase: Error (auth/…).') is
 * never shown: it is not ours to word, and it told anyone whether an address had an account.
 */
export type AuthAction =
  | 'signup'
  | 'doctorSignup'
  | 'login'
  | 'reset'
  | 'verify'
  | 'resend'
  // The settings page's changes of a signed-in account (re-authentication first).
  | 'changePassword'
  | 'changeEmail';

/** The frame each action's message goes into ('Login failed: {message}', …). */
const FRAME: Record<AuthAction, MessageKey> = {
  signup: 'signupFailed',
  doctorSignup: 'doctorSignupFailed',
  login: 'loginFailed',
  reset: 'resetFailed',
  verify: 'verificationCheckError',
  resend: 'verificationResendError',
  changePassword: 'settingsPasswordFailed',
  changeEmail: 'settingsEmailFailed',
};

/** Sign-up codes with a message of their own, shown without a frame. */
const SIGNUP_CODES: Readonly<Record<string, string>> = {
  'auth/email-already-in-use': MESSAGES.emailInUse,
  'auth/invalid-email': MESSAGES.invalidEmail,
  'auth/weak-password': MESSAGES.weakPassword,
};

/**
 * Codes that say whether an address has an account (or whether its password was right). They all read
 * as one message: a disabled account included, since "disabled" also says the address exists.
 */
const ACCOUNT_CODES: ReadonlySet<string> = new Set([
  'auth/wrong-password',
  'auth/user-not-found',
  'auth/invalid-credential',
  'auth/invalid-login-credentials',
  'auth/invalid-password',
  'auth/user-disabled',
]);

/** Every other code we expect, by what the user can do about it. */
const OTHER_CODES: Readonly<Record<string, string>> = {
  'auth/invalid-email': MESSAGES.invalidEmail,
  'auth/missing-email': MESSAGES.invalidEmail,
  'auth/too-many-requests': MESSAGES.authTooManyAttempts,
  'auth/network-request-failed': MESSAGES.authNetworkFailed,
  'auth/timeout': MESSAGES.authNetworkFailed,
  'auth/user-token-expired': MESSAGES.authSessionExpired,
  'auth/invalid-user-token': MESSAGES.authSessionExpired,
  'auth/requires-recent-login': MESSAGES.authSessionExpired,
};

/**
 * Codes of a signed-in account's changes (settings page), which need no vagueness: the
 * caller is signed in, so a wrong current password can say so, and the address being changed is theirs.
 */
const ACCOUNT_CHANGE_CODES: Readonly<Record<string, string>> = {
  'auth/wrong-password': MESSAGES.authCurrentPasswordWrong,
  'auth/invalid-credential': MESSAGES.authCurrentPasswordWrong,
  'auth/invalid-login-credentials': MESSAGES.authCurrentPasswordWrong,
  'auth/invalid-password': MESSAGES.authCurrentPasswordWrong,
  'auth/missing-password': MESSAGES.settingsCurrentPasswordRequired,
  'auth/weak-password': MESSAGES.weakPassword,
  'auth/password-does-not-meet-requirements': MESSAGES.weakPassword,
  'auth/email-already-in-use': MESSAGES.authEmailTaken,
  'auth/email-already-exists': MESSAGES.authEmailTaken,
  'auth/invalid-new-email': MESSAGES.invalidEmail,
  'auth/missing-new-email': MESSAGES.invalidEmail,
  'auth/requires-recent-login': MESSAGES.authRecentLoginRequired,
  'auth/operation-not-allowed': MESSAGES.authOperationNotAllowed,
  'auth/admin-restricted-operation': MESSAGES.authOperationNotAllowed,
  'auth/unverified-email': MESSAGES.authVerifyCurrentEmailFirst,
  // The account was deleted, disabled or signed in elsewhere as someone else since this page opened.
  'auth/user-mismatch': MESSAGES.authSessionExpired,
  'auth/user-not-found': MESSAGES.authSessionExpired,
  'auth/user-disabled': MESSAGES.authSessionExpired,
  'auth/null-user': MESSAGES.authSessionExpired,
};

/** The Firebase error code (`auth/…`) of an error, if it has one. */
export function authErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('auth/') ? code : undefined;
}

/**
 * True when a password reset failed only because no (enabled) account has the address: the reset form
 * then shows the same confirmation as for a known address.
 */
export function isUnknownAccountError(error: unknown): boolean {
  const code = authErrorCode(error);
  return code !== undefined && ACCOUNT_CODES.has(code);
}

/** The inner message: a catalogue text for every Firebase code; the API's own (catalogue) message. */
function innerMessage(action: AuthAction, error: unknown): string {
  const code = authErrorCode(error);
  if (code && (action === 'changePassword' || action === 'changeEmail') && ACCOUNT_CHANGE_CODES[code]) {
    return ACCOUNT_CHANGE_CODES[code];
  }
  if (code) {
    if (ACCOUNT_CODES.has(code)) return MESSAGES.authInvalidCredentials;
    return OTHER_CODES[code] ?? MESSAGES.authServiceFailed;
  }
  // The API answers with catalogue messages (e.g. a refused registration after sign-in).
  if (error instanceof ApiError) return error.message;
  return MESSAGES.authServiceFailed;
}

/** The catalogue message for a failed identity-provider call, in its action's frame. */
export function authErrorMessage(action: AuthAction, error: unknown): string {
  const code = authErrorCode(error);
  if ((action === 'signup' || action === 'doctorSignup') && code && SIGNUP_CODES[code]) {
    return SIGNUP_CODES[code];
  }
  return formatMessage(FRAME[action], { message: innerMessage(action, error) });
}
