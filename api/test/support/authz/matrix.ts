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
}

/** [anonymous, patient, otherPatient, bookedDoctor, unbookedDoctor, applicant, admin]. */
type Row = [number, number, number, number, number, number, number];

function row(...statuses: Row): Record<Actor, number> {
  const [anonymous, patient, otherPatient, bookedDoctor, unbookedDoctor, applicant, admin] = statuses;
  return { anonymous, patient, otherPatient, bookedDoctor, unbookedDoctor, applicant, admin };
}

/** Keys are `METHOD path` exactly as the OpenAPI document names them. */
export const MATRIX: Record<string, RouteCase> = {
  // ── public ─────────────────────────────────────────────────────────────────────────────────────
  'GET /api/health': { expect: { anonymous: 200 } },
  'GET /api/doctors': { expect: { anonymous: 200 } },
  // Exists only against the Auth emulator (as in these tests); never in production builds.
  'POST /api/dev/demo-session': { body: () => ({ role: 'patient' }), expect: { anonymous: 200 } },

  // ── the caller's own account ───────────────────────────────────────────────────────────────────
  //                                                  anon  pat  other bookedD unbD  appl admin
  'GET /api/me': { expect: row(401, 200, 200, 200, 200, 200, 200) },
  'POST /api/users': {
    // The patient's uid in the body: only the patient may (re)register it.
    body: (w) => ({ uid: w.users.patient.uid, role: 'patient' }),
    expect: row(401, 200, 403, 403, 403, 403, 403),
  },
  'GET /api/users/{uid}': {
    params: { uid: 'patient' },
    expect: row(401, 200, 403, 403, 403, 403, 200),
  },
  'GET /api/notifications': { expect: row(401, 200, 200, 200, 200, 200, 200) },
  'POST /api/notifications/read': {
    body: (w) => ({ ids: [w.notificationId] }),
    expect: row(401, 200, 403, 403, 403, 403, 403),
  },

  // ── the patient's record and documents ─────────────────────────────────────────────────────────
  'GET /api/patients/{uid}': {
    params: { uid: 'patient' },
    expect: row(401, 200, 403, 200, 403, 403, 200),
  },
  'POST /api/patients': {
    body: (w) => ({ uid: w.users.patient.uid, data: ROUTINE_RECORD }),
    expect: row(401, 200, 403, 403, 403, 403, 403),
  },
  'GET /api/patients/{uid}/documents': {
    params: { uid: 'patient' },
    expect: row(401, 200, 403, 200, 403, 403, 200),
  },
  'POST /api/patients/{uid}/documents': {
    params: { uid: 'patient' },
    body: () => ({ name: 'matrix.pdf', type: 'Medical Report' }),
    // Writes: the owner or an admin; a booked doctor reads but never writes.
    expect: row(401, 201, 403, 403, 403, 403, 201),
  },
  'GET /api/patients/{uid}/documents/{id}/file': {
    params: { uid: 'patient', id: 'document' },
    expect: row(401, 200, 403, 200, 403, 403, 200),
  },
  'DELETE /api/patients/{uid}/documents/{id}': {
    params: { uid: 'patient', id: 'freshDocument' },
    expect: row(401, 204, 403, 403, 403, 403, 204),
  },
  'GET /api/doctors-with-context/{uid}': {
    params: { uid: 'patient' },
    expect: row(401, 200, 403, 403, 403, 403, 200),
  },

  // ── appointments ───────────────────────────────────────────────────────────────────────────────
  'POST /api/appointments': {
    body: (w) => bookingBody(w.users.patient, w.bookedDoctor, w.nextSlot()),
    expect: row(401, 201, 403, 403, 403, 403, 403),
  },
  'GET /api/appointments': {
    query: (w) => ({ uid: w.users.patient.uid }),
    expect: row(401, 200, 403, 403, 403, 403, 200),
  },
  'GET /api/appointments/{id}': {
    params: { id: 'appointment' },
    expect: row(401, 200, 403, 200, 403, 403, 200),
  },
  'GET /api/appointments/{id}/ics': {
    params: { id: 'appointment' },
    expect: row(401, 200, 403, 200, 403, 403, 200),
  },
  'POST /api/appointments/{id}/cancel': {
    params: { id: 'freshAppointment' },
    // The patient or an admin; the doctor marks Completed / No-Show instead.
    expect: row(401, 200, 403, 403, 403, 403, 200),
  },
  'GET /api/appointments/{id}/prescription': {
    params: { id: 'appointment' },
    expect: row(401, 200, 403, 200, 403, 403, 200),
  },

  // ── the provider dashboard (approved doctors, their own appointments) ─────────────────────────
  'GET /api/provider/overview': { expect: row(401, 403, 403, 200, 200, 403, 403) },
  'GET /api/provider/appointments': { expect: row(401, 403, 403, 200, 200, 403, 403) },
  'GET /api/provider/schedule': { expect: row(401, 403, 403, 200, 200, 403, 403) },
  'PUT /api/provider/schedule': {
    body: () => SCHEDULE,
    expect: row(401, 403, 403, 200, 200, 403, 403),
  },
  'PATCH /api/provider/appointments/{id}/status': {
    params: { id: 'freshAppointment' },
    body: () => ({ status: 'Completed' }),
    // Another doctor's appointment does not exist for them: 404, not a hint that it does.
    expect: row(401, 403, 403, 200, 404, 403, 403),
  },
  'POST /api/provider/appointments/{id}/prescription': {
    params: { id: 'appointment' },
    file: { field: 'file', name: 'rx.pdf', bytes: PDF },
    expect: row(401, 403, 403, 201, 404, 403, 403),
  },

  // ── doctor applications: the applicant themself vs other doctors ──────────────────────────────
  'POST /api/doctors': {
    body: (w) => ({ uid: w.users.applicant.uid, data: APPLICATION }),
    // A submission raises the application's version (issue 13 §3): pin it again.
    restore: (w) => w.restoreApplication(),
    expect: row(401, 403, 403, 403, 403, 201, 403),
  },
  'GET /api/doctors/{uid}': {
    params: { uid: 'applicant' },
    expect: row(401, 403, 403, 403, 403, 200, 200),
  },
  'POST /api/doctors/{uid}/credentials': {
    params: { uid: 'applicant' },
    body: () => ({ type: 'certification', documentName: 'certificate.pdf' }),
    restore: (w) => w.restoreApplication(),
    // An admin reviews applications, never writes into one.
    expect: row(401, 403, 403, 403, 403, 201, 403),
  },

  // ── admin ──────────────────────────────────────────────────────────────────────────────────────
  'GET /api/admin/overview': { expect: row(401, 403, 403, 403, 403, 403, 200) },
  'GET /api/admin/applications': { expect: row(401, 403, 403, 403, 403, 403, 200) },
  'GET /api/admin/credentials/{id}/file': {
    params: { id: 'credential' },
    expect: row(401, 403, 403, 403, 403, 403, 200),
  },
  // Issue 13 §3: a decision names the version the admin reviewed.
  'POST /api/admin/doctors/{id}/approve': {
    params: { id: 'application' },
    body: (w) => ({ version: w.applicationVersion }),
    restore: (w) => w.restoreApplication(),
    expect: row(401, 403, 403, 403, 403, 403, 200),
  },
  'POST /api/admin/doctors/{id}/reject': {
    params: { id: 'application' },
    body: (w) => ({
      reason: 'The licence number does not match the board record',
      version: w.applicationVersion,
    }),
    restore: (w) => w.restoreApplication(),
    expect: row(401, 403, 403, 403, 403, 403, 200),
  },
  'POST /api/admin/doctors/{id}/reopen': {
    params: { id: 'application' },
    body: (w) => ({ version: w.applicationVersion }),
    restore: (w) => w.restoreApplication(),
    // The admin passes the role check; the application is pending, so there is nothing to re-open
    // (409). Re-opening a decided one: applications-decisions.e2e-spec.ts.
    expect: row(401, 403, 403, 403, 403, 403, 409),
  },
  'GET /api/audit': { expect: row(401, 403, 403, 403, 403, 403, 200) },
};
