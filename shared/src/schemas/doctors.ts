import { z } from 'zod';
import { MESSAGES, formatMessage } from '@medora/shared/messages';
import { WEEKDAY_NAMES, formatTime12h, isQueryDate, parseIsoDate, parseTime12h } from '../booking/dates.js';
import { isValidTimeZone } from '../booking/time-zone.js';
import {
  CANCEL_REASON_MAX_LENGTH,
  VISIT_OUTCOMES,
  type ScheduleException,
  type WeeklyHours,
} from '../booking/types.js';
import {
  APPLICATIONS_MAX_LIMIT,
  APPLICATIONS_PAGE_SIZE,
  APPLICATION_QUEUES,
  APPLICATION_SEARCH_MAX_LENGTH,
  APPLICATION_SORTS,
  SUSPENSION_REASON_MAX_LENGTH,
} from '../doctors/admin-desk.js';
import {
  DOCTOR_SPECIALTIES,
  MAX_EXPERIENCE_YEARS,
  isPastBirthDate,
  isValidPhone,
  type ChangeRequestField,
  type ChangeRequestStatus,
  type VerificationStatus,
} from '../doctors/application-rules.js';
import { foreignSubSpecialties } from '../doctors/sub-specialties.js';
import { isPlainText, uidSchema } from './users.js';
import { pageCursorSchema, pageLimitSchema } from './page-limit.js';
import { querySchema } from './query-string.js';
import type { ListPage } from '../list-page.js';
import type { ClinicalSummary, SummaryHeadline } from '../intake/patient-types.js';
import { PROVIDER_PAGE_MAX, PROVIDER_WINDOW_MAX_DAYS, windowDays } from '../booking/date-window.js';

/** A new doctor's defaults at signup. */
export const DOCTOR_DEFAULTS = {
  consultationFee: 150,
  consultationDuration: 30,
  languages: ['English'],
  acceptingNewPatients: true,
} as const;

export const CREDENTIAL_TYPES = [
  'degree',
  'license',
  'identity',
  'address',
  'certification',
  'experience',
] as const;
export type CredentialType = (typeof CREDENTIAL_TYPES)[number];

/** The issuing organisation is decided by the type, never by the client. */
export function issuingOrganizationFor(type: CredentialType): string | null {
  if (type === 'degree') return 'Medical School';
  if (type === 'license') return 'Medical Board';
  return null;
}

/** One line of text (CR/LF and other control characters refused, as in the account name). */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => isPlainText(v), MESSAGES.applicationTextInvalid);
/** A text of several lines: line breaks allowed, other control characters not. */
const multilineText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => isPlainText(v, true), MESSAGES.applicationTextInvalid);
const required = (max: number) => text(max).min(1, MESSAGES.requiredFields);
/**
 * Numbers are numbers: no coercion, so `true`, `"0x10"` and `""` are refused instead of becoming
 * 1, 16 and 0.
 */
const strictNumber = () => z.number(MESSAGES.numberExpected);

/**
 * The rule of each application field, written once: the API's body schema below uses them as they are,
 * the onboarding form (`doctorApplicationFormSchema`) wraps the numeric and list ones for text inputs.
 * Number rules answer 'Please fill in all required fields' like the form always did.
 */
const applicationFields = {
  name: required(200),
  phone: required(32).refine(isValidPhone, MESSAGES.phoneInvalid),
  gender: required(40),
  dob: required(20).refine((v) => isPastBirthDate(v), MESSAGES.dobInvalid),
  specialty: z.enum(DOCTOR_SPECIALTIES, MESSAGES.specialtyInvalid),
  // Picked from DOCTOR_SUB_SPECIALTIES of the specialty (checked with the specialty).
  subSpecialties: z
    .array(text(120).min(1, MESSAGES.subSpecialtyInvalid))
    .max(20, MESSAGES.subSpecialtyInvalid),
  qualification: required(200),
  experience: strictNumber()
    .int(MESSAGES.requiredFields)
    .min(0, MESSAGES.requiredFields)
    .max(MAX_EXPERIENCE_YEARS, MESSAGES.requiredFields),
  licenseNumber: required(80),
  npiNumber: text(20),
  bio: multilineText(4000),
  clinic: text(200).min(1, MESSAGES.clinicRequired),
  street: text(200),
  city: text(120).min(1, MESSAGES.clinicRequired),
  state: text(120).min(1, MESSAGES.clinicRequired),
  zipCode: text(20),
  consultationFee: strictNumber()
    .min(0, MESSAGES.consultationFeeNegative)
    .max(100000, MESSAGES.requiredFields),
  consultationDuration: strictNumber()
    .int(MESSAGES.requiredFields)
    .min(5, MESSAGES.requiredFields)
    .max(480, MESSAGES.requiredFields),
  languages: z.array(text(60).min(1)).max(20),
  acceptingNewPatients: z.boolean(),
};
const f = applicationFields;

