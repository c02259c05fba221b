import { z } from 'zod';
import { roleSchema } from './roles.js';
import { notificationPreferencesSchema, userSchema } from './users.js';
import {
  devReminderResponseSchema,
  mailSinkMessageSchema,
  mailSinkSummarySchema,
  unsubscribeStatusSchema,
} from './mail.js';
import type {
  Account,
  AppNotification,
  DemoSessionResponse,
  HealthResponse,
  LivenessResponse,
  ReadinessResponse,
  MeResponse,
  NotificationsResponse,
} from './users.js';
import { NOTIFICATION_TYPES } from './users.js';
import { CREDENTIAL_TYPES } from './doctors.js';
import { fhirImportResultSchema, importedRecordItemSchema, type ImportedRecordsPage } from './fhir.js';
import {
  CHANGE_REQUEST_FIELDS,
  CHANGE_REQUEST_STATUSES,
  VERIFICATION_STATUSES,
} from '../doctors/application-rules.js';
import type { NotificationPreferences } from '../auth/account-fields.js';
import type {
  AdminDashboardOverview,
  CredentialRecord,
  CredentialsPage,
  DoctorApplication,
  ApplicationsPage,
  ChangeRequestsPage,
  FollowUpPage,
  PatientLookupResult,
  SuspensionResult,
  DoctorChangeRequest,
  DoctorProfileResponse,
  DoctorRecord,
  DoctorRecordResponse,
  ProviderAppointment,
  ProviderAppointmentIntake,
  ProviderAppointmentsPage,
  ProviderOverview,
  ProviderScheduleResponse,
} from './doctors.js';
import { AUDIT_OUTCOMES, type AuditEntry, type AuditPage } from './audit.js';
import { medicationListResponseSchema, medicationSchema } from './medications.js';
import type { AccessGrant, AccessLogEntry, AccessLogResponse } from '../auth/access-reason.js';
import type { MedicationHistoryPage } from '../medications/types.js';
import type {
  DevClock,
  FailedMail,
  FailedMailPage,
  FailedMailRetry,
  ReminderSweepResult,
} from './mail-jobs.js';
import { APPOINTMENT_STATUSES } from '../booking/types.js';
import type {
  Appointment,
  DoctorSlotsResponse,
  DoctorsWithContextResponse,
  PublicDoctor,
} from '../booking/types.js';
import type { ClinicalSummary, PatientDocument, PatientResponse } from '../intake/patient-types.js';
import type { AnswerValue } from '../intake/types.js';
import { VISIT_KINDS, type VisitDetail, type VisitsResponse } from '../intake/visit.js';
import { FLAG_CONCEPT_IDS, FLAG_URGENCIES, type FlagConcept } from '../clinical/concepts.js';

/*
 * The bodies the API answers with, as zod schemas. The TypeScript interfaces stay where
 * callers import them; `agree` below fails the build when an interface and its schema drift apart.
 * `RESPONSE_SCHEMAS` maps each route to its success body: the OpenAPI document shows it
 * (api/src/common/openapi.ts), an API test parses real answers with it, and the client checks answers
 * in development (`checkResponse`). Objects are strict: a field the schema does not list is a mismatch
 * too, so a private field leaking into a public answer fails the API tests.
 */

/**
 * The strict schema of one page of a list (`ListPage`): `items` of `item`, the `nextCursor`, and
 * `extra`, the one aggregate a list may add (a total, an unread count). Every list route's entry of
 * `RESPONSE_SCHEMAS` is built here, but the spec-fixed `LIST_PAGE_EXCEPTIONS`.
 */
export function listPageSchema<Item extends z.ZodType, Extra extends z.ZodRawShape = Record<never, never>>(
  item: Item,
  extra?: Extra,
) {
  return z.strictObject({
    items: z.array(item),
    nextCursor: z.string().nullable(),
    ...(extra ?? ({} as Extra)),
  });
}

/**
 * The list routes whose answer the product specification fixes otherwise (docs/product.md, "Lists"):
 * a bare list (the doctors also page through a `Link: <…>; rel="next"` header carrying `cursor=`),
 * or the booking page's object with its own `nextCursor`.
 */
