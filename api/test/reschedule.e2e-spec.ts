import request from 'supertest';
import {
  MESSAGES,
  addDays,
  formatAppointmentWhen,
  formatDateTime,
  formatMessage,
  parseAppointmentDate,
  todayIn,
  type Appointment,
  type NotificationsResponse,
  type ProviderAppointmentsPage,
} from '@medora/shared';
import {
  approvedDoctorAccount,
  book,
  bookableSlots,
  bookingBody,
  registeredPatient,
  type SeededDoctor,
} from './booking-helpers.js';
import { authHeader, createTestApp, type TestApp, type TestUser } from './helpers.js';

/**
 * A patient moves an upcoming appointment to another free slot of the same doctor in one
 * transaction (409 when the slot is taken, also under a race), the id stays and "rescheduled from" is
 * kept; the patient and the doctor are notified, and so they are of a cancellation.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});

afterAll(async () => {
  await t?.close();
});

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const SCHEDULE = {
  availableDays: DAYS,
  timeSlots: Object.fromEntries(DAYS.map((day) => [day, ['09:00 AM', '11:00 AM', '03:00 PM']])),
};

let doctorCount = 0;

/** A doctor account with an approved record (written straight to the database), in Chicago. */
const approvedDoctor = () =>
  approvedDoctorAccount(t, {
    name: `Dr. Moving ${++doctorCount}`,
    clinic: 'Moving Clinic',
    timeZone: 'America/Chicago',
    schedule: SCHEDULE,
  });

const as = (user: TestUser) => ({
  get: (path: string) => request(t.http).get(path).set(authHeader(user)),
  post: (path: string, body?: object) => request(t.http).post(path).set(authHeader(user)).send(body),
});

/** The reschedule body for a slot in the spec's text form ('YYYY-MM-DD at hh:mm AM'). */
const to = (slot: string) => {
  const { date, time } = parseAppointmentDate(slot)!;
  return { date, time };
};

async function booked(patient: TestUser, doctor: SeededDoctor, slot: string): Promise<Appointment> {
  const res = await book(t, patient, bookingBody(patient, doctor, slot));
  expect(res.status).toBe(201);
  return res.body as Appointment;
}

async function bell(user: TestUser): Promise<NotificationsResponse> {
  const res = await as(user).get('/api/notifications');
  expect(res.status).toBe(200);
  return res.body as NotificationsResponse;
}

