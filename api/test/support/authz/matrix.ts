import type { AuditAction, AuditResourceType } from '@medora/shared';
import { ROUTINE_RECORD } from '../../../src/summary/summary.fixtures.js';
import { bookingBody } from '../../booking-helpers.js';
import { APPLICATION, PDF, SCHEDULE, type Actor, type Subject, type World } from './world.js';

/**
 * How one route is called and what each caller must get back. Every route of the OpenAPI document
 * has an entry (the spec fails on a route without one, and on an entry whose route is gone).
 */
export interface RouteCase {
  /** What each path parameter (`{uid}`, `{id}`) names. */
  params?: Record<string, Subject>;
  query?: (w: World) => Record<string, string>;
  /** A JSON body; ids in it name the same objects as the path would. */
  body?: (w: World) => object;
  /** A multipart upload instead of a JSON body. */
  file?: { field: string; name: string; bytes: Buffer; fields?: Record<string, string> };
  /** Runs after each call, to undo what an allowed call changed. */
  restore?: (w: World) => Promise<void>;
  /**
   * The status each caller gets. Routes with a path id list every caller; the others at least
   * 'anonymous' (401 unless the route is public).
   */
  expect: Partial<Record<Actor, number>>;
  /** What each call leaves in audit_log; required: a route without it fails the spec. */
  audit: AuditExpectation;
}

/**
 * The audit rows a route's calls must write. The spec sends every call with its own
 * User-Agent and reads back exactly the rows that call wrote (audit_log.user_agent).
 *
 * - `'none'`: the route returns and changes no health data or credentials. An allowed call writes no
 *   row; refusals are not checked.
 * - `{ action, resourceType }`: every allowed (2xx) call writes a row: the caller, `action`,
 *   `resourceType`, outcome 'allowed' and the caller's IP. Every 403 writes a 'denied' row of the
 *   caller naming `resourceType` and, when the path has ids, one of them (as resource id or in the
 *   detail). 401s write nothing (no verified caller); 404s and 400s are not checked.
 * - `{ resourceType }` without an action: allowed calls write no row (nothing sensitive returned),
 *   403s write a denied row as above (e.g. an admin-only dashboard refused to a patient).
 *
 * Options: `perSubject: { action, resourceType }` — an allowed call writes one such row per subject whose
 * data it returned (none when it returned none) and nothing else; `exceptOwner: true` — the path's own user (`{uid}` naming the caller) reads their own record
 * without a row (accounts, doctor records: only someone else's read is recorded); `refusals:
 * 'unaudited'` — 403s are not checked yet; `clientUnrecorded: true` — the rows lack the caller's IP and
 * user agent (written with `AuditService.record` instead of `recordFor`). Say why next to the entry.
 */
export type AuditExpectation =
  | 'none'
  | {
      action?: AuditAction;
      resourceType: AuditResourceType;
      perSubject?: { action: AuditAction; resourceType: AuditResourceType };
      exceptOwner?: true;
      refusals?: 'unaudited';
      clientUnrecorded?: true;
    };

/** [anonymous, patient, otherPatient, bookedDoctor, unbookedDoctor, applicant, admin]. */
type Row = [number, number, number, number, number, number, number];

function row(...statuses: Row): Record<Actor, number> {
  const [anonymous, patient, otherPatient, bookedDoctor, unbookedDoctor, applicant, admin] = statuses;
  return { anonymous, patient, otherPatient, bookedDoctor, unbookedDoctor, applicant, admin };
}