export const LIST_PAGE_EXCEPTIONS = [
  'GET /api/doctors',
  'GET /api/appointments',
  'GET /api/patients/{uid}/documents',
  'GET /api/doctors-with-context/{uid}',
] as const;

/** Timestamps as the API writes them (`Date#toISOString`). */
const isoTime = z.iso.datetime({ offset: true });
const cancelledBySchema = z.enum(['patient', 'doctor', 'admin']);
const timeRangeSchema = z.strictObject({ start: z.string(), end: z.string() });
const scheduleSchema = z.strictObject({
  availableDays: z.array(z.string()),
  timeSlots: z.record(z.string(), z.array(z.string())),
  hours: z
    .partialRecord(
      z.string(),
      timeRangeSchema.extend({ slotMinutes: z.number(), breaks: z.array(timeRangeSchema) }),
    )
    .optional(),
  exceptions: z
    .array(
      z.discriminatedUnion('kind', [
        z.strictObject({ kind: z.literal('vacation'), from: z.string(), to: z.string() }),
        z.strictObject({ kind: z.literal('closed'), date: z.string() }),
        timeRangeSchema.extend({ kind: z.literal('extra'), date: z.string(), slotMinutes: z.number() }),
      ]),
    )
    .optional(),
});

export const healthResponseSchema = z.strictObject({
  status: z.enum(['ok', 'degraded']),
  database: z.strictObject({ status: z.enum(['up', 'down']), latencyMs: z.number().optional() }),
  version: z.string(),
});

export const livenessResponseSchema = z.strictObject({ status: z.literal('ok'), version: z.string() });

export const readinessResponseSchema = z.strictObject({
  status: z.enum(['ready', 'not-ready']),
  database: z.enum(['up', 'down']),
  migrations: z.enum(['current', 'pending', 'unknown']),
  redis: z.enum(['up', 'down', 'off']),
  objectStore: z.enum(['up', 'down', 'off']),
  shuttingDown: z.boolean(),
  version: z.string(),
});

export const meResponseSchema = z.strictObject({
  registered: z.boolean(),
  user: z.strictObject({
    uid: z.string(),
    email: z.string().nullable(),
    role: roleSchema,
    emailVerified: z.boolean(),
  }),
  access: z.strictObject({ admin: z.boolean(), providerDashboard: z.boolean() }),
});

export const notificationSchema = z.strictObject({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  createdAt: isoTime,
  read: z.boolean(),
});

export const notificationsResponseSchema = listPageSchema(notificationSchema, {
  unread: z.number().int().nonnegative(),
});

export const demoSessionResponseSchema = z.strictObject({ customToken: z.string() });

const heightWeightSchema = z.strictObject({
  heightFeet: z.number(),
  heightInches: z.number(),
  weight: z.number(),
});
const answerValueSchema = z.union([z.string(), z.number(), z.array(z.string()), heightWeightSchema]);

const summaryFlagFields = {
  id: z.string(),
  concept: z.enum(FLAG_CONCEPT_IDS as [FlagConcept, ...FlagConcept[]]),
  urgency: z.enum(FLAG_URGENCIES),
  message: z.string(),
  evidence: z.array(z.strictObject({ field: z.string(), label: z.string(), answer: z.string() })),
  source: z.string(),
  crisis: z.boolean().optional(),
};
export const summaryFlagSchema = z.strictObject(summaryFlagFields);
export const carriedFlagSchema = z.strictObject({
  ...summaryFlagFields,
  visitId: z.string(),
  visitedAt: isoTime,
});
export const crisisInfoSchema = z.strictObject({
  emergencyNumber: z.string(),
  lineName: z.string(),
  lineNumber: z.string(),
});

export const clinicalSummarySchema = z.strictObject({
  engine: z.enum(['deterministic', 'llm']),
  generatedAt: isoTime,
  disclaimer: z.string(),
  redFlags: z.array(z.string()),
  flags: z.array(summaryFlagSchema).optional(),
  freeTextFields: z.array(z.string()).optional(),
  previousFlags: z.array(carriedFlagSchema).optional(),
  crisis: z.boolean().optional(),
  sections: z.array(z.strictObject({ title: z.string(), lines: z.array(z.string()) })),
  text: z.string(),
});