describe('POST /api/appointments/{id}/reschedule', () => {
  it('moves the appointment: same id, rescheduledFrom, old slot free, doctor list and both bells', async () => {
    const { user: doc, doctor } = await approvedDoctor();
    const patient = await registeredPatient(t);
    const [first, second] = bookableSlots(doctor);
    const before = await booked(patient, doctor, first!);

    const res = await as(patient).post(`/api/appointments/${before.id}/reschedule`, to(second!));
    expect(res.status).toBe(200);
    const after = res.body as Appointment;
    expect(after).toMatchObject({
      id: before.id,
      date: second,
      doctorId: doctor.id,
      status: 'Scheduled',
      rescheduledFrom: before.startsAt,
      notes: before.notes,
    });
    expect(after.startsAt).not.toBe(before.startsAt);
    // One appointment, not two: the list holds the moved one only.
    const list = await as(patient).get(`/api/appointments?uid=${patient.uid}`);
    expect((list.body as Appointment[]).map((a) => [a.id, a.date])).toEqual([[before.id, second]]);

    // The old slot can be booked again by someone else.
    const other = await registeredPatient(t);
    expect((await book(t, other, bookingBody(other, doctor, first!))).status).toBe(201);

    // The doctor's list says where it came from.
    const start = addDays(todayIn('America/Chicago'), -1);
    const mine = await as(doc).get(`/api/provider/appointments?from=${start}&to=${addDays(start, 30)}`);
    const row = (mine.body as ProviderAppointmentsPage).items.find((a) => a.id === before.id);
    expect(row).toMatchObject({ rescheduledFrom: before.startsAt, timeZone: 'America/Chicago' });

    // Both are told, with dates as people read them (weekday, clinic zone named).
    const from = formatDateTime(before.startsAt, 'America/Chicago');
    const date = formatAppointmentWhen(after);
    expect(date).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (AM|PM) C[SD]T$/);
    const patientBell = await bell(patient);
    expect(patientBell.items).toContainEqual(
      expect.objectContaining({
        type: 'appointment',
        title: MESSAGES.notificationRescheduledTitle,
        message: formatMessage('notificationRescheduledBody', {
          doctor: doctor.name,
          from,
          date,
          clinic: doctor.clinic,
        }),
        read: false,
      }),
    );
    const doctorBell = await bell(doc);
    expect(doctorBell.items).toContainEqual(
      expect.objectContaining({
        title: MESSAGES.notificationRescheduledTitle,
        message: formatMessage('notificationDoctorRescheduledBody', { from, date }),
      }),
    );
    // The other patient's bell says nothing about this appointment.
    expect((await bell(other)).items.map((n) => n.title)).not.toContain(
      MESSAGES.notificationRescheduledTitle,
    );
  });

  it('answers 409 when the new slot is taken, and leaves the appointment where it was', async () => {
    const { doctor } = await approvedDoctor();
    const patient = await registeredPatient(t);
    const other = await registeredPatient(t);
    const [first, second] = bookableSlots(doctor);
    const mine = await booked(patient, doctor, first!);
    await booked(other, doctor, second!);

    const res = await as(patient).post(`/api/appointments/${mine.id}/reschedule`, to(second!));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MESSAGES.appointmentSlotTaken);
    const now = await as(patient).get(`/api/appointments/${mine.id}`);
    expect(now.body).toMatchObject({ date: first, rescheduledFrom: null });
  });

  it('lets exactly one of two patients rescheduling into one slot at once win', async () => {
    const { doctor } = await approvedDoctor();
    const [a, b, target] = bookableSlots(doctor);
    const p1 = await registeredPatient(t);
    const p2 = await registeredPatient(t);
    const x1 = await booked(p1, doctor, a!);
    const x2 = await booked(p2, doctor, b!);

    const results = await Promise.all([
      as(p1).post(`/api/appointments/${x1.id}/reschedule`, to(target!)),
      as(p2).post(`/api/appointments/${x2.id}/reschedule`, to(target!)),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const holders = await t.dataSource.query<{ id: string }[]>(
      `SELECT id FROM appointments WHERE doctor_id = $1 AND status <> 'Cancelled' AND starts_at = $2`,
      [doctor.id, (results.find((r) => r.status === 200)!.body as Appointment).startsAt],
    );
    expect(holders).toHaveLength(1);
    // The loser keeps their own slot.
    const loser = results[0]!.status === 409 ? x1 : x2;
    const loserUser = results[0]!.status === 409 ? p1 : p2;
    expect((await as(loserUser).get(`/api/appointments/${loser.id}`)).body).toMatchObject({
      date: loser.date,
    });
  });

  it('answers 403 to another patient and 404 for an unknown appointment', async () => {
    const { doctor } = await approvedDoctor();
    const patient = await registeredPatient(t);
    const stranger = await registeredPatient(t);
    const [first, second] = bookableSlots(doctor);
    const mine = await booked(patient, doctor, first!);

    const res = await as(stranger).post(`/api/appointments/${mine.id}/reschedule`, to(second!));
    expect(res.status).toBe(403);
    const missing = await as(patient).post(
      '/api/appointments/00000000-0000-4000-8000-000000000000/reschedule',
      to(second!),
    );
    expect(missing.status).toBe(404);
    expect((await as(patient).get(`/api/appointments/${mine.id}`)).body).toMatchObject({ date: first });
  });

  it('refuses a cancelled or past appointment with 409', async () => {
    const { doctor } = await approvedDoctor();
    const patient = await registeredPatient(t);
    const [first, second] = bookableSlots(doctor);
    const cancelled = await booked(patient, doctor, first!);
    expect((await as(patient).post(`/api/appointments/${cancelled.id}/cancel`)).status).toBe(200);
    const res = await as(patient).post(`/api/appointments/${cancelled.id}/reschedule`, to(second!));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MESSAGES.rescheduleNotAllowed);

    const [past] = await t.dataSource.query<{ id: string }[]>(
      `INSERT INTO appointments (patient_uid, doctor_id, starts_at, notes, clinic, specialty, doctor_name)
       VALUES ($1, $2, now() - interval '2 days', 'Past', $3, $4, $5) RETURNING id`,
      [patient.uid, doctor.id, doctor.clinic, doctor.specialty, doctor.name],
    );
    const late = await as(patient).post(`/api/appointments/${past!.id}/reschedule`, to(second!));
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(MESSAGES.rescheduleNotAllowed);
  });

  it('answers 400 for a slot the doctor does not offer, the same slot, or a malformed body', async () => {
    const { doctor } = await approvedDoctor();
    const patient = await registeredPatient(t);
    const [first] = bookableSlots(doctor);
    const mine = await booked(patient, doctor, first!);
    const { date } = to(first!);
    const cases: [object, string | undefined][] = [
      [{ date, time: '07:15 AM' }, MESSAGES.appointmentSlotInvalid],
      [{ date: '2030-01-07', time: '09:00 AM' }, MESSAGES.appointmentSlotInvalid],
      [to(first!), MESSAGES.rescheduleSameSlot],
      [{ date: '27/11/2026', time: '09:00 AM' }, MESSAGES.rescheduleDateInvalid],
      [{ date, time: '9 o’clock' }, MESSAGES.rescheduleTimeInvalid],
      [{ ...to(first!), doctorId: doctor.id }, undefined],
    ];
    for (const [body, message] of cases) {
      const res = await as(patient).post(`/api/appointments/${mine.id}/reschedule`, body);
      expect([res.status, body]).toEqual([400, body]);
      if (message) expect(res.body.message).toBe(message);
    }
  });
});

describe('a cancellation notifies', () => {
  it('tells the patient and the doctor when the patient cancels', async () => {
    const { user: doc, doctor } = await approvedDoctor();
    const patient = await registeredPatient(t);
    const a = await booked(patient, doctor, bookableSlots(doctor)[0]!);
    expect((await bell(patient)).items.some((n) => n.id === `cancelled:${a.id}`)).toBe(false);

    expect((await as(patient).post(`/api/appointments/${a.id}/cancel`)).status).toBe(200);
    expect((await bell(patient)).items).toContainEqual(
      expect.objectContaining({
        id: `cancelled:${a.id}`,
        title: MESSAGES.notificationCancelledTitle,
        message: formatMessage('notificationCancelledBody', {
          doctor: doctor.name,
          date: formatAppointmentWhen(a),
        }),
        read: false,
      }),
    );
    expect((await bell(doc)).items).toContainEqual(
      expect.objectContaining({
        id: `doctor-cancelled:${a.id}`,
        message: formatMessage('notificationDoctorCancelledBody', { date: formatAppointmentWhen(a) }),
      }),
    );
  });
});
