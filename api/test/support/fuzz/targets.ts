import request from 'supertest';
import type { z } from 'zod';
import {
  accessReasonSchema,
  createAppointmentSchema,
  createDoctorSchema,
  createDocumentMetadataSchema,
  createUserSchema,
  credentialMetadataSchema,
  demoSessionSchema,
  doctorProfileUpdateSchema,
  markNotificationsReadSchema,
  providerScheduleSchema,
  rejectApplicationSchema,
  suspendDoctorSchema,
  appointmentStatusUpdateSchema,
  doctorCancelSchema,
  saveDraftSchema,
  savePatientSchema,
  rescheduleAppointmentSchema,
  updateAccountSchema,
  notificationPreferencesSchema,
  DEFAULT_NOTIFICATION_PREFERENCES,
  devReminderSchema,
  devClockInputSchema,
  medicationInputSchema,
  medicationReminderInputSchema,
  medicationReviewSchema,
  medicationStatusSchema,
  medicationUpdateSchema,
  fhirImportBundleSchema,
  parseAppointmentDate,
  REMINDER_LEAD_HOURS,
} from '@medora/shared';
import { ROUTINE_RECORD } from '../../../src/summary/summary.fixtures.js';
import { bookableSlots, bookingBody, type SeededDoctor } from '../../booking-helpers.js';
import { authHeader, signUpUser, type TestApp, type TestUser } from '../../helpers.js';
import { uploadRequiredCredentials } from '../../application-helpers.js';
import { storableText, type JsonObject } from './bodies.js';

/** How a write route is fuzzed. */
export interface FuzzTarget {
  /** Who calls: a caller allowed to use the route, so validation (not the guard) answers. */
  caller: TestUser | null;
  /** The route's path with real ids of that caller's resources. */
  path: string;
  /** Path parameters (OpenAPI names) to fuzz, with the path built from a value for each. */
  params?: { names: string[]; build: (values: Partial<Record<string, string>>) => string };
  /** JSON body: a valid example (mutated into bad ones) and the route's shared schema. */
  json?: { base: JsonObject; schema: z.ZodType };
  /** Multipart upload: the route's valid text fields (the file is generated). */
  multipart?: { fields: Record<string, string> };
  /**
   * A route that reads no body is called on a resource whose state makes it refuse (a cancelled
   * appointment, a document or application that does not exist): junk bodies must change nothing.
   */
  noBody?: true;
}

/**
 * Every write route of the API (POST, PUT, PATCH, DELETE in the OpenAPI document, as
 * `METHOD /api/path/{param}`). The fuzz test fails when the document has a write route missing here.
 */
export const FUZZ_ROUTES = [
  'POST /api/users',
  'POST /api/dev/demo-session',
  'POST /api/doctors',
  'POST /api/doctors/{uid}/credentials',
  'POST /api/appointments',
  'POST /api/appointments/{id}/cancel',
  'POST /api/appointments/{id}/reschedule',
  'POST /api/patients',
  'POST /api/patients/{uid}/documents',
  'DELETE /api/patients/{uid}/documents/{id}',
  'POST /api/notifications/read',
  // An admin's stated reason before reading a patient's record (break-the-glass)
  'POST /api/patients/{uid}/access-reason',
  'POST /api/admin/doctors/{id}/approve',
  'POST /api/admin/doctors/{id}/reject',
  'POST /api/admin/doctors/{id}/reopen',
  'PATCH /api/provider/appointments/{id}/status',
  'POST /api/provider/appointments/{id}/prescription',
  'PUT /api/provider/schedule',
  // A record imported from another system, and the owner's decision on each of its items
  'POST /api/patients/{uid}/fhir',
  'POST /api/patients/{uid}/fhir/imported/{id}/confirm',
  'POST /api/patients/{uid}/fhir/imported/{id}/dismiss',
  // The unsent intake kept on the server
  'PUT /api/patients/{uid}/draft',
  'DELETE /api/patients/{uid}/draft',
  'POST /api/provider/appointments/{id}/reopen',
  'POST /api/provider/appointments/{id}/cancel',
  // The settings page
  'PATCH /api/me/account',
  'PUT /api/me/preferences',
  // The approved doctor's profile
  'PATCH /api/doctors/{uid}/profile',
  // The admin desk
  'POST /api/admin/doctors/{id}/suspend',
  'POST /api/admin/doctors/{id}/reinstate',
  // An approved doctor's profile change request, decided
  'POST /api/admin/change-requests/{id}/approve',
  'POST /api/admin/change-requests/{id}/reject',
  // The one-click unsubscribe and the local-mode reminder on demand
  'POST /api/mail/unsubscribe',
  'POST /api/dev/mail/reminder',
  // A dead letter sent again (admin), the local-mode clock and reminder sweep
  'POST /api/admin/mail/failed/{id}/retry',
  'POST /api/dev/clock',
  'POST /api/dev/reminders/sweep',
  // A clinician marks a visit's red flag reviewed (carried flags end there)
  'POST /api/patients/{uid}/visits/{id}/flags/{flagId}/review',
  // My medicines
  'POST /api/patients/{uid}/medications',
  'PATCH /api/patients/{uid}/medications/{id}',
  'POST /api/patients/{uid}/medications/{id}/status',
  'POST /api/patients/{uid}/medications/{id}/confirm',
  'PUT /api/patients/{uid}/medications/{id}/reminder',
  'DELETE /api/patients/{uid}/medications/{id}',
  'POST /api/patients/{uid}/medications/proposals/{key}/dismiss',
  'POST /api/patients/{uid}/medications/review',
] as const;
export type FuzzRoute = (typeof FUZZ_ROUTES)[number];

