import request from 'supertest';
import {
  MESSAGES,
  VISIT_UNDO_HOURS,
  addDays,
  todayIn,
  formatAppointmentWhen,
  formatMessage,
  visitActions,
  type Appointment,
  type NotificationsResponse,
  type ProviderAppointment,
  type ProviderAppointmentsPage,
} from '@medora/shared';
import { ROUTINE_RECORD } from '../src/summary/summary.fixtures.js';
import {
  approvedDoctorAccount,
  book,
  bookableSlots,
  bookingBody,
  patientWithRecord,
  registeredPatient,
  type SeededDoctor,
} from './booking-helpers.js';
import { authHeader, createTestApp, type TestApp, type TestUser } from './helpers.js';

/**
 * A doctor's access to a patient lasts only while they share an active appointment;
 * Completed / No-Show only after the start, undoable for 24 hours; the doctor cancels an upcoming
 * appointment with a reason the patient is notified of.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});

afterAll(async () => {
  await t?.close();
});

const SCHEDULE = {
  availableDays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  timeSlots: Object.fromEntries(
    ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => [
      day,
      ['09:00 AM', '11:00 AM', '03:00 PM'],
    ]),
  ),
};

let doctorCount = 0;

/** A doctor account whose record an admin approved (written straight to the database). */
const approvedDoctor = () =>
  approvedDoctorAccount(t, {
    name: `Dr. Closing ${++doctorCount}`,
    clinic: 'Closing Clinic',
    timeZone: 'America/New_York',
    schedule: SCHEDULE,
  });

/** A patient with a saved intake (and so a clinical summary). */
const patientWithIntake = () => patientWithRecord(t, { ...ROUTINE_RECORD, name: 'Casey Closing' });

/** An appointment written straight to the database, starting `offsetMinutes` from now. */
async function appointmentAt(
  patient: TestUser,
  doctor: SeededDoctor,
  offsetMinutes: number,
  status = 'Scheduled',
): Promise<string> {
  const [row] = await t.dataSource.query<{ id: string }[]>(
    `INSERT INTO appointments (patient_uid, doctor_id, starts_at, status, notes, clinic, specialty, doctor_name)
     VALUES ($1, $2, date_trunc('minute', now()) + $3 * interval '1 minute', $4, 'Closing', $5, $6, $7)
     RETURNING id`,
    [patient.uid, doctor.id, offsetMinutes, status, doctor.clinic, doctor.specialty, doctor.name],
  );
  return row!.id;
}

const as = (user: TestUser) => ({
  get: (path: string) => request(t.http).get(path).set(authHeader(user)),
  post: (path: string, body?: object) => request(t.http).post(path).set(authHeader(user)).send(body),
  patch: (path: string, body: object) => request(t.http).patch(path).set(authHeader(user)).send(body),
});

/** The doctor's appointments from 5 days ago to 25 days ahead (a window of clinic dates). */
async function providerList(doctor: TestUser): Promise<ProviderAppointment[]> {
  const from = addDays(todayIn('America/New_York'), -5);
  const res = await as(doctor).get(`/api/provider/appointments?from=${from}&to=${addDays(from, 30)}`);
  expect(res.status).toBe(200);
  return (res.body as ProviderAppointmentsPage).items;
}