/** Every picked sub-specialty belongs to the specialty (issue on `subSpecialties`). */
function checkSubSpecialties(
  value: { specialty?: string; subSpecialties?: string[] },
  ctx: z.RefinementCtx,
): void {
  if (value.specialty === undefined || !value.subSpecialties?.length) return;
  if (foreignSubSpecialties(value.specialty, value.subSpecialties).length) {
    ctx.addIssue({ code: 'custom', path: ['subSpecialties'], message: MESSAGES.subSpecialtyInvalid });
  }
}

/** A comma-separated list ('A, B') or an array, as the array of its non-blank items. */
const subSpecialtiesInput = z
  .union([text(500), z.array(text(120)).max(20, MESSAGES.subSpecialtyInvalid)])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(f.subSpecialties);

/**
 * `POST /api/doctors` body `data`. Status fields a client might
 * send (verificationStatus, isAvailable, credentialsVerified, documentsSubmitted, onboardingCompleted)
 * are stripped: the server sets them.
 */
export const doctorApplicationSchema = z
  .object({
    name: f.name,
    email: text(320).optional(),
    phone: f.phone,
    gender: f.gender,
    dob: f.dob,
    specialty: f.specialty,
    subSpecialties: subSpecialtiesInput.optional(),
    qualification: f.qualification,
    experience: f.experience,
    licenseNumber: f.licenseNumber,
    npiNumber: f.npiNumber.optional(),
    bio: f.bio.optional(),
    clinic: f.clinic,
    clinicAddress: z.object({
      street: f.street.optional(),
      city: f.city,
      state: f.state,
      zipCode: f.zipCode.optional(),
    }),
    consultationFee: f.consultationFee.default(DOCTOR_DEFAULTS.consultationFee),
    consultationDuration: f.consultationDuration.default(DOCTOR_DEFAULTS.consultationDuration),
    languages: f.languages.default([...DOCTOR_DEFAULTS.languages]),
    acceptingNewPatients: f.acceptingNewPatients.default(DOCTOR_DEFAULTS.acceptingNewPatients),
    timeZone: z
      .string()
      .trim()
      .refine((v) => isValidTimeZone(v), MESSAGES.timeZoneInvalid)
      .optional(),
  })
  .superRefine(checkSubSpecialties);
export type DoctorApplicationInput = z.infer<typeof doctorApplicationSchema>;

export const createDoctorSchema = z.object({ uid: uidSchema, data: doctorApplicationSchema });
export type CreateDoctorInput = z.infer<typeof createDoctorSchema>;

/** A required text input whose value must then pass `rule` (a blank one is 'all required fields'). */
const filledIn = <T extends z.ZodType<unknown, string>>(rule: T) =>
  z.string().trim().min(1, MESSAGES.requiredFields).pipe(rule);
/** A required number typed into a text input: blank → required, then the field's number rule. */
const numberText = (rule: z.ZodNumber) => filledIn(z.string().transform(Number).pipe(rule));
/** A comma-separated list typed into one input ('English, Spanish'). */
const listText = <T extends z.ZodType<unknown, string[]>>(rule: T) =>
  z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(rule);

/**
 * The onboarding form's values (every input is text; flat clinic address) checked by the same field
 * rules and messages as `POST /api/doctors`. One schema per step of the form, in order.
 */