export const patientResponseSchema = z.strictObject({
  exists: z.boolean(),
  data: z.record(z.string(), answerValueSchema.optional()),
  aiSummary: clinicalSummarySchema.nullable(),
  updatedAt: isoTime,
  crisis: crisisInfoSchema.nullable().optional(),
});

// Visits and the server-kept draft.
const visitKindSchema = z.enum(VISIT_KINDS);
export const visitListItemSchema = z.strictObject({
  id: z.string(),
  kind: visitKindSchema,
  visitedAt: isoTime,
  reason: z.string(),
});
export const visitsResponseSchema = listPageSchema(visitListItemSchema, {
  total: z.number().int().nonnegative(),
});
// Break-the-glass: an admin's grant, and the patient's list of who looked at the record.
export const accessGrantSchema = z.strictObject({
  patientUid: z.string(),
  reason: z.string(),
  grantedAt: isoTime,
  expiresAt: isoTime,
});
export const accessLogEntrySchema = z.strictObject({
  id: z.string(),
  at: isoTime,
  role: z.string(),
  name: z.string().nullable(),
  what: z.string(),
  reason: z.string().nullable(),
});
export const accessLogResponseSchema = listPageSchema(accessLogEntrySchema);
export const visitDetailSchema = visitListItemSchema.extend({
  data: z.record(z.string(), answerValueSchema.optional()),
  summary: clinicalSummarySchema.nullable(),
});
export const draftResponseSchema = z.strictObject({
  draft: z
    .strictObject({
      mode: z.enum(['new', ...VISIT_KINDS]),
      screen: z.enum(['question', 'review', 'upload']),
      key: z.string().optional(),
      answers: z.record(z.string(), z.unknown()),
    })
    .nullable(),
  savedAt: isoTime.nullable(),
});

export const patientDocumentSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  uploadedAt: isoTime,
  fileUrl: z.string(),
  contentType: z.string().nullable(),
  size: z.number().int().nonnegative().nullable(),
  hasFile: z.boolean(),
});

export const publicDoctorSchema = z.strictObject({
  id: z.string().optional(),
  name: z.string(),
  specialty: z.string(),
  clinic: z.string(),
  timeZone: z.string().optional(),
  schedule: scheduleSchema.optional(),
});

export const doctorsWithContextResponseSchema = z.strictObject({
  doctors: z.array(
    publicDoctorSchema.extend({
      id: z.string(),
      timeZone: z.string(),
      schedule: scheduleSchema,
      visitCount: z.number().int().nonnegative(),
      lastVisitDate: z.string().nullable(),
      nextFreeSlot: isoTime.nullable(),
    }),
  ),
  lastDoctorName: z.string().nullable(),
  totalAppointments: z.number().int().nonnegative(),
  nextCursor: z.string().nullable(),
});

/** `GET /api/doctors/{uid}/slots`. */
export const doctorSlotsResponseSchema = z.strictObject({
  doctorId: z.string(),
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  days: z.array(z.strictObject({ date: z.string(), weekday: z.string(), slots: z.array(z.string()) })),
});

export const appointmentSchema = z.strictObject({
  id: z.string(),
  uid: z.string(),
  date: z.string(),
  doctor: z.string(),
  doctorId: z.string(),
  clinic: z.string(),
  specialty: z.string(),
  notes: z.string(),
  prescriptionUrl: z.string().nullable(),
  bookedAt: isoTime,
  status: z.enum(APPOINTMENT_STATUSES),
  startsAt: isoTime,
  timeZone: z.string(),
  cancelledBy: cancelledBySchema.nullable().optional(),
  cancelReason: z.string().nullable().optional(),
  rescheduledFrom: isoTime.nullable().optional(),
});

export const credentialRecordSchema = z.strictObject({
  id: z.string(),
  supersededAt: isoTime.nullable(),
  type: z.enum(CREDENTIAL_TYPES),
  documentName: z.string(),
  issuingOrganization: z.string().nullable(),
  verificationStatus: z.string(),
  contentType: z.string().nullable(),
  size: z.number().int().nonnegative().nullable(),
  hasFile: z.boolean(),
  createdAt: isoTime,
});

export const credentialsPageSchema = listPageSchema(credentialRecordSchema);