describe('cancelled relationships', () => {
  // The card keeps who the appointment was with (the name only: no e-mail, intake or summary), so
  // a doctor's list never shows an anonymous "Patient" after a cancellation.
  it('lists a cancelled appointment with the name only: no email, intake or summary', async () => {
    const { user: doc, doctor } = await approvedDoctor();
    const patient = await patientWithIntake();
    const id = await appointmentAt(patient, doctor, 3 * 24 * 60);
    expect((await as(patient).post(`/api/appointments/${id}/cancel`)).status).toBe(200);
    const listed = (await providerList(doc)).find((a) => a.id === id);
    expect(listed).toMatchObject({
      status: 'Cancelled',
      cancelledBy: 'patient',
      patient: { uid: patient.uid, name: 'Casey Closing', email: null, headline: null },
    });
  });

  it('refuses profile, documents and summary to a doctor whose only appointment is cancelled', async () => {
    const { user: doc, doctor } = await approvedDoctor();
    const patient = await patientWithIntake();
    const doc1 = await as(patient).post(`/api/patients/${patient.uid}/documents`, {
      name: 'ecg.pdf',
      type: 'Medical Report',
    });
    expect(doc1.status).toBe(201);
    const id = await appointmentAt(patient, doctor, 3 * 24 * 60);
    // While the appointment is active the doctor reads the profile (with its summary) and documents.
    expect((await as(doc).get(`/api/patients/${patient.uid}`)).status).toBe(200);
    expect((await as(doc).get(`/api/patients/${patient.uid}/documents`)).status).toBe(200);
    expect((await as(patient).post(`/api/appointments/${id}/cancel`)).status).toBe(200);
    const profile = await as(doc).get(`/api/patients/${patient.uid}`);
    expect(profile.status).toBe(403);
    expect((profile.body as { aiSummary?: unknown }).aiSummary).toBeUndefined();
    expect((await as(doc).get(`/api/patients/${patient.uid}/documents`)).status).toBe(403);
    const file = await as(doc).get(
      `/api/patients/${patient.uid}/documents/${(doc1.body as { id: string }).id}/file`,
    );
    expect(file.status).toBe(403);
  });

  it('keeps access while another appointment with the patient is still active', async () => {
    const { user: doc, doctor } = await approvedDoctor();
    const patient = await patientWithIntake();
    const first = await appointmentAt(patient, doctor, 3 * 24 * 60);
    await appointmentAt(patient, doctor, 4 * 24 * 60);
    expect((await as(patient).post(`/api/appointments/${first}/cancel`)).status).toBe(200);
    expect((await as(doc).get(`/api/patients/${patient.uid}`)).status).toBe(200);
  });

  it('writes one audit row per patient whose data the list returned', async () => {
    const { user: doc, doctor } = await approvedDoctor();
    const shown = await patientWithIntake();
    const cancelled = await patientWithIntake();
    await appointmentAt(shown, doctor, 3 * 24 * 60);
    await appointmentAt(shown, doctor, 4 * 24 * 60);
    const gone = await appointmentAt(cancelled, doctor, 5 * 24 * 60);
    expect((await as(cancelled).post(`/api/appointments/${gone}/cancel`)).status).toBe(200);
    await providerList(doc);
    const rows = await t.dataSource.query<{ resource_id: string; action: string; outcome: string }[]>(
      `SELECT resource_id, action, outcome FROM audit_log
        WHERE actor_uid = $1 AND resource_type = 'profile' ORDER BY id`,
      [doc.uid],
    );
    // The cancelled patient's name was returned too: that read is audited as well, once per patient.
    expect(rows).toEqual(
      expect.arrayContaining([
        { resource_id: shown.uid, action: 'read', outcome: 'allowed' },
        { resource_id: cancelled.uid, action: 'read', outcome: 'allowed' },
      ]),
    );
    expect(rows).toHaveLength(2);
  });
});

