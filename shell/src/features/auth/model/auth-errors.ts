import { errorMessage, formatMessage, MESSAGES } from '@medora/shared';

/** Which identity-provider call failed; each has its own message of spec §8. */
export type AuthAction = 'signup' | 'login' | 'reset' | 'verify' | 'resend';

const FALLBACK = {
  signup: 'signupFailed',
  login: 'loginFailed',
  reset: 'resetFailed',
  verify: 'verificationCheckError',
  resend: 'verificationResendError',
} as const;

/** Firebase codes with a message of their own at sign-up (spec §8). */
const SIGNUP_CODES: Record<string, string> = {
  'auth/email-already-in-use': MESSAGES.emailInUse,
  'auth/invalid-email': MESSAGES.invalidEmail,
  'auth/weak-password': MESSAGES.weakPassword,
};

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The catalogue message for a failed identity-provider call. */
export function authErrorMessage(action: AuthAction, error: unknown): string {
  const code = errorCode(error);
  if (action === 'signup' && code && SIGNUP_CODES[code]) return SIGNUP_CODES[code];
  return formatMessage(FALLBACK[action], { message: errorMessage(error) });
}