export const doctorApplicationFormSchema = z.object({
  name: f.name,
  phone: f.phone,
  gender: f.gender,
  dob: f.dob,
  specialty: filledIn(f.specialty),
  subSpecialties: f.subSpecialties,
  qualification: f.qualification,
  experience: numberText(f.experience),
  licenseNumber: f.licenseNumber,
  npiNumber: f.npiNumber,
  bio: f.bio,
  clinic: f.clinic,
  street: f.street,
  city: f.city,
  state: f.state,
  zipCode: f.zipCode,
  consultationFee: numberText(f.consultationFee),
  consultationDuration: numberText(f.consultationDuration),
  languages: filledIn(listText(f.languages)),
  acceptingNewPatients: f.acceptingNewPatients,
});
/** The form's values as typed (strings and the checkbox). */
export type DoctorApplicationForm = z.input<typeof doctorApplicationFormSchema>;

/** Step by step (the Upload Documents step checks files, not fields). */
export const doctorApplicationStepSchemas = {
  personal: doctorApplicationFormSchema.pick({ name: true, phone: true, gender: true, dob: true }),
  professional: doctorApplicationFormSchema
    .pick({
      specialty: true,
      subSpecialties: true,
      qualification: true,
      experience: true,
      licenseNumber: true,
      npiNumber: true,
      bio: true,
    })
    .superRefine(checkSubSpecialties),
  clinic: doctorApplicationFormSchema.pick({
    clinic: true,
    street: true,
    city: true,
    state: true,
    zipCode: true,
  }),
  consultation: doctorApplicationFormSchema.pick({
    consultationFee: true,
    consultationDuration: true,
    languages: true,
    acceptingNewPatients: true,
  }),
};

/**
 * `PATCH /api/doctors/{uid}/profile`, what an approved doctor may change themself. Every
 * field is optional (at least one is required); a changed licence number or specialty becomes a
 * pending change request (the approved values stay until an admin decides). The same field rules as
 * the application.
 */
export const doctorProfileUpdateSchema = z
  .object({
    specialty: f.specialty.optional(),
    subSpecialties: subSpecialtiesInput.optional(),
    licenseNumber: f.licenseNumber.optional(),
    bio: f.bio.optional(),
    clinic: f.clinic.optional(),
    clinicAddress: z
      .object({
        street: f.street.optional(),
        city: f.city,
        state: f.state,
        zipCode: f.zipCode.optional(),
      })
      .strict()
      .optional(),
    consultationFee: f.consultationFee.optional(),
    consultationDuration: f.consultationDuration.optional(),
    languages: f.languages.min(1, MESSAGES.requiredFields).optional(),
    acceptingNewPatients: f.acceptingNewPatients.optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), MESSAGES.profileNoChanges)
  .superRefine(checkSubSpecialties);
export type DoctorProfileUpdate = z.infer<typeof doctorProfileUpdateSchema>;

/** One field of a change request: the approved value and the one asked for. */
export interface DoctorChangeRequestChange {
  field: ChangeRequestField;
  from: string | string[] | null;
  to: string | string[] | null;
}

/**
 * An approved doctor's request to change reviewed profile fields (licence number, specialty). The
 * approved values stay in force until an admin approves it; `version` names what the admin reviewed.
 */
export interface DoctorChangeRequest {
  id: string;
  doctorId: string;
  /** The doctor's account uid (null when the account link is gone). */
  uid: string | null;
  doctorName: string;
  status: ChangeRequestStatus;
  changes: DoctorChangeRequestChange[];
  /** The admin's reason when rejected. */
  reason: string | null;
  createdAt: string;
  updatedAt: string;
  decidedAt: string | null;
  version: number;
}

/** `GET /api/doctors/{uid}/change-request`: the doctor's latest change request, if any. */
export interface DoctorChangeRequestResponse {
  request: DoctorChangeRequest | null;
}

/**
 * `PATCH /api/doctors/{uid}/profile`: the saved record (the approved values) and the doctor's open
 * change request when the licence number or specialty was changed (null otherwise).
 */
export interface DoctorProfileResponse {
  data: DoctorRecord;
  changeRequest: DoctorChangeRequest | null;
}

/**
 * The provider dashboard's profile editor, as typed (text inputs, flat address), checked
 * by the same field rules as the application and `PATCH /api/doctors/{uid}/profile`.
 */
export const doctorProfileFormSchema = doctorApplicationFormSchema
  .pick({
    specialty: true,
    subSpecialties: true,
    licenseNumber: true,
    bio: true,
    clinic: true,
    street: true,
    city: true,
    state: true,
    zipCode: true,
    consultationFee: true,
    consultationDuration: true,
    languages: true,
    acceptingNewPatients: true,
  })
  .superRefine(checkSubSpecialties);