export const doctorRecordSchema = z.strictObject({
  id: z.string(),
  uid: z.string().nullable(),
  email: z.string().nullable(),
  name: z.string(),
  phone: z.string().nullable(),
  gender: z.string().nullable(),
  dob: z.string().nullable(),
  specialty: z.string(),
  subSpecialties: z.array(z.string()),
  qualification: z.string().nullable(),
  experience: z.number().nullable(),
  licenseNumber: z.string().nullable(),
  npiNumber: z.string().nullable(),
  bio: z.string().nullable(),
  clinic: z.string(),
  clinicAddress: z
    .object({
      street: z.string().optional(),
      city: z.string().optional(),
      state: z.string().optional(),
      zipCode: z.string().optional(),
    })
    .nullable(),
  consultationFee: z.number(),
  consultationDuration: z.number(),
  languages: z.array(z.string()),
  acceptingNewPatients: z.boolean(),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  isAvailable: z.boolean(),
  credentialsVerified: z.boolean(),
  documentsSubmitted: z.boolean(),
  onboardingCompleted: z.boolean(),
  rejectionReason: z.string().nullable(),
  reviewedAt: isoTime.nullable(),
  timeZone: z.string(),
  schedule: scheduleSchema,
  createdAt: isoTime,
  version: z.number().int().positive(),
  suspension: z.strictObject({ at: z.string(), reason: z.string() }).nullable(),
});

export const doctorRecordResponseSchema = z.strictObject({ exists: z.boolean(), data: doctorRecordSchema });
const changeRequestValueSchema = z.union([z.string(), z.array(z.string())]).nullable();

/** A doctor's request to change reviewed profile fields (licence number, specialty). */
export const doctorChangeRequestSchema = z.strictObject({
  id: z.string(),
  doctorId: z.string(),
  uid: z.string().nullable(),
  doctorName: z.string(),
  status: z.enum(CHANGE_REQUEST_STATUSES),
  changes: z.array(
    z.strictObject({
      field: z.enum(CHANGE_REQUEST_FIELDS),
      from: changeRequestValueSchema,
      to: changeRequestValueSchema,
    }),
  ),
  reason: z.string().nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
  decidedAt: isoTime.nullable(),
  version: z.number().int().positive(),
});

export const changeRequestsPageSchema = listPageSchema(doctorChangeRequestSchema);

export const doctorChangeRequestResponseSchema = z.strictObject({
  request: doctorChangeRequestSchema.nullable(),
});

/** An approved doctor's profile edit, with the open change request when licence or specialty changed. */
export const doctorProfileResponseSchema = z.strictObject({
  data: doctorRecordSchema,
  changeRequest: doctorChangeRequestSchema.nullable(),
});

export const doctorApplicationResponseSchema = doctorRecordSchema.extend({
  credentialCount: z.number().int().nonnegative(),
  applicantRole: z.enum(['doctor', 'provider']).nullable(),
  rejections: z.array(z.strictObject({ at: z.string(), reason: z.string() })),
});

/** An upcoming appointment of a suspended doctor, for the admin's follow-up. */
export const followUpAppointmentSchema = z.strictObject({
  id: z.string(),
  startsAt: z.string(),
  status: z.string(),
  patientName: z.string(),
  timeZone: z.string(),
});

/** Suspend answers with the doctor and their upcoming appointments to follow up. */
export const suspensionResultSchema = z.strictObject({
  doctor: doctorRecordSchema,
  upcoming: z.array(followUpAppointmentSchema),
});
export const followUpPageSchema = listPageSchema(followUpAppointmentSchema);

/** A page of the admin desk's applications. */
export const applicationsPageSchema = listPageSchema(doctorApplicationResponseSchema, {
  total: z.number().int().nonnegative(),
});

export const providerOverviewSchema = z.strictObject({
  today: z.number().int().nonnegative(),
  upcoming: z.number().int().nonnegative(),
  patients: z.number().int().nonnegative(),
  completed: z.number().int().nonnegative(),
});

