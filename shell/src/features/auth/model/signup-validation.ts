import { isPasswordTooShort, MESSAGES, normalizePhone, PHONE_MIN_DIGITS } from '@medora/shared';

// The phone rule lives once in @medora/shared (sign-up and the settings page use it).
export { normalizePhone } from '@medora/shared';

export interface Credentials {
  email: string;
  password: string;
}

/** Login needs both fields; returns the message to show, or null. */
export function validateLogin({ email, password }: Credentials): string | null {
  if (!email.trim() || !password) return MESSAGES.emailPasswordRequired;
  return null;
}

/** Sign-up rules (docs/product.md#sign-in-and-sign-up), in the screen's order; returns the message to show, or null. */
export function validateSignup({
  email,
  password,
  phone = '',
}: Credentials & { phone?: string }): string | null {
  const missing = validateLogin({ email, password });
  if (missing) return missing;
  if (isPasswordTooShort(password)) return MESSAGES.passwordTooShort;
  const digits = normalizePhone(phone);
  if (digits.length > 0 && digits.length < PHONE_MIN_DIGITS) return MESSAGES.invalidPhone;
  return null;
}

/** The forgot-password form: email required and must be an email. */
export function validateResetEmail(email: string): string | null {
  const value = email.trim();
  if (!value) return MESSAGES.resetEmailRequired;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return MESSAGES.resetEmailInvalid;
  return null;
}