export type DoctorProfileForm = z.input<typeof doctorProfileFormSchema>;

/** The metadata of one credential (the multipart form carries the same fields). */
export const credentialMetadataSchema = z.object({
  type: z.enum(CREDENTIAL_TYPES),
  documentName: z.string().trim().min(1).max(255),
  // Accepted for spec compatibility, ignored: the server decides both.
  issuingOrganization: z.string().max(200).nullable().optional(),
  verificationStatus: z.string().max(40).optional(),
});
export type CredentialMetadataInput = z.infer<typeof credentialMetadataSchema>;

/**
 * The version of the application the admin reviewed: `version` in the body, or the
 * application's ETag in `If-Match`. Optional here because the header may carry it instead.
 */
const applicationVersionSchema = z
  .number(MESSAGES.applicationVersionRequired)
  .int(MESSAGES.applicationVersionRequired)
  .min(1, MESSAGES.applicationVersionRequired)
  .max(2_147_483_647, MESSAGES.applicationVersionRequired);

/** A decision's free-text reason: required (its message when missing or blank), trimmed, at most `max`. */
const requiredReason = (message: string, max: number, tooLong?: string) =>
  z.string(message).trim().min(1, message).max(max, tooLong);

/** `POST /api/admin/doctors/{id}/approve` and `/reopen`: an empty body is `{}`. */
export const applicationDecisionSchema = z.preprocess(
  (v) => v ?? {},
  z.object({ version: applicationVersionSchema.optional() }).strict(),
);
export type ApplicationDecisionInput = z.infer<typeof applicationDecisionSchema>;

export const rejectApplicationSchema = z
  .object({
    reason: requiredReason(MESSAGES.rejectionReasonRequired, 1000),
    version: applicationVersionSchema.optional(),
  })
  .strict();
export type RejectApplicationInput = z.infer<typeof rejectApplicationSchema>;

/** The ETag of an application version (`"3"`), as GET /api/doctors/{uid} sends it. */
export function applicationETag(version: number): string {
  return `"${version}"`;
}

/** The version an `If-Match` header names (`"3"`, `W/"3"`, `3`), or null when it names none. */
export function versionFromIfMatch(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  const m = value ? /^\s*(?:W\/)?"?(\d{1,10})"?\s*$/.exec(value) : null;
  const n = m ? Number(m[1]) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : null;
}

/**
 * `GET /api/admin/applications?status=&q=&sort=&cursor=&limit=`: a tab, a
 * search in name, e-mail and licence, the submission date order and a keyset page (`limit`, default
 * `APPLICATIONS_PAGE_SIZE`, at most `APPLICATIONS_MAX_LIMIT`) after `cursor`.
 */
export const applicationsQuerySchema = querySchema({
  status: z.enum(APPLICATION_QUEUES, MESSAGES.applicationsStatusInvalid).default('pending'),
  q: z
    .string(MESSAGES.applicationsSearchInvalid)
    .max(APPLICATION_SEARCH_MAX_LENGTH, MESSAGES.applicationsSearchInvalid)
    .transform((v) => v.trim())
    .optional(),
  sort: z.enum(APPLICATION_SORTS, MESSAGES.applicationsSortInvalid).default('oldest'),
  // A keyset page — the opaque `nextCursor` of the page before, and its size.
  cursor: pageCursorSchema(MESSAGES.listCursorInvalid).optional(),
  limit: pageLimitSchema({
    max: APPLICATIONS_MAX_LIMIT,
    message: MESSAGES.applicationsLimitInvalid,
  }).default(APPLICATIONS_PAGE_SIZE),
});
export type ApplicationsQuery = z.infer<typeof applicationsQuerySchema>;

const weekdaySchema = z.enum(WEEKDAY_NAMES, MESSAGES.scheduleDayInvalid);
/** Stored only as the canonical 'hh:mm AM/PM' ('9:00 am' → '09:00 AM'), the form booking matches. */
const slotSchema = z
  .string()
  .max(20, MESSAGES.scheduleTimeInvalid)
  .refine((v) => parseTime12h(v) !== null, MESSAGES.scheduleTimeInvalid)
  .transform((v) => formatTime12h(parseTime12h(v)!));