const APPLICATION = {
  name: 'Dr. Fuzz Tester',
  phone: '5551234567',
  gender: 'Female',
  dob: '1980-01-02',
  specialty: 'Cardiology',
  qualification: 'MD',
  experience: 12,
  licenseNumber: 'LIC-FUZZ',
  clinic: 'Fuzz Clinic',
  clinicAddress: { city: 'Boston', state: 'MA' },
};

const SCHEDULE = {
  availableDays: ['Monday', 'Wednesday', 'Friday'],
  timeSlots: {
    Monday: ['09:00 AM', '10:00 AM'],
    Wednesday: ['02:00 PM', '03:00 PM'],
    Friday: ['11:00 AM'],
  },
  timeZone: 'America/New_York',
};

/** A value the route would accept: its shared schema passes and its text can be stored unchanged. */
export const acceptedBy = (schema: z.ZodType) => (value: unknown) =>
  schema.safeParse(value).success && storableText(value);

async function expectStatus(res: request.Response, status: number, what: string): Promise<void> {
  if (res.status !== status) {
    throw new Error(`fixture ${what}: expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/**
 * Accounts and resources for the fuzz targets, made through the API (admin by SQL, as no route makes
 * one): a patient with a kept and a cancelled appointment with an approved doctor, a doctor who has
 * not applied yet, a pending application, an admin, and an unregistered account.
 */
export async function createFuzzTargets(t: TestApp): Promise<Record<FuzzRoute, FuzzTarget>> {
  const api = () => request(t.http);
  const registered = async (role: 'patient' | 'doctor') => {
    const user = await signUpUser();
    await expectStatus(
      await api().post('/api/users').set(authHeader(user)).send({ uid: user.uid, role }),
      201,
      `register ${role}`,
    );
    return user;
  };
  const apply = async (user: TestUser) => {
    await uploadRequiredCredentials(t.http, user);
    await expectStatus(
      await api().post('/api/doctors').set(authHeader(user)).send({ uid: user.uid, data: APPLICATION }),
      201,
      'apply',
    );
    const res = await api().get(`/api/doctors/${user.uid}`).set(authHeader(user));
    return (res.body as { data: { id: string; version: number } }).data;
  };

  const [newcomer, patient, applicant, doctorUser, pendingUser, admin] = await Promise.all([
    signUpUser(),
    registered('patient'),
    registered('doctor'),
    registered('doctor'),
    registered('doctor'),
    registered('patient'),
  ]);
  await t.dataSource.query(`UPDATE users SET role = 'admin' WHERE firebase_uid = $1`, [admin.uid]);

  const approved = await apply(doctorUser);
  const doctorId = approved.id;
  const pendingId = (await apply(pendingUser)).id;
  await expectStatus(
    await api()
      .post(`/api/admin/doctors/${doctorId}/approve`)
      .set(authHeader(admin))
      .send({ version: approved.version }),
    200,
    'approve',
  );
  await expectStatus(
    await api().put('/api/provider/schedule').set(authHeader(doctorUser)).send(SCHEDULE),
    200,
    'schedule',
  );
  const doctor: SeededDoctor = {
    id: doctorId,
    name: APPLICATION.name,
    clinic: APPLICATION.clinic,
    specialty: APPLICATION.specialty,
    timeZone: SCHEDULE.timeZone,
    schedule: { availableDays: SCHEDULE.availableDays, timeSlots: SCHEDULE.timeSlots },
  };
  // Slots beyond the longest reminder lead, with two days to spare for the doctor's time zone and the
  // hour: no reminder falls due while the routes are fuzzed, so the minutely reminder sweep writes no
  // row between a route's two snapshots ("changes nothing"), whatever the day and hour the tests run.
  const remindedWithin = (Math.max(...REMINDER_LEAD_HOURS) + 48) * 3_600_000;
  const [keptSlot, cancelledSlot, freeSlot] = bookableSlots(doctor).filter(
    (slot) => Date.parse(`${parseAppointmentDate(slot)?.date ?? ''}T00:00:00Z`) - Date.now() > remindedWithin,
  );
  if (!keptSlot || !cancelledSlot || !freeSlot) throw new Error('fixture: the doctor has too few slots');
  const book = async (date: string) => {
    const res = await api()
      .post('/api/appointments')
      .set(authHeader(patient))
      .send(bookingBody(patient, doctor, date));
    await expectStatus(res, 201, 'book');
    return (res.body as { id: string }).id;
  };
  const keptId = await book(keptSlot);
  const cancelledId = await book(cancelledSlot);
  await expectStatus(
    await api().post(`/api/appointments/${cancelledId}/cancel`).set(authHeader(patient)),
    200,
    'cancel',
  );
  const missingId = '00000000-0000-4000-8000-000000000000';

  return {
    'POST /api/users': {
      caller: newcomer,
      path: '/api/users',
      json: { base: { uid: newcomer.uid, role: 'patient' }, schema: createUserSchema },
    },
    'POST /api/dev/demo-session': {
      caller: null,
      path: '/api/dev/demo-session',
      json: { base: { role: 'patient' }, schema: demoSessionSchema },
    },
    'POST /api/doctors': {
      caller: applicant,
      path: '/api/doctors',
      json: { base: { uid: applicant.uid, data: APPLICATION }, schema: createDoctorSchema },
    },
    'POST /api/doctors/{uid}/credentials': {
      caller: applicant,
      path: `/api/doctors/${applicant.uid}/credentials`,
      params: { names: ['uid'], build: (v) => `/api/doctors/${v.uid}/credentials` },
      json: { base: { type: 'license', documentName: 'license.pdf' }, schema: credentialMetadataSchema },
      multipart: { fields: { type: 'license', documentName: 'license.pdf' } },
    },
    'POST /api/appointments': {
      caller: patient,
      path: '/api/appointments',
      json: { base: bookingBody(patient, doctor, freeSlot), schema: createAppointmentSchema },
    },
    'POST /api/appointments/{id}/cancel': {
      caller: patient,
      path: `/api/appointments/${cancelledId}/cancel`,
      params: { names: ['id'], build: (v) => `/api/appointments/${v.id}/cancel` },
      noBody: true,
    },
    // On the cancelled appointment: a body the schema accepts is refused (409) and changes nothing.
    'POST /api/appointments/{id}/reschedule': {
      caller: patient,
      path: `/api/appointments/${cancelledId}/reschedule`,
      params: { names: ['id'], build: (v) => `/api/appointments/${v.id}/reschedule` },
      json: {
        base: { date: freeSlot.split(' at ')[0]!, time: freeSlot.split(' at ')[1]! },
        schema: rescheduleAppointmentSchema,
      },
    },
    'POST /api/patients': {
      caller: patient,
      path: '/api/patients',
      json: { base: { uid: patient.uid, data: { ...ROUTINE_RECORD } }, schema: savePatientSchema },
    },
    'POST /api/patients/{uid}/documents': {
      caller: patient,
      path: `/api/patients/${patient.uid}/documents`,
      params: { names: ['uid'], build: (v) => `/api/patients/${v.uid}/documents` },
      json: {
        base: { name: 'report.pdf', type: 'Medical Report', fileUrl: '' },
        schema: createDocumentMetadataSchema,
      },
      multipart: { fields: { type: 'Medical Report' } },
    },
    'DELETE /api/patients/{uid}/documents/{id}': {
      caller: patient,
      path: `/api/patients/${patient.uid}/documents/${missingId}`,
      params: {
        names: ['uid', 'id'],
        build: (v) => `/api/patients/${v.uid ?? patient.uid}/documents/${v.id ?? missingId}`,
      },
      noBody: true,
    },
    'PUT /api/patients/{uid}/draft': {
      caller: patient,
      path: `/api/patients/${patient.uid}/draft`,
      params: { names: ['uid'], build: (v) => `/api/patients/${v.uid}/draft` },
      json: {
        base: {
          mode: 'visit',
          screen: 'question',
          key: 'symptoms',
          answers: { name: 'Fuzz', symptoms: ['Fever'] },
        },
        schema: saveDraftSchema,
      },
    },
    // Reads no body and succeeds for the owner whatever the state: called by someone who is not the
    // owner (the admin: drafts are the owner's only), so every junk body is refused and nothing changes.
    'DELETE /api/patients/{uid}/draft': {
      caller: admin,
      path: `/api/patients/${patient.uid}/draft`,
      params: { names: ['uid'], build: (v) => `/api/patients/${v.uid ?? patient.uid}/draft` },
      noBody: true,
    },
    'POST /api/patients/{uid}/fhir': {
      caller: patient,
      path: `/api/patients/${patient.uid}/fhir`,
      params: { names: ['uid'], build: (v) => `/api/patients/${v.uid}/fhir` },
      json: {
        base: {
          resourceType: 'Bundle',
          type: 'collection',
          entry: [
            { resource: { resourceType: 'Condition', code: { coding: [{ system: 'urn:x', code: '1' }] } } },
            {
              resource: {
                resourceType: 'Observation',
                status: 'final',
                code: { text: 'HbA1c' },
                valueQuantity: { value: 6.9, unit: '%' },
              },
            },
          ],
        },
        schema: fhirImportBundleSchema,
      },
    },
    // Read no body: on an id that is not one of the patient's items (404), junk changes nothing.
    'POST /api/patients/{uid}/fhir/imported/{id}/confirm': {
      caller: patient,
      path: `/api/patients/${patient.uid}/fhir/imported/${missingId}/confirm`,
      params: {
        names: ['uid', 'id'],
        build: (v) => `/api/patients/${v.uid ?? patient.uid}/fhir/imported/${v.id ?? missingId}/confirm`,
      },
      noBody: true,
    },
    'POST /api/patients/{uid}/fhir/imported/{id}/dismiss': {
      caller: patient,
      path: `/api/patients/${patient.uid}/fhir/imported/${missingId}/dismiss`,
      params: {
        names: ['uid', 'id'],
        build: (v) => `/api/patients/${v.uid ?? patient.uid}/fhir/imported/${v.id ?? missingId}/dismiss`,
      },
      noBody: true,
    },
    // An admin's reason: junk is refused with a 400 and opens no access (no grant, no audit row of one).
    'POST /api/patients/{uid}/access-reason': {
      caller: admin,
      path: `/api/patients/${patient.uid}/access-reason`,
      params: { names: ['uid'], build: (v) => `/api/patients/${v.uid}/access-reason` },
      json: {
        base: { reason: 'The patient asked support to check a missing visit' },
        schema: accessReasonSchema,
      },
    },
    'POST /api/notifications/read': {
      caller: patient,
      path: '/api/notifications/read',
      json: { base: { ids: ['system:welcome'] }, schema: markNotificationsReadSchema },
    },
    'POST /api/admin/doctors/{id}/approve': {
      caller: admin,
      path: `/api/admin/doctors/${missingId}/approve`,
      params: { names: ['id'], build: (v) => `/api/admin/doctors/${v.id}/approve` },
      noBody: true,
    },
    'POST /api/admin/doctors/{id}/reject': {
      caller: admin,
      path: `/api/admin/doctors/${pendingId}/reject`,
      params: { names: ['id'], build: (v) => `/api/admin/doctors/${v.id}/reject` },
      json: {
        base: { reason: 'Licence number does not match', version: 1 },
        schema: rejectApplicationSchema,
      },
    },
    // A pending application is no approved doctor (409) and nothing is suspended.
    'POST /api/admin/doctors/{id}/suspend': {
      caller: admin,
      path: `/api/admin/doctors/${pendingId}/suspend`,
      params: { names: ['id'], build: (v) => `/api/admin/doctors/${v.id}/suspend` },
      json: { base: { reason: 'Complaint under review', version: 1 }, schema: suspendDoctorSchema },
    },
    'POST /api/admin/doctors/{id}/reinstate': {
      caller: admin,
      path: `/api/admin/doctors/${missingId}/reinstate`,
      params: { names: ['id'], build: (v) => `/api/admin/doctors/${v.id}/reinstate` },
      noBody: true,
    },
    // An admin on a change request that does not exist: junk is refused, and nothing is decided.
    'POST /api/admin/change-requests/{id}/approve': {
      caller: admin,
      path: `/api/admin/change-requests/${missingId}/approve`,
      params: { names: ['id'], build: (v) => `/api/admin/change-requests/${v.id}/approve` },
      // Like the application's approve: its one field is optional, so no junk JSON body can be told
      // from a valid one by what is missing (the generator would search for ever).
      noBody: true,
    },
    'POST /api/admin/change-requests/{id}/reject': {
      caller: admin,
      path: `/api/admin/change-requests/${missingId}/reject`,
      params: { names: ['id'], build: (v) => `/api/admin/change-requests/${v.id}/reject` },
      json: { base: { reason: 'Licence not in the registry', version: 1 }, schema: rejectApplicationSchema },
    },
    // An admin on a visit that does not exist: every junk body and path is refused and nothing is stored.
    'POST /api/patients/{uid}/visits/{id}/flags/{flagId}/review': {
      caller: admin,
      path: `/api/patients/${patient.uid}/visits/${missingId}/flags/acs/review`,
      params: {
        names: ['uid', 'id', 'flagId'],
        build: (v) =>
          `/api/patients/${v.uid ?? patient.uid}/visits/${v.id ?? missingId}/flags/${v.flagId ?? 'acs'}/review`,
      },
      noBody: true,
    },
    'POST /api/patients/{uid}/medications': {
      caller: patient,
      path: `/api/patients/${patient.uid}/medications`,
      params: { names: ['uid'], build: (v) => `/api/patients/${v.uid}/medications` },
      json: {
        base: { name: 'Metformin', medicineId: 'metformin', strength: '500 mg', frequency: 'twice a day' },
        schema: medicationInputSchema,
      },
    },
    // The versioned writes on an id that is no medicine: a body the schema accepts gets 404.
    'PATCH /api/patients/{uid}/medications/{id}': {
      caller: patient,
      path: `/api/patients/${patient.uid}/medications/${missingId}`,
      params: {
        names: ['uid', 'id'],
        build: (v) => `/api/patients/${v.uid ?? patient.uid}/medications/${v.id ?? missingId}`,
      },
      json: { base: { version: 1, notes: 'With food' }, schema: medicationUpdateSchema },
    },
    'POST /api/patients/{uid}/medications/{id}/status': {
      caller: patient,
      path: `/api/patients/${patient.uid}/medications/${missingId}/status`,
      params: {
        names: ['uid', 'id'],
        build: (v) => `/api/patients/${v.uid ?? patient.uid}/medications/${v.id ?? missingId}/status`,
      },
      json: {
        base: { version: 1, status: 'paused', reason: 'Side effects' },
        schema: medicationStatusSchema,
      },
    },
    'POST /api/patients/{uid}/medications/{id}/confirm': {
      caller: patient,
      path: `/api/patients/${patient.uid}/medications/${missingId}/confirm`,
      params: {
        names: ['uid', 'id'],
        build: (v) => `/api/patients/${v.uid ?? patient.uid}/medications/${v.id ?? missingId}/confirm`,
      },
      noBody: true,
    },
    'PUT /api/patients/{uid}/medications/{id}/reminder': {
      caller: patient,
      path: `/api/patients/${patient.uid}/medications/${missingId}/reminder`,
      params: {
        names: ['uid', 'id'],
        build: (v) => `/api/patients/${v.uid ?? patient.uid}/medications/${v.id ?? missingId}/reminder`,
      },
      json: {
        base: { version: 1, reminder: { kind: 'daily', time: '08:30' } },
        schema: medicationReminderInputSchema,
      },
    },
    'DELETE /api/patients/{uid}/medications/{id}': {
      caller: patient,
      path: `/api/patients/${patient.uid}/medications/${missingId}`,
      params: {
        names: ['uid', 'id'],
        build: (v) => `/api/patients/${v.uid ?? patient.uid}/medications/${v.id ?? missingId}`,
      },
      noBody: true,
    },
    'POST /api/patients/{uid}/medications/proposals/{key}/dismiss': {
      caller: patient,
      path: `/api/patients/${patient.uid}/medications/proposals/intake:${missingId}:0/dismiss`,
      params: {
        names: ['uid', 'key'],
        build: (v) =>
          `/api/patients/${v.uid ?? patient.uid}/medications/proposals/${v.key ?? `intake:${missingId}:0`}/dismiss`,
      },
      noBody: true,
    },
    'POST /api/patients/{uid}/medications/review': {
      caller: doctorUser,
      path: `/api/patients/${patient.uid}/medications/review`,
      params: { names: ['uid'], build: (v) => `/api/patients/${v.uid}/medications/review` },
      json: { base: { appointmentId: keptId }, schema: medicationReviewSchema },
    },
    'POST /api/admin/doctors/{id}/reopen': {
      caller: admin,
      path: `/api/admin/doctors/${missingId}/reopen`,
      params: { names: ['id'], build: (v) => `/api/admin/doctors/${v.id}/reopen` },
      noBody: true,
    },
    'PATCH /api/provider/appointments/{id}/status': {
      caller: doctorUser,
      path: `/api/provider/appointments/${keptId}/status`,
      params: { names: ['id'], build: (v) => `/api/provider/appointments/${v.id}/status` },
      json: { base: { status: 'Completed' }, schema: appointmentStatusUpdateSchema },
    },
    // A visit that was never closed cannot be reopened; a cancelled one cannot be cancelled
    'POST /api/provider/appointments/{id}/reopen': {
      caller: doctorUser,
      path: `/api/provider/appointments/${keptId}/reopen`,
      params: { names: ['id'], build: (v) => `/api/provider/appointments/${v.id}/reopen` },
      noBody: true,
    },
    'POST /api/provider/appointments/{id}/cancel': {
      caller: doctorUser,
      path: `/api/provider/appointments/${cancelledId}/cancel`,
      params: { names: ['id'], build: (v) => `/api/provider/appointments/${v.id}/cancel` },
      json: { base: { reason: 'The clinic is closed that day.' }, schema: doctorCancelSchema },
    },
    'POST /api/provider/appointments/{id}/prescription': {
      caller: doctorUser,
      path: `/api/provider/appointments/${keptId}/prescription`,
      params: { names: ['id'], build: (v) => `/api/provider/appointments/${v.id}/prescription` },
      multipart: { fields: {} },
    },
    'PUT /api/provider/schedule': {
      caller: doctorUser,
      path: '/api/provider/schedule',
      json: { base: SCHEDULE, schema: providerScheduleSchema },
    },
    // The caller's own account and notification preferences.
    'PATCH /api/me/account': {
      caller: patient,
      path: '/api/me/account',
      json: { base: { name: 'Fuzz Tester', phone: '5551234567' }, schema: updateAccountSchema },
    },
    // Only bodies the schema refuses are sent, so the approved doctor stays approved.
    'PATCH /api/doctors/{uid}/profile': {
      caller: doctorUser,
      path: `/api/doctors/${doctorUser.uid}/profile`,
      params: { names: ['uid'], build: (v) => `/api/doctors/${v.uid}/profile` },
      json: {
        base: { bio: 'Fuzz bio', consultationFee: 120, languages: ['English'] },
        schema: doctorProfileUpdateSchema,
      },
    },
    'PUT /api/me/preferences': {
      caller: patient,
      path: '/api/me/preferences',
      json: { base: { ...DEFAULT_NOTIFICATION_PREFERENCES }, schema: notificationPreferencesSchema },
    },
    // The token is in the URL and the body is never read; on a forged link, junk
    // bodies are refused and change nothing.
    'POST /api/mail/unsubscribe': {
      caller: null,
      path: '/api/mail/unsubscribe?token=forged.token',
      noBody: true,
    },
    'POST /api/dev/mail/reminder': {
      caller: null,
      path: '/api/dev/mail/reminder',
      json: { base: { appointmentId: cancelledId }, schema: devReminderSchema },
    },
    // No such dead letter (404); junk clock moves are refused; the sweep reads no
    // body and refuses any (a sweep would record the fixture's due reminders).
    'POST /api/admin/mail/failed/{id}/retry': {
      caller: admin,
      path: `/api/admin/mail/failed/${missingId}/retry`,
      params: { names: ['id'], build: (v) => `/api/admin/mail/failed/${v.id}/retry` },
      noBody: true,
    },
    'POST /api/dev/clock': {
      caller: null,
      path: '/api/dev/clock',
      json: { base: { offsetMinutes: 0 }, schema: devClockInputSchema },
    },
    'POST /api/dev/reminders/sweep': {
      caller: null,
      path: '/api/dev/reminders/sweep',
      noBody: true,
    },
  };
}