describe('closing visits', () => {
  it('refuses Completed and No-Show before the start time (409)', async () => {
    const { user: doc, doctor } = await approvedDoctor();
    const patient = await registeredPatient(t);
    const id = await appointmentAt(patient, doctor, 3 * 24 * 60);
    for (const status of ['Completed', 'No-Show']) {
      const res = await as(doc).patch(`/api/provider/appointments/${id}/status`, { status });
      expect(res.status).toBe(409);
      expect((res.body as { message: string }).message).toBe(MESSAGES.visitNotStarted);
    }
    // The patient can still cancel it.
    expect((await as(patient).post(`/api/appointments/${id}/cancel`)).status).toBe(200);
  });

  it('accepts Completed after the start and an undo within 24 hours', async () => {
    const { user: doc, doctor } = await approvedDoctor();
    const patient = await registeredPatient(t);
    const id = await appointmentAt(patient, doctor, -60);
    const done = await as(doc).patch(`/api/provider/appointments/${id}/status`, { status: 'Completed' });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ id, status: 'Completed' });
    // A closed visit is not closed again (undo first).
    const again = await as(doc).patch(`/api/provider/appointments/${id}/status`, { status: 'No-Show' });
    expect(again.status).toBe(409);
    expect((again.body as { message: string }).message).toBe(MESSAGES.visitNotOpen);
    const undo = await as(doc).post(`/api/provider/appointments/${id}/reopen`);
    expect(undo.status).toBe(200);
    expect(undo.body).toEqual({ id, status: 'Scheduled' });
    const listed = (await providerList(doc)).find((a) => a.id === id);
    expect(listed).toMatchObject({ status: 'Scheduled', closedAt: null });
    // Nothing to undo now.
    const twice = await as(doc).post(`/api/provider/appointments/${id}/reopen`);
    expect(twice.status).toBe(409);
    expect((twice.body as { message: string }).message).toBe(MESSAGES.visitNotClosed);
  });

  it('refuses the undo more than 24 hours after the close', async () => {
    const { user: doc, doctor } = await approvedDoctor();
    const patient = await registeredPatient(t);
    const id = await appointmentAt(patient, doctor, -3 * 24 * 60);
    expect(
      (await as(doc).patch(`/api/provider/appointments/${id}/status`, { status: 'No-Show' })).status,
    ).toBe(200);
    await t.dataSource.query(
      `UPDATE appointments SET closed_at = now() - make_interval(hours => $2) - interval '1 minute' WHERE id = $1`,
      [id, VISIT_UNDO_HOURS],
    );
    const res = await as(doc).post(`/api/provider/appointments/${id}/reopen`);
    expect(res.status).toBe(409);
    expect((res.body as { message: string }).message).toBe(
      formatMessage('visitUndoExpired', { hours: VISIT_UNDO_HOURS }),
    );
  });

  it('accepts the undo up to the end of the window the dashboard shows (one rule)', async () => {
    const { user: doc, doctor } = await approvedDoctor();
    const patient = await registeredPatient(t);
    const id = await appointmentAt(patient, doctor, -3 * 24 * 60);
    expect(
      (await as(doc).patch(`/api/provider/appointments/${id}/status`, { status: 'Completed' })).status,
    ).toBe(200);
    // Closed a minute less than VISIT_UNDO_HOURS ago: the shared visitActions still offers Undo.
    await t.dataSource.query(
      `UPDATE appointments SET closed_at = now() - make_interval(hours => $2) + interval '1 minute' WHERE id = $1`,
      [id, VISIT_UNDO_HOURS],
    );
    const listed = (await providerList(doc)).find((a) => a.id === id)!;
    expect(visitActions(listed).undo).toBe(true);
    const res = await as(doc).post(`/api/provider/appointments/${id}/reopen`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, status: 'Scheduled' });
    // Reopened after its start: the shared rule and the API both allow closing it again.
    const reopened = (await providerList(doc)).find((a) => a.id === id)!;
    expect(visitActions(reopened)).toMatchObject({ close: true, cancel: false, undo: false });
    expect(
      (await as(doc).patch(`/api/provider/appointments/${id}/status`, { status: 'No-Show' })).status,
    ).toBe(200);
  });

  it('refuses Completed before the start while the shared rule names the start', async () => {
    const { user: doc, doctor } = await approvedDoctor();
    const patient = await registeredPatient(t);
    const id = await appointmentAt(patient, doctor, 2 * 60);
    const listed = (await providerList(doc)).find((a) => a.id === id)!;
    expect(visitActions(listed)).toMatchObject({ close: false, cancel: true, closableFrom: listed.startsAt });
    const res = await as(doc).patch(`/api/provider/appointments/${id}/status`, { status: 'Completed' });
    expect(res.status).toBe(409);
    expect((res.body as { message: string }).message).toBe(MESSAGES.visitNotStarted);
  });

  it("answers 404 for another doctor's appointment", async () => {
    const { doctor } = await approvedDoctor();
    const { user: other } = await approvedDoctor();
    const patient = await registeredPatient(t);
    const id = await appointmentAt(patient, doctor, -60);
    expect(
      (await as(other).patch(`/api/provider/appointments/${id}/status`, { status: 'Completed' })).status,
    ).toBe(404);
    expect((await as(other).post(`/api/provider/appointments/${id}/reopen`)).status).toBe(404);
    expect((await as(other).post(`/api/provider/appointments/${id}/cancel`, { reason: 'x' })).status).toBe(
      404,
    );
  });
});