const minutesOf = (t: string) => parseTime12h(t) ?? 0;
const timeRangeSchema = z
  .object({ start: slotSchema, end: slotSchema })
  .strict()
  .refine((r) => minutesOf(r.start) < minutesOf(r.end), MESSAGES.scheduleRangeOrder);
const slotLengthSchema = z
  .number(MESSAGES.scheduleSlotLengthInvalid)
  .int(MESSAGES.scheduleSlotLengthInvalid)
  .min(5, MESSAGES.scheduleSlotLengthInvalid)
  .max(240, MESSAGES.scheduleSlotLengthInvalid);
/** One weekday's hours; breaks lie inside them. */
const dayHoursSchema = z
  .object({
    start: slotSchema,
    end: slotSchema,
    slotMinutes: slotLengthSchema,
    breaks: z.array(timeRangeSchema).max(6).default([]),
  })
  .strict()
  .refine((h) => minutesOf(h.start) < minutesOf(h.end), MESSAGES.scheduleRangeOrder)
  .refine(
    (h) =>
      h.breaks.every((b) => minutesOf(b.start) >= minutesOf(h.start) && minutesOf(b.end) <= minutesOf(h.end)),
    MESSAGES.scheduleBreakOutside,
  );
const scheduleDateSchema = z
  .string()
  .max(10, MESSAGES.scheduleDateInvalid)
  .refine((v) => parseIsoDate(v) !== null, MESSAGES.scheduleDateInvalid);
/** A vacation range, a closed day or extra hours on one date. */
const scheduleExceptionSchema = z.discriminatedUnion('kind', [
  z
    .object({ kind: z.literal('vacation'), from: scheduleDateSchema, to: scheduleDateSchema })
    .strict()
    .refine((e) => e.from <= e.to, MESSAGES.scheduleVacationOrder),
  z.object({ kind: z.literal('closed'), date: scheduleDateSchema }).strict(),
  z
    .object({
      kind: z.literal('extra'),
      date: scheduleDateSchema,
      start: slotSchema,
      end: slotSchema,
      slotMinutes: slotLengthSchema,
    })
    .strict()
    .refine((e) => minutesOf(e.start) < minutesOf(e.end), MESSAGES.scheduleRangeOrder),
]);

/**
 * `PUT /api/provider/schedule`: weekly `hours` per weekday (the server generates the slots)
 * or, as before, weekday names with 'hh:mm AM/PM' slots; date `exceptions`; an IANA zone.
 */
export const providerScheduleSchema = z
  .object({
    availableDays: z.array(weekdaySchema).max(7).optional(),
    timeSlots: z.partialRecord(weekdaySchema, z.array(slotSchema).max(48)).optional(),
    hours: z.partialRecord(weekdaySchema, dayHoursSchema).optional(),
    exceptions: z.array(scheduleExceptionSchema).max(60).default([]),
    timeZone: z
      .string()
      .trim()
      .refine((v) => isValidTimeZone(v), MESSAGES.timeZoneInvalid),
  })
  .strict()
  .refine((v) => v.hours !== undefined || v.availableDays !== undefined, MESSAGES.scheduleHoursRequired);
export type ProviderScheduleInput = z.infer<typeof providerScheduleSchema>;

export const appointmentStatusUpdateSchema = z.object({ status: z.enum(VISIT_OUTCOMES) }).strict();
export type AppointmentStatusUpdate = z.infer<typeof appointmentStatusUpdateSchema>;

/** `POST /api/provider/appointments/{id}/cancel`: the doctor's reason, shown to the patient. */
export const doctorCancelSchema = z
  .object({
    reason: requiredReason(
      MESSAGES.cancelReasonRequired,
      CANCEL_REASON_MAX_LENGTH,
      formatMessage('cancelReasonTooLong', { max: CANCEL_REASON_MAX_LENGTH }),
    ),
  })
  .strict();
export type DoctorCancelInput = z.infer<typeof doctorCancelSchema>;

/** `GET /api/doctors/{uid}`. */
export interface DoctorRecordResponse {
  exists: boolean;
  data: DoctorRecord;
}

