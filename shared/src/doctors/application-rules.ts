/**
 * The doctor application rules in one zod-free place, so the API's schema
 * (schemas/doctors.ts) and the onboarding page apply the same ones.
 */
import { DOCTOR_SPECIALTIES } from '../intake/options.js';
import { parseIsoDate } from '../booking/dates.js';
import { MESSAGES } from '@medora/shared/messages';

export { DOCTOR_SPECIALTIES };
export type DoctorSpecialty = (typeof DOCTOR_SPECIALTIES)[number];

/** The credential types an application cannot be submitted without. */
export const REQUIRED_CREDENTIAL_TYPES = ['degree', 'license', 'identity'] as const;

/**
 * The credential types an application holds one of: a new file of one replaces the current one (the
 * earlier is kept, superseded). Certifications and experience letters are lists and only grow.
 */
export const SINGLE_CREDENTIAL_TYPES = ['degree', 'license', 'identity', 'address'] as const;

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

/**
 * The profile fields an approved doctor cannot change alone: a change becomes a pending change request
 * that an admin approves or rejects, while the approved values stay in force.
 */
export const PROFILE_REVIEW_FIELDS = ['licenseNumber', 'specialty'] as const;

/**
 * What a change request may hold: the reviewed fields, and the sub-specialties that belong to a
 * requested specialty (they change with it, so they wait for the same decision).
 */
export const CHANGE_REQUEST_FIELDS = ['specialty', 'subSpecialties', 'licenseNumber'] as const;
export type ChangeRequestField = (typeof CHANGE_REQUEST_FIELDS)[number];

/** Where a doctor's application (and each of its credentials) stands with the admin. */
export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** What the application rules read of a doctor's record (the API's row or the client's copy). */
interface ApplicationState {
  onboardingCompleted?: boolean | null;
  verificationStatus?: string | null;
  suspended?: boolean;
}

/** The application is complete and an admin approved it (a suspension aside). */
export function isApprovedApplication(doctor: ApplicationState): boolean {
  return doctor.onboardingCompleted === true && doctor.verificationStatus === 'approved';
}

/** A doctor who may work from the provider dashboard: approved and not suspended. */
export function isReadyDoctor(doctor: ApplicationState): boolean {
  return isApprovedApplication(doctor) && doctor.suspended !== true;
}

/** A change request's states: open until an admin decides it. */
export const CHANGE_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];

const CHANGE_REQUEST_FIELD_NAMES: Record<ChangeRequestField, string> = {
  specialty: MESSAGES.changeRequestFieldSpecialty,
  subSpecialties: MESSAGES.changeRequestFieldSubSpecialties,
  licenseNumber: MESSAGES.changeRequestFieldLicenseNumber,
};

/** A change request field as readers name it ('licence number'). */
export function changeRequestFieldName(field: ChangeRequestField): string {
  return CHANGE_REQUEST_FIELD_NAMES[field];
}

/**
 * The fields of a change request as one phrase ('specialty and licence number'), in the one order;
 * sub-specialties travel with the specialty and are not named on their own when it is there.
 */
export function changeRequestFieldNames(fields: readonly string[]): string {
  const named = CHANGE_REQUEST_FIELDS.filter(
    (f) => fields.includes(f) && !(f === 'subSpecialties' && fields.includes('specialty')),
  ).map(changeRequestFieldName);
  if (named.length < 2) return named[0] ?? '';
  return MESSAGES.changeRequestFieldsAnd
    .replace('{list}', named.slice(0, -1).join(', '))
    .replace('{last}', named.at(-1)!);
}
