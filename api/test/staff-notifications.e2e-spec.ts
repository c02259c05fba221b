import request from 'supertest';
import {
  MESSAGES,
  formatAppointmentWhen,
  formatMessage,
  type Appointment,
  type NotificationsResponse,
} from '@medora/shared';
import { applicationVersion } from './application-helpers.js';
import { book, bookableSlots, bookingBody, registeredPatient, type SeededDoctor } from './booking-helpers.js';
import { authHeader, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers.js';

/**
 * The staff get their own bell. A doctor is told of a new booking (no health data), an
 * applicant of the decision on their application (approved, or rejected with the reason, without '..'),
 * and both can mark those notifications read.
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

async function registered(role: 'patient' | 'doctor'): Promise<TestUser> {
  const user = await signUpUser();
  const res = await request(t.http).post('/api/users').set(authHeader(user)).send({ uid: user.uid, role });
  expect(res.status).toBe(201);
  return user;
}

let count = 0;

/** A doctor account with an approved record written straight to the database. */
async function approvedDoctor(): Promise<{ user: TestUser; doctor: SeededDoctor }> {
  const user = await registered('doctor');
  const name = `Dr. Bell ${++count}`;
  const [row] = await t.dataSource.query<{ id: string }[]>(
    `INSERT INTO doctors (user_id, name, email, specialty, clinic, time_zone, schedule,
                          verification_status, is_available, onboarding_completed)
     SELECT u.id, $2, u.email, 'Cardiology', 'Bell Clinic', 'America/Chicago', $3::jsonb, 'approved', true, true
       FROM users u WHERE u.firebase_uid = $1
     RETURNING id`,
    [user.uid, name, JSON.stringify(SCHEDULE)],
  );
  const doctor: SeededDoctor = {
    id: row!.id,
    name,
    clinic: 'Bell Clinic',
    specialty: 'Cardiology',
    timeZone: 'America/Chicago',
    schedule: SCHEDULE,
  };
  return { user, doctor };
}

/** A doctor account with a pending, completed application (written straight to the database). */
async function applicant(): Promise<{ user: TestUser; id: string }> {
  const user = await registered('doctor');
  const [row] = await t.dataSource.query<{ id: string }[]>(
    `INSERT INTO doctors (user_id, name, email, specialty, clinic, verification_status, onboarding_completed)
     SELECT u.id, 'Dr. Applicant', u.email, 'Cardiology', 'Applicant Clinic', 'pending', true
       FROM users u WHERE u.firebase_uid = $1
     RETURNING id`,
    [user.uid],
  );
  return { user, id: row!.id };
}

async function admin(): Promise<TestUser> {
  const user = await registered('patient');
  await t.dataSource.query(`UPDATE users SET role = 'admin' WHERE firebase_uid = $1`, [user.uid]);
  return user;
}

async function decide(reviewer: TestUser, id: string, what: 'approve' | 'reject', body: object = {}) {
  const version = await applicationVersion(t.dataSource, id);
  const res = await request(t.http)
    .post(`/api/admin/doctors/${id}/${what}`)
    .set(authHeader(reviewer))
    .send({ version, ...body });
  expect(res.status).toBe(200);
}

const list = async (user: TestUser) => {
  const res = await request(t.http).get('/api/notifications').set(authHeader(user));
  expect(res.status).toBe(200);
  return res.body as NotificationsResponse;
};

const markRead = (user: TestUser, ids: string[]) =>
  request(t.http).post('/api/notifications/read').set(authHeader(user)).send({ ids });

describe('a doctor’s bell', () => {
  it('tells the doctor of a new booking with its date only, and lets them mark it read', async () => {
    const { user, doctor } = await approvedDoctor();
    const patient = await registeredPatient(t);
    const res = await book(t, patient, bookingBody(patient, doctor, bookableSlots(doctor)[0]!));
    expect(res.status).toBe(201);
    const booked = res.body as Appointment;

    const body = await list(user);
    const note = body.items.find((n) => n.id === `doctor-booked:${booked.id}`);
    expect(note).toEqual({
      id: `doctor-booked:${booked.id}`,
      type: 'appointment',
      title: MESSAGES.notificationDoctorBookedTitle,
      message: formatMessage('notificationDoctorBookedBody', { date: formatAppointmentWhen(booked) }),
      createdAt: booked.bookedAt,
      read: false,
    });
    // The booking's notes are health data: they stay out of the doctor's bell.
    expect(JSON.stringify(body)).not.toContain('Checkup');
    // The patient's own bell has their booking, not the doctor's notification.
    expect((await list(patient)).items.map((n) => n.id)).not.toContain(`doctor-booked:${booked.id}`);

    const read = await markRead(user, [note!.id]);
    expect(read.status).toBe(200);
    expect((read.body as NotificationsResponse).items.find((n) => n.id === note!.id)?.read).toBe(true);
  });

  it('tells the doctor of their own cancellation, and keeps the patient’s name on its card', async () => {
    const { user, doctor } = await approvedDoctor();
    const patient = await registeredPatient(t);
    await t.dataSource.query(
      `INSERT INTO patient_profiles (firebase_uid, data) VALUES ($1, '{"name": "Casey Bell"}'::jsonb)`,
      [patient.uid],
    );
    const res = await book(t, patient, bookingBody(patient, doctor, bookableSlots(doctor)[0]!));
    expect(res.status).toBe(201);
    const booked = res.body as Appointment;
    const cancelled = await request(t.http)
      .post(`/api/provider/appointments/${booked.id}/cancel`)
      .set(authHeader(user))
      .send({ reason: 'The clinic is closed.' });
    expect(cancelled.status).toBe(200);

    const note = (await list(user)).items.find((n) => n.id === `doctor-cancelled:${booked.id}`);
    expect(note?.message).toBe(
      formatMessage('notificationDoctorOwnCancelBody', {
        date: formatAppointmentWhen(booked),
        reason: 'The clinic is closed',
      }),
    );
    // The clinic's day of the start, whichever side of midnight UTC it falls.
    const day = (offset: number) =>
      new Date(Date.parse(booked.startsAt) + offset * 86_400_000).toISOString().slice(0, 10);
    const window = await request(t.http)
      .get(`/api/provider/appointments?from=${day(-1)}&to=${day(1)}`)
      .set(authHeader(user));
    const card = (window.body as { items: { id: string; status: string; patient: object }[] }).items.find(
      (a) => a.id === booked.id,
    );
    expect(card?.status).toBe('Cancelled');
    // Whose visit it was, and nothing of their health data.
    expect(card?.patient).toEqual({ uid: patient.uid, name: 'Casey Bell', email: null, headline: null });
  });

  it('does not tell another doctor, who cannot mark it read either', async () => {
    const { doctor } = await approvedDoctor();
    const other = await approvedDoctor();
    const patient = await registeredPatient(t);
    const res = await book(t, patient, bookingBody(patient, doctor, bookableSlots(doctor)[1]!));
    expect(res.status).toBe(201);
    const id = (res.body as Appointment).id;
    expect((await list(other.user)).items.map((n) => n.id)).not.toContain(`doctor-booked:${id}`);
    // Someone else's notification cannot be marked read.
    expect((await markRead(other.user, [`doctor-booked:${id}`])).status).toBe(403);
  });
});

describe('an applicant’s bell', () => {
  it('tells the applicant their application was approved', async () => {
    const { user, id } = await applicant();
    expect((await list(user)).items.some((n) => n.id.startsWith('application:'))).toBe(false);
    await decide(await admin(), id, 'approve');
    const note = (await list(user)).items.find((n) => n.id.startsWith(`application:${id}:approved:`));
    expect(note).toMatchObject({
      type: 'system',
      title: MESSAGES.notificationApplicationApprovedTitle,
      message: MESSAGES.notificationApplicationApprovedBody,
      read: false,
    });
    expect((await markRead(user, [note!.id])).status).toBe(200);
    expect((await list(user)).items.find((n) => n.id === note!.id)?.read).toBe(true);
  });

  it('tells the applicant the application was rejected, with the reason and one full stop', async () => {
    const { user, id } = await applicant();
    await decide(await admin(), id, 'reject', { reason: 'The licence number does not match.' });
    const note = (await list(user)).items.find((n) => n.id.startsWith(`application:${id}:rejected:`));
    expect(note).toMatchObject({
      type: 'system',
      title: MESSAGES.notificationApplicationRejectedTitle,
      message:
        'Your application was not approved: The licence number does not match. You can correct it and submit again.',
    });
    expect(note!.message).not.toContain('..');
  });

  it('welcomes an applicant without asking for a health profile', async () => {
    const { user } = await applicant();
    expect((await list(user)).items.find((n) => n.id === 'system:welcome')?.message).toBe(
      MESSAGES.notificationStaffWelcomeBody,
    );
  });

  it('says nothing of a decision to a patient or to an applicant still pending', async () => {
    const { user } = await applicant();
    const patient = await registered('patient');
    for (const who of [user, patient]) {
      expect((await list(who)).items.some((n) => n.id.startsWith('application:'))).toBe(false);
    }
  });
});