export interface CredentialRecord {
  id: string;
  /** Set when a resubmission replaced this document; null for current documents. */
  supersededAt: string | null;
  type: CredentialType;
  documentName: string;
  issuingOrganization: string | null;
  verificationStatus: string;
  contentType: string | null;
  size: number | null;
  hasFile: boolean;
  createdAt: string;
}

/** A doctor's application record as the owner and admins read it. */
export interface DoctorRecord {
  id: string;
  uid: string | null;
  email: string | null;
  name: string;
  phone: string | null;
  gender: string | null;
  dob: string | null;
  specialty: string;
  subSpecialties: string[];
  qualification: string | null;
  experience: number | null;
  licenseNumber: string | null;
  npiNumber: string | null;
  bio: string | null;
  clinic: string;
  clinicAddress: { street?: string; city?: string; state?: string; zipCode?: string } | null;
  consultationFee: number;
  consultationDuration: number;
  languages: string[];
  acceptingNewPatients: boolean;
  verificationStatus: VerificationStatus;
  isAvailable: boolean;
  credentialsVerified: boolean;
  documentsSubmitted: boolean;
  onboardingCompleted: boolean;
  rejectionReason: string | null;
  reviewedAt: string | null;
  timeZone: string;
  schedule: { availableDays: string[]; timeSlots: Record<string, string[]> };
  createdAt: string;
  /** Grows with every change of the application; approve/reject/reopen name it. */
  version: number;
  /**
   * Set while an admin has suspended the approved doctor. Only the owner and admins read a
   * doctor record, so the reason reaches the suspended doctor and nobody else.
   */
  suspension: { at: string; reason: string } | null;
}

export interface DoctorApplication extends DoctorRecord {
  /** How many documents it has; the documents load on demand (`…/{id}/credentials`). */
  credentialCount: number;
  /** The account's role ('doctor' or 'provider'; null without an account). */
  applicantRole: 'doctor' | 'provider' | null;
  /** Earlier rejections of this application, oldest first, with their reasons. */
  rejections: { at: string; reason: string }[];
}

/** `POST /api/admin/doctors/{id}/suspend` — the version reviewed and why. */
export const suspendDoctorSchema = z
  .object({
    reason: requiredReason(
      MESSAGES.suspensionReasonRequired,
      SUSPENSION_REASON_MAX_LENGTH,
      MESSAGES.suspensionReasonTooLong,
    ),
    version: applicationVersionSchema.optional(),
  })
  .strict();
export type SuspendDoctorInput = z.infer<typeof suspendDoctorSchema>;

/** An upcoming appointment of a suspended doctor, for the admin's follow-up. */
export interface FollowUpAppointment {
  id: string;
  startsAt: string;
  status: string;
  patientName: string;
  timeZone: string;
}

/** `GET /api/admin/patients?email=`: the admin finds a patient's account by e-mail (exact, any case). */
export const patientLookupQuerySchema = querySchema({
  email: z
    .string(MESSAGES.invalidEmail)
    .trim()
    .max(320, MESSAGES.invalidEmail)
    .pipe(z.email(MESSAGES.invalidEmail)),
});
export type PatientLookupQuery = z.infer<typeof patientLookupQuerySchema>;

/** The patient an e-mail names: their uid (what the record's routes take) and name. */
export interface PatientLookupResult {
  uid: string;
  name: string | null;
}

/** The answer of suspend: the doctor and their upcoming appointments to follow up. */
export interface SuspensionResult {
  doctor: DoctorRecord;
  upcoming: FollowUpAppointment[];
}

/** `GET /api/admin/applications`: one page of a tab, and how many match in all. */
export type ApplicationsPage = ListPage<DoctorApplication> & { total: number };

/** `GET /api/admin/applications/{id}/credentials`: a page of one application's documents, oldest first. */
export type CredentialsPage = ListPage<CredentialRecord>;

/** `GET /api/admin/doctors/{id}/upcoming`: a page of a doctor's upcoming appointments, soonest first. */
export type FollowUpPage = ListPage<FollowUpAppointment>;

/** `GET /api/admin/change-requests`: a page of the open change requests, oldest first. */
export type ChangeRequestsPage = ListPage<DoctorChangeRequest>;

export interface ProviderOverview {
  today: number;
  upcoming: number;
  patients: number;
  completed: number;
}

