/** Every role an account can hold. `admin` is never chosen at sign-up (see `SIGNUP_ROLES`). */
export const ROLES = ['patient', 'provider', 'doctor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a person may pick for themselves; admin is granted only by `npm run admin:create`. */
export const SIGNUP_ROLES = ['patient', 'provider', 'doctor'] as const;
export type SignupRole = (typeof SIGNUP_ROLES)[number];

/** How each role is named in the UI. */
export const ROLE_LABELS: Record<Role, string> = {
  patient: 'Patient',
  provider: 'Healthcare Provider',
  doctor: 'Doctor/Admin',
  admin: 'Administrator',
};

/**
 * The login screen's card where each role signs in: an administrator signs in at 'Doctor/Admin' (there
 * is no admin card, and no admin sign-up). Picking another card changes nothing; the next screen says so.
 */
export const SIGN_IN_CARD: Record<Role, SignupRole> = {
  patient: 'patient',
  provider: 'provider',
  doctor: 'doctor',
  admin: 'doctor',
};

/** How the clinicians' sign-up names each clinician role ('Doctor sign up': admins never sign up). */
export const CLINICIAN_SIGNUP_LABELS: Record<'doctor' | 'provider', string> = {
  provider: 'Healthcare Provider',
  doctor: 'Doctor',
};

/** Doctor and provider accounts go through onboarding and admin verification. */
export function isClinicianRole(role: Role | string | null | undefined): role is 'doctor' | 'provider' {
  return role === 'doctor' || role === 'provider';
}
