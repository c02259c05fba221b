/** The minimum password length (Firebase Auth's own minimum), for every check and message. */
export const PASSWORD_MIN_LENGTH = 6;

/** Whether a password is shorter than the spec allows (`MESSAGES.passwordTooShort`). */
export function isPasswordTooShort(password: string): boolean {
  return password.length < PASSWORD_MIN_LENGTH;
}