export interface ProviderAppointment {
  id: string;
  date: string;
  startsAt: string;
  status: string;
  notes: string;
  prescriptionUrl: string | null;
  patient: {
    uid: string;
    name: string | null;
    email: string | null;
    /**
     * The head of the patient's clinical summary (null without one, or once cancelled);
     * the whole summary and intake come from `GET /api/provider/appointments/{id}/intake`.
     */
    headline: SummaryHeadline | null;
  };
  /** When the doctor marked it Completed or No-Show (ISO), for the undo window; else null. */
  closedAt?: string | null;
  /** Who cancelled and, for a doctor's cancellation, why. */
  cancelledBy?: 'patient' | 'doctor' | 'admin' | null;
  cancelReason?: string | null;
  /** The start (ISO) before the patient's latest reschedule, else null. */
  rescheduledFrom?: string | null;
  /** The clinic's zone of `startsAt` and `rescheduledFrom`. */
  timeZone?: string;
}

/**
 * `GET /api/provider/appointments`: one page of a window of clinic dates, by start (`nextCursor`
 * continues the same window only), and the window served — clinic dates, both included, in
 * `timeZone` — which the API chooses when the query names none.
 */
export type ProviderAppointmentsPage = ListPage<ProviderAppointment> & {
  from: string;
  to: string;
  timeZone: string;
};

/** `GET /api/provider/appointments/{id}/intake`: the record behind one appointment card. */
export interface ProviderAppointmentIntake {
  appointmentId: string;
  patientUid: string;
  /** The clinical summary of the patient's intake (same engine as GET /api/patients/{uid}). */
  summary: ClinicalSummary | null;
  /** The intake record, as saved (the profile's facts with the latest visit's answers). */
  intake: Record<string, unknown> | null;
}

export interface ProviderScheduleResponse {
  availableDays: string[];
  timeSlots: Record<string, string[]>;
  /** The weekly hours the slots were generated from (absent on an older schedule). */
  hours?: WeeklyHours;
  exceptions?: ScheduleException[];
  timeZone: string;
  /** Upcoming bookings that no longer fit the schedule: they stay booked and are listed here. */
  outsideSchedule: { id: string; date: string; patientUid: string }[];
}

/** `GET /api/admin/overview` (the queue's counters on top of the accounts and doctors counts). */
export interface AdminDashboardOverview {
  users: { total: number; byRole: Record<string, number> };
  doctors: { total: number; byVerificationStatus: Record<string, number> };
  pendingApplications: number;
  approvedDoctors: number;
  patients: number;
  /** Non-cancelled appointments starting this week (Monday to Sunday, UTC). */
  appointmentsThisWeek: number;
}

const providerLimitInvalid = formatMessage('providerLimitInvalid', { max: PROVIDER_PAGE_MAX });

/** A clinic wall date 'YYYY-MM-DD', given once. */
const windowDate = (message: string) => z.string(message).refine(isQueryDate, message);

/**
 * `GET /api/provider/appointments?from=&to=&cursor=&limit=`: a window of clinic dates (both
 * included, at most PROVIDER_WINDOW_MAX_DAYS; defaults in `providerWindow`), a page of at most
 * PROVIDER_PAGE_MAX, and the opaque cursor the previous page gave.
 */
export const providerAppointmentsQuerySchema = querySchema(
  {
    from: windowDate(MESSAGES.providerWindowFromInvalid).optional(),
    to: windowDate(MESSAGES.providerWindowToInvalid).optional(),
    cursor: pageCursorSchema(MESSAGES.providerCursorInvalid).optional(),
    limit: pageLimitSchema({ max: PROVIDER_PAGE_MAX, message: providerLimitInvalid }).optional(),
  },
  [
    { ok: (q) => !q.from || !q.to || q.from <= q.to, message: MESSAGES.providerWindowOrder, path: 'from' },
    {
      ok: (q) => !q.from || !q.to || windowDays({ from: q.from, to: q.to }) <= PROVIDER_WINDOW_MAX_DAYS,
      message: formatMessage('providerWindowTooLong', { days: PROVIDER_WINDOW_MAX_DAYS }),
      path: 'to',
    },
  ],
);
export type ProviderAppointmentsQuery = z.infer<typeof providerAppointmentsQuerySchema>;
