/**
 * The doctor application rules in one zod-free place, so the API's schema
 * (schemas/doctors.ts) and the onboarding page apply the same ones.
 */
import { DOCTOR_SPECIALTIES } from '../intake/options.js';
import { parseIsoDate } from '../booking/dates.js';

export { DOCTOR_SPECIALTIES };
export type DoctorSpecialty = (typeof DOCTOR_SPECIALTIES)[number];

/** The credential types an application cannot be submitted without. */
export const REQUIRED_CREDENTIAL_TYPES = ['degree', 'license', 'identity'] as const;

export function isDoctorSpecialty(value: string): value is DoctorSpecialty {
  return (DOCTOR_SPECIALTIES as readonly string[]).includes(value);
}

/** 10–15 digits; spaces, dashes, dots, parentheses and one leading '+' may separate them. */
export function isValidPhone(value: string): boolean {
  const v = value.trim();
  if (!/^\+?[\d\s().-]+$/.test(v)) return false;
  const digits = v.replace(/\D/g, '').length;
  return digits >= 10 && digits <= 15;
}

/** Years of experience an application may state (0 to this, whole years). */
export const MAX_EXPERIENCE_YEARS = 80;

/** The earliest birth year taken as real. */
const MIN_BIRTH_YEAR = 1900;

/** A real calendar date 'YYYY-MM-DD' from 1900 on and not after today (UTC). */
export function isPastBirthDate(value: string, now: Date = new Date()): boolean {
  const d = parseIsoDate(value);
  return d !== null && d.getUTCFullYear() >= MIN_BIRTH_YEAR && d.getTime() <= now.getTime();
}

/** The profile fields whose change returns an approved doctor's record to review. */
export const PROFILE_REVIEW_FIELDS = ['licenseNumber', 'specialty'] as const;