describe('POST /api/provider/appointments/{id}/cancel', () => {
  it('frees the slot, notifies the patient with the reason and ends the doctor’s access', async () => {
    const { user: doc, doctor } = await approvedDoctor();
    const patient = await patientWithIntake();
    const slot = bookableSlots(doctor)[0]!;
    const booked = await book(t, patient, bookingBody(patient, doctor, slot));
    expect(booked.status).toBe(201);
    const id = (booked.body as Appointment).id;
    expect((await as(doc).get(`/api/patients/${patient.uid}`)).status).toBe(200);

    const reason = 'The clinic is closed for a staff emergency.';
    const res = await as(doc).post(`/api/provider/appointments/${id}/cancel`, { reason: `  ${reason} ` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, status: 'Cancelled' });

    // The patient sees who cancelled and why, in the appointment and in their bell.
    const mine = await as(patient).get(`/api/appointments/${id}`);
    expect(mine.body).toMatchObject({ status: 'Cancelled', cancelledBy: 'doctor', cancelReason: reason });
    const bell = (await as(patient).get('/api/notifications')).body as NotificationsResponse;
    expect(bell.items).toContainEqual(
      expect.objectContaining({
        id: `cancelled:${id}`,
        title: MESSAGES.notificationDoctorCancelTitle,
        message: formatMessage('notificationDoctorCancelBody', {
          doctor: doctor.name,
          // The patient reads dates with weekday and clinic zone.
          date: formatAppointmentWhen(mine.body as Appointment),
          reason,
        }),
        read: false,
      }),
    );

    // The slot is free for another patient; the doctor no longer reads this patient's record.
    const other = await registeredPatient(t);
    expect((await book(t, other, bookingBody(other, doctor, slot))).status).toBe(201);
    expect((await as(doc).get(`/api/patients/${patient.uid}`)).status).toBe(403);
    const listed = (await providerList(doc)).find((a) => a.id === id);
    expect(listed).toMatchObject({
      cancelledBy: 'doctor',
      cancelReason: reason,
      patient: { headline: null },
    });
  });

  it('requires a reason of at most 500 characters and an upcoming appointment', async () => {
    const { user: doc, doctor } = await approvedDoctor();
    const patient = await registeredPatient(t);
    const upcoming = await appointmentAt(patient, doctor, 3 * 24 * 60);
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 5 }]) {
      const res = await as(doc).post(`/api/provider/appointments/${upcoming}/cancel`, body);
      expect(res.status).toBe(400);
    }
    const missing = await as(doc).post(`/api/provider/appointments/${upcoming}/cancel`, { reason: ' ' });
    expect(JSON.stringify(missing.body)).toContain(MESSAGES.cancelReasonRequired);
    const past = await appointmentAt(patient, doctor, -60);
    const res = await as(doc).post(`/api/provider/appointments/${past}/cancel`, { reason: 'Too late' });
    expect(res.status).toBe(409);
    expect((res.body as { message: string }).message).toBe(MESSAGES.doctorCancelNotUpcoming);
  });
});