/** Keys are `METHOD path` exactly as the OpenAPI document names them. */
export const MATRIX: Record<string, RouteCase> = {
  // ── public ─────────────────────────────────────────────────────────────────────────────────────
  'GET /api/health': {
    audit: 'none',
    expect: { anonymous: 200 },
  },
  // The probes of an orchestrator or load balancer, which sends no token.
  'GET /api/health/live': {
    audit: 'none',
    expect: { anonymous: 200 },
  },
  'GET /api/health/ready': {
    audit: 'none',
    expect: { anonymous: 200 },
  },
  'GET /api/doctors': {
    audit: 'none',
    expect: { anonymous: 200 },
  },
  // Exists only against the Auth emulator (as in these tests); never in production builds.
  'POST /api/dev/demo-session': {
    audit: 'none',
    body: () => ({ role: 'patient' }),
    expect: { anonymous: 200 },
  },
  // The local mode's clock and reminder sweep (same condition as above).
  'POST /api/dev/clock': {
    audit: 'none',
    body: () => ({ offsetMinutes: 0 }),
    expect: { anonymous: 200 },
  },
  'POST /api/dev/reminders/sweep': {
    audit: 'none',
    expect: { anonymous: 200 },
  },

  // The unsubscribe link of a reminder mail. No login: the signed token is the
  // authority, so a forged one is refused whoever calls (valid tokens: test/mail.e2e-spec.ts).
  'GET /api/mail/unsubscribe': {
    query: () => ({ token: 'forged.token' }),
    audit: 'none',
    expect: { anonymous: 400 },
  },
  'POST /api/mail/unsubscribe': {
    query: () => ({ token: 'forged.token' }),
    audit: 'none',
    expect: { anonymous: 400 },
  },
  // Local mode only (as in these tests), like the demo session: the in-process SMTP sink's mails and
  // a reminder sent on demand; they name no patient's data beyond what the mails say.
  'GET /api/dev/mail': {
    audit: 'none',
    expect: { anonymous: 200 },
  },
  'GET /api/dev/mail/{id}': {
    // An appointment id is no mail id: every caller gets 404 (the sink's ids are random UUIDs).
    params: { id: 'appointment' },
    audit: 'none',
    expect: row(404, 404, 404, 404, 404, 404, 404),
  },
  'POST /api/dev/mail/reminder': {
    body: (w) => ({ appointmentId: w.appointmentId }),
    audit: 'none',
    expect: { anonymous: 200 },
  },

  // ── the caller's own account ───────────────────────────────────────────────────────────────────
  //                                                  anon  pat  other bookedD unbD  appl admin
  'GET /api/me': {
    audit: 'none',
    expect: row(401, 200, 200, 200, 200, 200, 200),
  },
  'POST /api/users': {
    // The patient's uid in the body: only the patient may (re)register it.
    body: (w) => ({ uid: w.users.patient.uid, role: 'patient' }),
    audit: 'none',
    expect: row(401, 200, 403, 403, 403, 403, 403),
  },
  'GET /api/users/{uid}': {
    params: { uid: 'patient' },
    audit: { action: 'user.read', resourceType: 'user', exceptOwner: true },
    expect: row(401, 200, 403, 403, 403, 403, 200),
  },
  // The settings page, always on the caller's own account (the token's uid).
  'GET /api/me/account': {
    audit: 'none',
    expect: row(401, 200, 200, 200, 200, 200, 200),
  },
  'PATCH /api/me/account': {
    body: () => ({ phone: '5551234567' }),
    audit: 'none',
    expect: row(401, 200, 200, 200, 200, 200, 200),
  },
  'GET /api/me/preferences': {
    audit: 'none',
    expect: row(401, 200, 200, 200, 200, 200, 200),
  },
  'PUT /api/me/preferences': {
    body: () => ({
      emailBookingConfirmations: true,
      emailReminders: false,
      reminderLeadHours: 48,
      inAppNotifications: true,
    }),
    audit: 'none',
    expect: row(401, 200, 200, 200, 200, 200, 200),
  },
  'GET /api/notifications': {
    audit: 'none',
    expect: row(401, 200, 200, 200, 200, 200, 200),
  },
  'POST /api/notifications/read': {
    body: (w) => ({ ids: [w.notificationId] }),
    audit: 'none',
    expect: row(401, 200, 403, 403, 403, 403, 403),
  },

  // ── the patient's record and documents ─────────────────────────────────────────────────────────
  // An admin reaches a patient's health data only after stating a reason (break-the-glass): without
  // one, as here, every health route answers 403; with one: break-the-glass.e2e-spec.ts.
  'POST /api/patients/{uid}/access-reason': {
    params: { uid: 'patient' },
    body: () => ({ reason: 'Checking the record for the matrix' }),
    audit: { action: 'access.grant', resourceType: 'profile' },
    // The admin's grant would open the record for the routes after this one: close it again.
    restore: (w) => w.expireAccessGrants(),
    expect: row(401, 403, 403, 403, 403, 403, 201),
  },
  // Who looked at my record: the owner only.
  'GET /api/patients/{uid}/access-log': {
    params: { uid: 'patient' },
    audit: { action: 'audit.read', resourceType: 'audit_log', exceptOwner: true },
    expect: row(401, 200, 403, 403, 403, 403, 403),
  },
  'GET /api/patients/{uid}': {
    params: { uid: 'patient' },
    audit: { action: 'read', resourceType: 'profile' },
    expect: row(401, 200, 403, 200, 403, 403, 403),
  },
  'POST /api/patients': {
    body: (w) => ({ uid: w.users.patient.uid, data: ROUTINE_RECORD }),
    audit: { action: 'write', resourceType: 'profile' },
    expect: row(401, 200, 403, 403, 403, 403, 403),
  },
  'GET /api/patients/{uid}/documents': {
    params: { uid: 'patient' },
    audit: { action: 'list', resourceType: 'document' },
    expect: row(401, 200, 403, 200, 403, 403, 403),
  },
  'POST /api/patients/{uid}/documents': {
    params: { uid: 'patient' },
    body: () => ({ name: 'matrix.pdf', type: 'Medical Report' }),
    // Writes: the owner or an admin; a booked doctor reads but never writes.
    audit: { action: 'create', resourceType: 'document' },
    expect: row(401, 201, 403, 403, 403, 403, 403),
  },
  'GET /api/patients/{uid}/documents/{id}/file': {
    params: { uid: 'patient', id: 'document' },
    audit: { action: 'download', resourceType: 'document' },
    expect: row(401, 200, 403, 200, 403, 403, 403),
  },
  'DELETE /api/patients/{uid}/documents/{id}': {
    params: { uid: 'patient', id: 'freshDocument' },
    audit: { action: 'delete', resourceType: 'document' },
    expect: row(401, 204, 403, 403, 403, 403, 403),
  },
  // Visits are read like the record; the draft is the owner's only.
  'GET /api/patients/{uid}/visits': {
    params: { uid: 'patient' },
    audit: { action: 'list', resourceType: 'profile' },
    expect: row(401, 200, 403, 200, 403, 403, 403),
  },
  'GET /api/patients/{uid}/visits/{id}': {
    params: { uid: 'patient', id: 'visit' },
    audit: { action: 'read', resourceType: 'profile' },
    expect: row(401, 200, 403, 200, 403, 403, 403),
  },
  // A clinician's review of a red flag: never the patient's own statement; the world's visit raises no
  // flag, so those allowed get 404 after the policy's allowed row.
  'POST /api/patients/{uid}/visits/{id}/flags/{flagId}/review': {
    params: { uid: 'patient', id: 'visit', flagId: 'flag' },
    audit: { action: 'flag.review', resourceType: 'profile' },
    expect: row(401, 403, 403, 404, 403, 403, 403),
  },
  // The record as a FHIR R4 Bundle, read like the record and audited as an export.
  'GET /api/patients/{uid}/fhir': {
    params: { uid: 'patient' },
    audit: { action: 'export', resourceType: 'profile' },
    expect: row(401, 200, 403, 200, 403, 403, 403),
  },
  // A record from another system: the owner imports and decides; the confirmed items are part of the
  // record, read like it.
  'POST /api/patients/{uid}/fhir': {
    params: { uid: 'patient' },
    body: () => ({
      resourceType: 'Bundle',
      type: 'collection',
      entry: [{ resource: { resourceType: 'Condition', code: { text: 'Asthma' } } }],
    }),
    audit: { action: 'record.import', resourceType: 'profile' },
    expect: row(401, 201, 403, 403, 403, 403, 403),
  },
  'GET /api/patients/{uid}/fhir/imported': {
    params: { uid: 'patient' },
    audit: { action: 'list', resourceType: 'imported_item' },
    expect: row(401, 200, 403, 200, 403, 403, 403),
  },
  'POST /api/patients/{uid}/fhir/imported/{id}/confirm': {
    params: { uid: 'patient', id: 'freshImportedItem' },
    audit: { action: 'record.import.confirm', resourceType: 'imported_item' },
    expect: row(401, 200, 403, 403, 403, 403, 403),
  },
  'POST /api/patients/{uid}/fhir/imported/{id}/dismiss': {
    params: { uid: 'patient', id: 'freshImportedItem' },
    audit: { action: 'record.import.dismiss', resourceType: 'imported_item' },
    expect: row(401, 200, 403, 403, 403, 403, 403),
  },
  'GET /api/patients/{uid}/draft': {
    params: { uid: 'patient' },
    // Saved every few seconds while typing: the owner's own calls write no row, anyone else's do.
    audit: { action: 'read', resourceType: 'profile', exceptOwner: true },
    expect: row(401, 200, 403, 403, 403, 403, 403),
  },
  'PUT /api/patients/{uid}/draft': {
    params: { uid: 'patient' },
    body: () => ({ mode: 'visit', screen: 'question', key: 'symptoms', answers: { symptoms: ['Fever'] } }),
    audit: { action: 'write', resourceType: 'profile', exceptOwner: true },
    expect: row(401, 200, 403, 403, 403, 403, 403),
  },
  'DELETE /api/patients/{uid}/draft': {
    params: { uid: 'patient' },
    audit: { action: 'delete', resourceType: 'profile', exceptOwner: true },
    expect: row(401, 204, 403, 403, 403, 403, 403),
  },
  // My medicines: read like the record; the owner writes; a doctor caring for the patient adds (their
  // entry waits for the patient) and marks the list reviewed, which the patient never does.
  'GET /api/patients/{uid}/medications': {
    params: { uid: 'patient' },
    audit: { action: 'list', resourceType: 'medication' },
    expect: row(401, 200, 403, 200, 403, 403, 403),
  },
  'GET /api/patients/{uid}/medications/history': {
    params: { uid: 'patient' },
    audit: { action: 'list', resourceType: 'medication' },
    expect: row(401, 200, 403, 200, 403, 403, 403),
  },
  'POST /api/patients/{uid}/medications': {
    params: { uid: 'patient' },
    body: () => ({ name: 'Matrix medicine', strength: '5 mg' }),
    audit: { action: 'create', resourceType: 'medication' },
    expect: row(401, 201, 403, 201, 403, 403, 403),
  },
  'POST /api/patients/{uid}/medications/review': {
    params: { uid: 'patient' },
    body: (w) => ({ appointmentId: w.appointmentId }),
    audit: { action: 'medication.review', resourceType: 'medication' },
    expect: row(401, 403, 403, 200, 403, 403, 403),
  },
  'POST /api/patients/{uid}/medications/proposals/{key}/dismiss': {
    params: { uid: 'patient', key: 'proposal' },
    restore: (w) => w.restoreProposals(),
    audit: { action: 'medication.dismiss', resourceType: 'medication' },
    expect: row(401, 204, 403, 403, 403, 403, 403),
  },
  'PATCH /api/patients/{uid}/medications/{id}': {
    params: { uid: 'patient', id: 'freshMedication' },
    body: () => ({ version: 1, notes: 'With food' }),
    audit: { action: 'write', resourceType: 'medication' },
    expect: row(401, 200, 403, 403, 403, 403, 403),
  },
  'POST /api/patients/{uid}/medications/{id}/status': {
    params: { uid: 'patient', id: 'freshMedication' },
    body: () => ({ version: 1, status: 'paused', reason: 'Matrix' }),
    audit: { action: 'medication.status', resourceType: 'medication' },
    expect: row(401, 200, 403, 403, 403, 403, 403),
  },
  'POST /api/patients/{uid}/medications/{id}/confirm': {
    params: { uid: 'patient', id: 'freshMedication' },
    audit: { action: 'medication.confirm', resourceType: 'medication' },
    expect: row(401, 200, 403, 403, 403, 403, 403),
  },
  'PUT /api/patients/{uid}/medications/{id}/reminder': {
    params: { uid: 'patient', id: 'freshMedication' },
    body: () => ({ version: 1, reminder: { kind: 'daily', time: '08:30' } }),
    audit: { action: 'medication.reminder', resourceType: 'medication' },
    expect: row(401, 200, 403, 403, 403, 403, 403),
  },
  'DELETE /api/patients/{uid}/medications/{id}': {
    params: { uid: 'patient', id: 'freshMedication' },
    audit: { action: 'delete', resourceType: 'medication' },
    expect: row(401, 204, 403, 403, 403, 403, 403),
  },
  'GET /api/doctors-with-context/{uid}': {
    params: { uid: 'patient' },
    audit: { action: 'list', resourceType: 'appointment', exceptOwner: true },
    expect: row(401, 200, 403, 403, 403, 403, 403),
  },
  // A bookable doctor's free slots; public like GET /api/doctors (no patient data).
  'GET /api/doctors/{uid}/slots': {
    params: { uid: 'bookedDoctorRecord' },
    query: () => {
      const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
      return { from: day(1), to: day(30) };
    },
    audit: 'none',
    expect: row(200, 200, 200, 200, 200, 200, 200),
  },

  // ── appointments ───────────────────────────────────────────────────────────────────────────────
  'POST /api/appointments': {
    body: (w) => bookingBody(w.users.patient, w.bookedDoctor, w.nextSlot()),
    audit: { action: 'create', resourceType: 'appointment' },
    expect: row(401, 201, 403, 403, 403, 403, 403),
  },
  'GET /api/appointments': {
    query: (w) => ({ uid: w.users.patient.uid }),
    audit: { action: 'list', resourceType: 'appointment' },
    expect: row(401, 200, 403, 403, 403, 403, 403),
  },
  'GET /api/appointments/{id}': {
    params: { id: 'appointment' },
    audit: { action: 'read', resourceType: 'appointment' },
    expect: row(401, 200, 403, 200, 403, 403, 403),
  },
  'GET /api/appointments/{id}/ics': {
    params: { id: 'appointment' },
    audit: { action: 'export', resourceType: 'appointment' },
    expect: row(401, 200, 403, 200, 403, 403, 403),
  },
  'POST /api/appointments/{id}/cancel': {
    params: { id: 'freshAppointment' },
    // The patient or an admin; the doctor marks Completed / No-Show instead.
    audit: { action: 'cancel', resourceType: 'appointment' },
    expect: row(401, 200, 403, 403, 403, 403, 403),
  },
  'POST /api/appointments/{id}/reschedule': {
    params: { id: 'freshAppointment' },
    // The patient only (an admin or the doctor does not move a patient's visit).
    body: (w) => {
      const [date, time] = w.nextSlot().split(' at ');
      return { date, time };
    },
    audit: { action: 'appointment.reschedule', resourceType: 'appointment' },
    expect: row(401, 200, 403, 403, 403, 403, 403),
  },
  'GET /api/appointments/{id}/prescription': {
    params: { id: 'appointment' },
    audit: { action: 'appointment.prescription.download', resourceType: 'appointment' },
    expect: row(401, 200, 403, 200, 403, 403, 403),
  },

  // ── the provider dashboard (approved doctors, their own appointments) ─────────────────────────
  // ApprovedDoctorService.doctorFor writes the denied row of a caller who is not an approved doctor.
  'GET /api/provider/overview': {
    audit: { resourceType: 'dashboard' },
    expect: row(401, 403, 403, 200, 200, 403, 403),
  },
  'GET /api/provider/appointments': {
    // Refusals name the list; an allowed call writes one 'read'/'profile' row per patient whose data
    // it returned (none for a doctor without patients; the count: provider-closing.e2e-spec.ts).
    audit: { resourceType: 'appointment', perSubject: { action: 'read', resourceType: 'profile' } },
    expect: row(401, 403, 403, 200, 200, 403, 403),
  },
  'GET /api/provider/appointments/{id}/intake': {
    // The record behind one card, for that appointment's doctor only; another doctor's
    // appointment does not exist for them (404). Rows name the profile, the appointment in the detail.
    params: { id: 'appointment' },
    audit: { action: 'read', resourceType: 'profile' },
    expect: row(401, 403, 403, 200, 404, 403, 403),
  },
  'GET /api/provider/schedule': {
    audit: { resourceType: 'schedule' },
    expect: row(401, 403, 403, 200, 200, 403, 403),
  },
  'PUT /api/provider/schedule': {
    body: () => SCHEDULE,
    audit: {
      action: 'doctor.schedule.update',
      resourceType: 'doctor',
    },
    expect: row(401, 403, 403, 200, 200, 403, 403),
  },
  'PATCH /api/provider/appointments/{id}/status': {
    // Only a visit that has started can be closed.
    params: { id: 'freshStartedAppointment' },
    body: () => ({ status: 'Completed' }),
    // Another doctor's appointment does not exist for them: 404, not a hint that it does.
    audit: {
      action: 'appointment.status',
      resourceType: 'appointment',
    },
    expect: row(401, 403, 403, 200, 404, 403, 403),
  },
  // Undo a close within 24 h; the doctor cancels an upcoming appointment with a reason
  'POST /api/provider/appointments/{id}/reopen': {
    params: { id: 'freshClosedAppointment' },
    audit: { action: 'appointment.status', resourceType: 'appointment' },
    expect: row(401, 403, 403, 200, 404, 403, 403),
  },
  'POST /api/provider/appointments/{id}/cancel': {
    params: { id: 'freshAppointment' },
    body: () => ({ reason: 'The clinic is closed that day.' }),
    audit: { action: 'cancel', resourceType: 'appointment' },
    expect: row(401, 403, 403, 200, 404, 403, 403),
  },
  'POST /api/provider/appointments/{id}/prescription': {
    params: { id: 'appointment' },
    file: { field: 'file', name: 'rx.pdf', bytes: PDF },
    audit: {
      action: 'appointment.prescription.upload',
      resourceType: 'appointment',
    },
    expect: row(401, 403, 403, 201, 404, 403, 403),
  },

  // ── doctor applications: the applicant themself vs other doctors ──────────────────────────────
  'POST /api/doctors': {
    body: (w) => ({ uid: w.users.applicant.uid, data: APPLICATION }),
    audit: { action: 'doctor.apply', resourceType: 'doctor' },
    // A submission raises the application's version: pin it again.
    restore: (w) => w.restoreApplication(),
    expect: row(401, 403, 403, 403, 403, 201, 403),
  },
  'GET /api/doctors/{uid}': {
    params: { uid: 'applicant' },
    audit: { action: 'doctor.read', resourceType: 'doctor', exceptOwner: true },
    expect: row(401, 403, 403, 403, 403, 200, 200),
  },
  'POST /api/doctors/{uid}/credentials': {
    params: { uid: 'applicant' },
    body: () => ({ type: 'certification', documentName: 'certificate.pdf' }),
    restore: (w) => w.restoreApplication(),
    // An admin reviews applications, never writes into one.
    audit: { action: 'credential.upload', resourceType: 'credential' },
    expect: row(401, 403, 403, 403, 403, 201, 403),
  },

  // The approved doctor edits their own profile; nobody else may, admins neither.
  'PATCH /api/doctors/{uid}/profile': {
    params: { uid: 'unbookedDoctor' },
    body: () => ({ bio: 'Matrix bio', acceptingNewPatients: true }),
    audit: { action: 'doctor.profile.update', resourceType: 'doctor' },
    expect: row(401, 403, 403, 403, 200, 403, 403),
  },

  // The doctor's latest profile change request: the doctor themself or an admin.
  'GET /api/doctors/{uid}/change-request': {
    params: { uid: 'unbookedDoctor' },
    audit: { action: 'doctor.read', resourceType: 'doctor', exceptOwner: true },
    expect: row(401, 403, 403, 403, 200, 403, 200),
  },

  // ── admin ──────────────────────────────────────────────────────────────────────────────────────
  // Approved doctors' open change requests (one 'doctor.read' row per doctor listed), and decisions.
  'GET /api/admin/change-requests': {
    audit: { resourceType: 'doctor', perSubject: { action: 'doctor.read', resourceType: 'doctor' } },
    expect: row(401, 403, 403, 403, 403, 403, 200),
  },
  'POST /api/admin/change-requests/{id}/approve': {
    params: { id: 'freshChangeRequest' },
    body: () => ({ version: 1 }),
    audit: { action: 'doctor.change.approve', resourceType: 'doctor' },
    expect: row(401, 403, 403, 403, 403, 403, 200),
  },
  'POST /api/admin/change-requests/{id}/reject': {
    params: { id: 'freshChangeRequest' },
    body: () => ({ version: 1, reason: 'Matrix reason' }),
    audit: { action: 'doctor.change.reject', resourceType: 'doctor' },
    expect: row(401, 403, 403, 403, 403, 403, 200),
  },
  'GET /api/admin/overview': {
    audit: { resourceType: 'dashboard' },
    expect: row(401, 403, 403, 403, 403, 403, 200),
  },
  // The record lookup by e-mail: who it is (uid, name), no health data.
  'GET /api/admin/patients': {
    query: (w) => ({ email: w.users.patient.email }),
    audit: { action: 'user.read', resourceType: 'profile' },
    expect: row(401, 403, 403, 403, 403, 403, 200),
  },
  'GET /api/admin/applications': {
    audit: { action: 'application.read', resourceType: 'doctor' },
    expect: row(401, 403, 403, 403, 403, 403, 200),
  },
  // One application's documents, loaded when the admin opens them.
  'GET /api/admin/applications/{id}/credentials': {
    params: { id: 'application' },
    audit: { action: 'list', resourceType: 'credential' },
    expect: row(401, 403, 403, 403, 403, 403, 200),
  },
  'GET /api/admin/credentials/{id}/file': {
    params: { id: 'credential' },
    audit: { action: 'credential.view', resourceType: 'credential' },
    expect: row(401, 403, 403, 403, 403, 403, 200),
  },
  // A decision names the version the admin reviewed.
  'POST /api/admin/doctors/{id}/approve': {
    params: { id: 'application' },
    body: (w) => ({ version: w.applicationVersion }),
    restore: (w) => w.restoreApplication(),
    audit: { action: 'doctor.approve', resourceType: 'doctor' },
    expect: row(401, 403, 403, 403, 403, 403, 200),
  },
  'POST /api/admin/doctors/{id}/reject': {
    params: { id: 'application' },
    body: (w) => ({
      reason: 'The licence number does not match the board record',
      version: w.applicationVersion,
    }),
    restore: (w) => w.restoreApplication(),
    audit: { action: 'doctor.reject', resourceType: 'doctor' },
    expect: row(401, 403, 403, 403, 403, 403, 200),
  },
  'GET /api/audit': {
    audit: { action: 'audit.read', resourceType: 'audit_log' },
    expect: row(401, 403, 403, 403, 403, 403, 200),
  },
  'POST /api/admin/doctors/{id}/reopen': {
    params: { id: 'application' },
    body: (w) => ({ version: w.applicationVersion }),
    restore: (w) => w.restoreApplication(),
    // The admin passes the role check; the application is pending, so there is nothing to re-open
    // (409). Re-opening a decided one: applications-decisions.e2e-spec.ts.
    audit: { action: 'doctor.reopen', resourceType: 'doctor' },
    expect: row(401, 403, 403, 403, 403, 403, 409),
  },
  // The admin desk — suspend and reinstate an approved doctor, their follow-ups.
  'POST /api/admin/doctors/{id}/suspend': {
    params: { id: 'application' },
    body: (w) => ({ reason: 'Complaint under review', version: w.applicationVersion }),
    restore: (w) => w.restoreApplication(),
    // The admin passes the role check; the application is pending, not an approved doctor (409).
    // Suspending an approved doctor and what it takes away: admin-desk.e2e-spec.ts.
    audit: { action: 'doctor.suspend', resourceType: 'doctor' },
    expect: row(401, 403, 403, 403, 403, 403, 409),
  },
  'POST /api/admin/doctors/{id}/reinstate': {
    params: { id: 'application' },
    body: (w) => ({ version: w.applicationVersion }),
    restore: (w) => w.restoreApplication(),
    // Not suspended (409); reinstating a suspended doctor: admin-desk.e2e-spec.ts.
    audit: { action: 'doctor.reinstate', resourceType: 'doctor' },
    expect: row(401, 403, 403, 403, 403, 403, 409),
  },
  'GET /api/admin/doctors/{id}/upcoming': {
    params: { id: 'bookedDoctorRecord' },
    // One 'list' row per upcoming appointment returned (the admin reads patients' names).
    audit: { resourceType: 'doctor', perSubject: { action: 'list', resourceType: 'appointment' } },
    expect: row(401, 403, 403, 403, 403, 403, 200),
  },
  // Dead-lettered mail (ids, tries, last error; no health data).
  'GET /api/admin/mail/failed': {
    audit: { resourceType: 'mail_job' },
    expect: row(401, 403, 403, 403, 403, 403, 200),
  },
  'POST /api/admin/mail/failed/{id}/retry': {
    // No dead letter has this id (404); a real retry: mail-queue.e2e-spec.ts.
    params: { id: 'appointment' },
    audit: { action: 'mail.retry', resourceType: 'mail_job' },
    expect: row(401, 403, 403, 403, 403, 403, 404),
  },
};