export const providerAppointmentSchema = z.strictObject({
  id: z.string(),
  date: z.string(),
  startsAt: isoTime,
  status: z.string(),
  notes: z.string(),
  prescriptionUrl: z.string().nullable(),
  patient: z.strictObject({
    uid: z.string(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    headline: z
      .strictObject({
        redFlags: z.array(z.string()),
        complaints: z.array(z.string()),
        topUrgency: z.enum(FLAG_URGENCIES).nullable().optional(),
        previousFlagCount: z.number().int().nonnegative().optional(),
        crisis: z.boolean().optional(),
      })
      .nullable(),
  }),
  closedAt: isoTime.nullable().optional(),
  cancelledBy: cancelledBySchema.nullable().optional(),
  cancelReason: z.string().nullable().optional(),
  rescheduledFrom: isoTime.nullable().optional(),
  timeZone: z.string().optional(),
});

// The provider's appointments by window and page; one card's intake on demand.
export const providerAppointmentsPageSchema = listPageSchema(providerAppointmentSchema, {
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
});
export const providerAppointmentIntakeSchema = z.strictObject({
  appointmentId: z.string(),
  patientUid: z.string(),
  summary: clinicalSummarySchema.nullable(),
  intake: z.record(z.string(), z.unknown()).nullable(),
});

export const appointmentStatusResponseSchema = z.strictObject({ id: z.string(), status: z.string() });
export const prescriptionUploadResponseSchema = z.strictObject({
  id: z.string(),
  prescriptionUrl: z.string(),
});

export const providerScheduleResponseSchema = scheduleSchema.extend({
  timeZone: z.string(),
  outsideSchedule: z.array(z.strictObject({ id: z.string(), date: z.string(), patientUid: z.string() })),
});

export const adminDashboardOverviewSchema = z.strictObject({
  users: z.strictObject({ total: z.number().int(), byRole: z.record(z.string(), z.number().int()) }),
  doctors: z.strictObject({
    total: z.number().int(),
    byVerificationStatus: z.record(z.string(), z.number().int()),
  }),
  pendingApplications: z.number().int(),
  approvedDoctors: z.number().int(),
  patients: z.number().int(),
  appointmentsThisWeek: z.number().int(),
});

/** The patient an e-mail names on the admin's record lookup. */
export const patientLookupResultSchema = z.strictObject({ uid: z.string(), name: z.string().nullable() });

export const auditEntrySchema = z.strictObject({
  id: z.string(),
  actorUid: z.string().nullable(),
  actorRole: z.string().nullable(),
  action: z.string(),
  resourceType: z.string(),
  resourceId: z.string().nullable(),
  outcome: z.enum(AUDIT_OUTCOMES),
  detail: z.string().nullable(),
  clientIp: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: isoTime,
  actorName: z.string().nullable(),
});
export const auditPageSchema = listPageSchema(auditEntrySchema);

// The settings page's account and notification preferences.
export const accountSchema = z.strictObject({
  uid: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  role: roleSchema,
  name: z.string().nullable(),
  phone: z.string().nullable(),
});

// The mail queue's dead letters, and the local mode's clock and sweep.
const failedMailSchema = z.strictObject({
  id: z.string(),
  kind: z.string(),
  audience: z.string(),
  appointmentId: z.string().nullable(),
  doctorId: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  failedAt: z.string(),
}) satisfies z.ZodType<FailedMail>;
const failedMailPageSchema = listPageSchema(failedMailSchema);
const importedRecordsPageSchema = listPageSchema(importedRecordItemSchema);
const medicationHistoryPageSchema = listPageSchema(medicationSchema);
const failedMailRetrySchema = z.object({ jobId: z.string() }) satisfies z.ZodType<FailedMailRetry>;
const devClockSchema = z.object({ now: z.string(), offsetMinutes: z.number() }) satisfies z.ZodType<DevClock>;
const reminderSweepResultSchema = z.object({
  enqueued: z.number().int(),
}) satisfies z.ZodType<ReminderSweepResult>;

/**
 * The success body of every route, keyed `METHOD /api/path/{param}` as in the OpenAPI document. `null`:
 * the route answers with no JSON body (a file or 204).
 */
/** What `POST …/visits/{id}/flags/{flagId}/review` answers: which flag, of which visit, reviewed when. */
export const flagReviewResultSchema = z.strictObject({
  visitId: z.string(),
  flagId: z.string(),
  reviewedAt: isoTime,
});
export type FlagReviewResult = z.infer<typeof flagReviewResultSchema>;

export const RESPONSE_SCHEMAS: Readonly<Record<string, z.ZodType | null>> = {
  'GET /api/health': healthResponseSchema,
  'GET /api/doctors': z.array(publicDoctorSchema),
  'POST /api/dev/demo-session': demoSessionResponseSchema,
  'GET /api/me': meResponseSchema,
  'POST /api/users': userSchema,
  'GET /api/users/{uid}': userSchema,
  'GET /api/notifications': notificationsResponseSchema,
  'POST /api/notifications/read': notificationsResponseSchema,
  'GET /api/patients/{uid}': patientResponseSchema,
  'POST /api/patients': patientResponseSchema,
  'GET /api/patients/{uid}/documents': z.array(patientDocumentSchema),
  'POST /api/patients/{uid}/documents': patientDocumentSchema,
  'GET /api/patients/{uid}/documents/{id}/file': null,
  'DELETE /api/patients/{uid}/documents/{id}': null,
  'GET /api/patients/{uid}/visits': visitsResponseSchema,
  'POST /api/patients/{uid}/access-reason': accessGrantSchema,
  'GET /api/patients/{uid}/access-log': accessLogResponseSchema,
  'GET /api/patients/{uid}/visits/{id}': visitDetailSchema,
  'POST /api/patients/{uid}/visits/{id}/flags/{flagId}/review': flagReviewResultSchema,
  'GET /api/patients/{uid}/draft': draftResponseSchema,
  'PUT /api/patients/{uid}/draft': draftResponseSchema,
  'DELETE /api/patients/{uid}/draft': null,
  'GET /api/doctors-with-context/{uid}': doctorsWithContextResponseSchema,
  'POST /api/appointments': appointmentSchema,
  'GET /api/appointments': z.array(appointmentSchema),
  'GET /api/appointments/{id}': appointmentSchema,
  'GET /api/appointments/{id}/ics': null,
  'POST /api/appointments/{id}/cancel': appointmentSchema,
  'POST /api/appointments/{id}/reschedule': appointmentSchema,
  'GET /api/appointments/{id}/prescription': null,
  'GET /api/provider/overview': providerOverviewSchema,
  'GET /api/provider/appointments': providerAppointmentsPageSchema,
  'GET /api/provider/appointments/{id}/intake': providerAppointmentIntakeSchema,
  'GET /api/provider/schedule': providerScheduleResponseSchema,
  'PUT /api/provider/schedule': providerScheduleResponseSchema,
  'PATCH /api/provider/appointments/{id}/status': appointmentStatusResponseSchema,
  'POST /api/provider/appointments/{id}/reopen': appointmentStatusResponseSchema,
  'POST /api/provider/appointments/{id}/cancel': appointmentStatusResponseSchema,
  'POST /api/provider/appointments/{id}/prescription': prescriptionUploadResponseSchema,
  'POST /api/doctors': doctorRecordResponseSchema,
  'GET /api/doctors/{uid}': doctorRecordResponseSchema,
  'GET /api/doctors/{uid}/slots': doctorSlotsResponseSchema,
  'PATCH /api/doctors/{uid}/profile': doctorProfileResponseSchema,
  'GET /api/doctors/{uid}/change-request': doctorChangeRequestResponseSchema,
  'POST /api/doctors/{uid}/credentials': credentialRecordSchema,
  'GET /api/admin/overview': adminDashboardOverviewSchema,
  'GET /api/admin/patients': patientLookupResultSchema,
  'GET /api/admin/applications': applicationsPageSchema,
  'GET /api/admin/applications/{id}/credentials': credentialsPageSchema,
  'GET /api/admin/credentials/{id}/file': null,
  'POST /api/admin/doctors/{id}/approve': doctorRecordSchema,
  'POST /api/admin/doctors/{id}/reject': doctorRecordSchema,
  'POST /api/admin/doctors/{id}/reopen': doctorRecordSchema,
  'POST /api/admin/doctors/{id}/suspend': suspensionResultSchema,
  'POST /api/admin/doctors/{id}/reinstate': doctorRecordSchema,
  'GET /api/admin/doctors/{id}/upcoming': followUpPageSchema,
  'GET /api/admin/change-requests': changeRequestsPageSchema,
  'POST /api/admin/change-requests/{id}/approve': doctorChangeRequestSchema,
  'POST /api/admin/change-requests/{id}/reject': doctorChangeRequestSchema,
  'GET /api/audit': auditPageSchema,
  // The settings page
  'GET /api/me/account': accountSchema,
  'PATCH /api/me/account': accountSchema,
  'GET /api/me/preferences': notificationPreferencesSchema,
  'PUT /api/me/preferences': notificationPreferencesSchema,
  // The one-click unsubscribe, and the local sink's mails (local mode only)
  'GET /api/mail/unsubscribe': unsubscribeStatusSchema,
  'POST /api/mail/unsubscribe': unsubscribeStatusSchema,
  'GET /api/dev/mail': z.array(mailSinkSummarySchema),
  'GET /api/dev/mail/{id}': mailSinkMessageSchema,
  'POST /api/dev/mail/reminder': devReminderResponseSchema,
  // Liveness and readiness
  'GET /api/health/live': livenessResponseSchema,
  'GET /api/health/ready': readinessResponseSchema,
  // The FHIR R4 export, a file (application/fhir+json; validated against the FHIR schema in tests)
  'GET /api/patients/{uid}/fhir': null,
  'POST /api/patients/{uid}/fhir': fhirImportResultSchema,
  'GET /api/patients/{uid}/fhir/imported': importedRecordsPageSchema,
  'POST /api/patients/{uid}/fhir/imported/{id}/confirm': importedRecordItemSchema,
  'POST /api/patients/{uid}/fhir/imported/{id}/dismiss': importedRecordItemSchema,
  // My medicines
  'GET /api/patients/{uid}/medications': medicationListResponseSchema,
  'GET /api/patients/{uid}/medications/history': medicationHistoryPageSchema,
  'POST /api/patients/{uid}/medications': medicationSchema,
  'POST /api/patients/{uid}/medications/review': medicationListResponseSchema,
  'POST /api/patients/{uid}/medications/proposals/{key}/dismiss': null,
  'PATCH /api/patients/{uid}/medications/{id}': medicationSchema,
  'DELETE /api/patients/{uid}/medications/{id}': null,
  'POST /api/patients/{uid}/medications/{id}/status': medicationSchema,
  'POST /api/patients/{uid}/medications/{id}/confirm': medicationSchema,
  'PUT /api/patients/{uid}/medications/{id}/reminder': medicationSchema,
  // The mail queue's dead letters, and the local mode's clock and sweep.
  'GET /api/admin/mail/failed': failedMailPageSchema,
  'POST /api/admin/mail/failed/{id}/retry': failedMailRetrySchema,
  'POST /api/dev/clock': devClockSchema,
  'POST /api/dev/reminders/sweep': reminderSweepResultSchema,
};

/** The `RESPONSE_SCHEMAS` key of a concrete call, e.g. `GET /api/appointments/abc?uid=x` → `GET /api/appointments/{id}`. */
export function responseRouteOf(method: string, path: string): string | null {
  const segments = path.split('?')[0]!.replace(/\/$/, '').split('/');
  for (const key of Object.keys(RESPONSE_SCHEMAS)) {
    const [m, template] = key.split(' ') as [string, string];
    if (m !== method.toUpperCase()) continue;
    const parts = template.split('/');
    if (parts.length !== segments.length) continue;
    if (parts.every((p, i) => p.startsWith('{') || p === segments[i])) return key;
  }
  return null;
}

/**
 * Development check of an answer (the client's `validateResponse`; `path` is relative to the API root,
 * e.g. `/appointments/abc`): a body
 * that does not match its route's schema is reported with the route and zod's issues, never thrown —
 * the page keeps working while the mismatch is visible in the console.
 */
export function checkResponse(method: string, path: string, data: unknown): boolean {
  const route = responseRouteOf(method, `/api${path}`);
  const schema = route ? RESPONSE_SCHEMAS[route] : null;
  if (!route || !schema) return true;
  const result = schema.safeParse(data);
  if (result.success) return true;
  console.error(`[medora] The answer of ${route} does not match its schema`, result.error.issues);
  return false;
}

// Type-level checks: each interface callers use is exactly what its schema parses to (tsc fails otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type ResponseSchemaChecks = [
  Assert<Same<z.infer<typeof healthResponseSchema>, HealthResponse>>,
  Assert<Same<z.infer<typeof livenessResponseSchema>, LivenessResponse>>,
  Assert<Same<z.infer<typeof readinessResponseSchema>, ReadinessResponse>>,
  Assert<Same<z.infer<typeof meResponseSchema>, MeResponse>>,
  Assert<Same<z.infer<typeof notificationSchema>, AppNotification>>,
  Assert<Same<z.infer<typeof notificationsResponseSchema>, NotificationsResponse>>,
  Assert<Same<z.infer<typeof demoSessionResponseSchema>, DemoSessionResponse>>,
  Assert<Same<z.infer<typeof clinicalSummarySchema>, ClinicalSummary>>,
  Assert<Same<z.infer<typeof patientResponseSchema>, PatientResponse>>,
  Assert<Same<z.infer<typeof answerValueSchema>, AnswerValue>>,
  Assert<Same<z.infer<typeof patientDocumentSchema>, PatientDocument>>,
  Assert<Same<z.infer<typeof visitsResponseSchema>, VisitsResponse>>,
  Assert<Same<z.infer<typeof visitDetailSchema>, VisitDetail>>,
  Assert<Same<z.infer<typeof accessGrantSchema>, AccessGrant>>,
  Assert<Same<z.infer<typeof accessLogEntrySchema>, AccessLogEntry>>,
  Assert<Same<z.infer<typeof accessLogResponseSchema>, AccessLogResponse>>,
  Assert<Same<z.infer<typeof publicDoctorSchema>, PublicDoctor>>,
  Assert<Same<z.infer<typeof doctorsWithContextResponseSchema>, DoctorsWithContextResponse>>,
  Assert<Same<z.infer<typeof doctorSlotsResponseSchema>, DoctorSlotsResponse>>,
  Assert<Same<z.infer<typeof appointmentSchema>, Appointment>>,
  Assert<Same<z.infer<typeof credentialRecordSchema>, CredentialRecord>>,
  Assert<Same<z.infer<typeof doctorRecordSchema>, DoctorRecord>>,
  Assert<Same<z.infer<typeof doctorRecordResponseSchema>, DoctorRecordResponse>>,
  Assert<Same<z.infer<typeof doctorApplicationResponseSchema>, DoctorApplication>>,
  Assert<Same<z.infer<typeof applicationsPageSchema>, ApplicationsPage>>,
  Assert<Same<z.infer<typeof suspensionResultSchema>, SuspensionResult>>,
  Assert<Same<z.infer<typeof doctorChangeRequestSchema>, DoctorChangeRequest>>,
  Assert<Same<z.infer<typeof doctorProfileResponseSchema>, DoctorProfileResponse>>,
  Assert<Same<z.infer<typeof providerOverviewSchema>, ProviderOverview>>,
  Assert<Same<z.infer<typeof providerAppointmentSchema>, ProviderAppointment>>,
  Assert<Same<z.infer<typeof providerAppointmentsPageSchema>, ProviderAppointmentsPage>>,
  Assert<Same<z.infer<typeof providerAppointmentIntakeSchema>, ProviderAppointmentIntake>>,
  Assert<Same<z.infer<typeof providerScheduleResponseSchema>, ProviderScheduleResponse>>,
  Assert<Same<z.infer<typeof adminDashboardOverviewSchema>, AdminDashboardOverview>>,
  Assert<Same<z.infer<typeof auditEntrySchema>, AuditEntry>>,
  Assert<Same<z.infer<typeof patientLookupResultSchema>, PatientLookupResult>>,
  Assert<Same<z.infer<typeof accountSchema>, Account>>,
  Assert<Same<z.infer<typeof auditPageSchema>, AuditPage>>,
  Assert<Same<z.infer<typeof credentialsPageSchema>, CredentialsPage>>,
  Assert<Same<z.infer<typeof importedRecordsPageSchema>, ImportedRecordsPage>>,
  Assert<Same<z.infer<typeof changeRequestsPageSchema>, ChangeRequestsPage>>,
  Assert<Same<z.infer<typeof followUpPageSchema>, FollowUpPage>>,
  Assert<Same<z.infer<typeof medicationHistoryPageSchema>, MedicationHistoryPage>>,
  Assert<Same<z.infer<typeof failedMailPageSchema>, FailedMailPage>>,
  Assert<Same<z.infer<typeof notificationPreferencesSchema>, NotificationPreferences>>,
];
