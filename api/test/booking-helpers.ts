import request from 'supertest';
import {
  availableDates,
  bookingWindowRange,
  formatAppointmentDate,
  slotsFor,
  type DoctorSchedule,
  type DoctorSlotsResponse,
  type DoctorsWithContextResponse,
} from '@medora/shared';
import { authHeader, signUpUser, type TestApp, type TestUser } from './helpers.js';

export interface SeededDoctor {
  id: string;
  name: string;
  clinic: string;
  specialty: string;
  timeZone: string;
  schedule: DoctorSchedule;
}

/** A demo doctor seeded by createTestApp, by its seed key. */
export async function seededDoctor(t: TestApp, seedKey: string): Promise<SeededDoctor> {
  const [row] = (await t.dataSource.query(
    `SELECT id, name, clinic, specialty, time_zone AS "timeZone", schedule FROM doctors WHERE seed_key = $1`,
    [seedKey],
  )) as SeededDoctor[];
  if (!row) throw new Error(`No seeded doctor ${seedKey}`);
  return row;
}

/** Every bookable slot of a doctor right now, as the spec's text dates, in order. */
export function bookableSlots(doctor: SeededDoctor): string[] {
  return availableDates(doctor.schedule, { timeZone: doctor.timeZone }).flatMap(({ date }) =>
    slotsFor(doctor.schedule, date).map((time) => formatAppointmentDate(date, time)),
  );
}

/** A new emulator account registered as a patient. */
export async function registeredPatient(t: TestApp): Promise<TestUser> {
  const user = await signUpUser();
  const res = await request(t.http)
    .post('/api/users')
    .set(authHeader(user))
    .send({ uid: user.uid, role: 'patient' });
  if (res.status !== 201) throw new Error(`POST /api/users answered ${res.status}`);
  return user;
}

/** A registered patient who has submitted the intake `data` (so has a clinical summary). */
export async function patientWithRecord(t: TestApp, data: object): Promise<TestUser> {
  const user = await registeredPatient(t);
  const res = await request(t.http).post('/api/patients').set(authHeader(user)).send({ uid: user.uid, data });
  if (res.status !== 201) throw new Error(`POST /api/patients answered ${res.status}`);
  return user;
}

/**
 * A doctor account whose record an admin approved (written straight to the database, bookable), with
 * the given clinic, zone and schedule.
 */
export async function approvedDoctorAccount(
  t: TestApp,
  record: { name: string; clinic: string; timeZone: string; schedule: SeededDoctor['schedule'] },
): Promise<{ user: TestUser; doctor: SeededDoctor }> {
  const user = await signUpUser();
  const res = await request(t.http)
    .post('/api/users')
    .set(authHeader(user))
    .send({ uid: user.uid, role: 'doctor' });
  if (res.status !== 201) throw new Error(`POST /api/users answered ${res.status}`);
  const specialty = 'Cardiology';
  const [row] = await t.dataSource.query<{ id: string }[]>(
    `INSERT INTO doctors (user_id, name, email, specialty, clinic, time_zone, schedule,
                          verification_status, is_available, onboarding_completed)
     SELECT u.id, $2, u.email, $3, $4, $5, $6::jsonb, 'approved', true, true
       FROM users u WHERE u.firebase_uid = $1
     RETURNING id`,
    [user.uid, record.name, specialty, record.clinic, record.timeZone, JSON.stringify(record.schedule)],
  );
  return { user, doctor: { id: row!.id, specialty, ...record } };
}

/** The spec's booking body for a doctor and text date. */
export function bookingBody(
  user: TestUser,
  doctor: SeededDoctor,
  date: string,
  extra: Record<string, unknown> = {},
) {
  return {
    uid: user.uid,
    date,
    doctorId: doctor.id,
    doctor: doctor.name,
    clinic: doctor.clinic,
    specialty: doctor.specialty,
    notes: 'Checkup',
    prescriptionUrl: null,
    bookedAt: new Date().toISOString(),
    ...extra,
  };
}

export const book = (t: TestApp, user: TestUser, body: object, key?: string) => {
  const req = request(t.http).post('/api/appointments').set(authHeader(user));
  if (key) void req.set('Idempotency-Key', key);
  return req.send(body);
};

export async function withContext(t: TestApp, user: TestUser): Promise<DoctorsWithContextResponse> {
  const res = await request(t.http).get(`/api/doctors-with-context/${user.uid}`).set(authHeader(user));
  if (res.status !== 200) throw new Error(`doctors-with-context answered ${res.status}`);
  return res.body as DoctorsWithContextResponse;
}

/**
 * A doctor's free slots over the whole booking window (`GET /api/doctors/{id}/slots`), as the
 * spec's text dates, in order.
 */
export async function freeSlotTexts(t: TestApp, user: TestUser, doctor: SeededDoctor): Promise<string[]> {
  const { from, to } = bookingWindowRange(doctor.timeZone);
  const res = await request(t.http)
    .get(`/api/doctors/${doctor.id}/slots?from=${from}&to=${to}`)
    .set(authHeader(user));
  if (res.status !== 200) throw new Error(`doctors/{id}/slots answered ${res.status}`);
  return (res.body as DoctorSlotsResponse).days.flatMap(({ date, slots }) =>
    slots.map((time) => formatAppointmentDate(date, time)),
  );
}
