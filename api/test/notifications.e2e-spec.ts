import request from 'supertest';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  MESSAGES,
  formatAppointmentWhen,
  formatMessage,
  parseAppointmentDate,
  type Appointment,
  type NotificationsResponse,
} from '@medora/shared';
import { ROUTINE_RECORD } from '../src/summary/summary.fixtures.js';
import { approvedDoctorAccount, book, bookableSlots, bookingBody } from './booking-helpers.js';
import { authHeader, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});

afterAll(async () => {
  await t?.close();
});

async function registered(): Promise<TestUser> {
  const user = await signUpUser();
  await request(t.http).post('/api/users').set(authHeader(user)).send({ uid: user.uid, role: 'patient' });
  return user;
}

const list = async (user: TestUser) => {
  const res = await request(t.http).get('/api/notifications').set(authHeader(user));
  expect(res.status).toBe(200);
  return res.body as NotificationsResponse;
};

const markRead = (user: TestUser, body: unknown) =>
  request(t.http)
    .post('/api/notifications/read')
    .set(authHeader(user))
    .send(body as object);

describe('GET /api/notifications', () => {
  it('answers 401 without a token', async () => {
    expect((await request(t.http).get('/api/notifications')).status).toBe(401);
  });

  it('gives a new account an unread system welcome dated from its registration', async () => {
    const user = await registered();
    const body = await list(user);
    expect(body.unread).toBe(1);
    expect(body.items).toEqual([
      {
        id: 'system:welcome',
        type: 'system',
        title: MESSAGES.notificationWelcomeTitle,
        message: MESSAGES.notificationWelcomeBody,
        createdAt: expect.any(String),
        read: false,
      },
    ]);
    const [row] = await t.dataSource.query(`SELECT created_at FROM users WHERE firebase_uid = $1`, [
      user.uid,
    ]);
    expect(body.items[0]!.createdAt).toBe((row.created_at as Date).toISOString());
  });

  it('gives an unregistered account no notifications', async () => {
    expect(await list(await signUpUser())).toEqual({ items: [], nextCursor: null, unread: 0 });
  });
});

describe('POST /api/notifications/read', () => {
  it('answers 401 without a token', async () => {
    const res = await request(t.http)
      .post('/api/notifications/read')
      .send({ ids: ['system:welcome'] });
    expect(res.status).toBe(401);
  });

  it('keeps read state per user', async () => {
    const alice = await registered();
    const bob = await registered();
    const res = await markRead(alice, { ids: ['system:welcome'] });
    expect(res.status).toBe(200);
    expect((res.body as NotificationsResponse).unread).toBe(0);
    expect((await list(alice)).items[0]!.read).toBe(true);
    // Bob's welcome has the same id, but his read state is his own.
    expect((await list(bob)).unread).toBe(1);
    // Marking again changes nothing.
    expect((await markRead(alice, { ids: ['system:welcome', 'system:welcome'] })).status).toBe(200);
  });

  it('answers 403 for a notification that is not the caller’s', async () => {
    const user = await registered();
    const res = await markRead(user, { ids: ['appointment:someone-elses-booking'] });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ statusCode: 403, error: 'Forbidden', message: MESSAGES.forbidden });
    expect((await list(user)).unread).toBe(1);
  });

  it('answers 403 to an unregistered account', async () => {
    expect((await markRead(await signUpUser(), { ids: ['system:welcome'] })).status).toBe(403);
  });

  it.each([
    ['no ids', {}],
    ['an empty list', { ids: [] }],
    ['a malformed id', { ids: ['DROP TABLE'] }],
    ['an unknown field', { ids: ['system:welcome'], all: true }],
  ])('answers 400 for %s', async (_name, body) => {
    const res = await markRead(await registered(), body);
    expect(res.status).toBe(400);
    expect(res.body.fields).toBeDefined();
  });
});

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const SCHEDULE = {
  availableDays: DAYS,
  timeSlots: Object.fromEntries(DAYS.map((day) => [day, ['09:00 AM', '11:00 AM', '03:00 PM']])),
};
let doctorCount = 0;

/** A patient's booking with a fresh approved doctor, and that doctor's later free slots. */
async function booking(patient: TestUser): Promise<{ appointment: Appointment; later: string[] }> {
  const { doctor } = await approvedDoctorAccount(t, {
    name: `Dr. History ${++doctorCount}`,
    clinic: 'History Clinic',
    timeZone: 'America/Chicago',
    schedule: SCHEDULE,
  });
  const [first, ...later] = bookableSlots(doctor).slice(1);
  const res = await book(t, patient, bookingBody(patient, doctor, first!));
  expect(res.status).toBe(201);
  return { appointment: res.body as Appointment, later };
}

const bookedMessage = (a: Appointment) =>
  formatMessage('notificationAppointmentBody', {
    doctor: a.doctor,
    date: formatAppointmentWhen(a),
    clinic: a.clinic,
  });

describe('the bell keeps what happened as it happened', () => {
  it('a reschedule leaves the booking item at the time that was booked', async () => {
    const patient = await registered();
    const { appointment, later } = await booking(patient);
    const { date, time } = parseAppointmentDate(later[0]!)!;
    const moved = await request(t.http)
      .post(`/api/appointments/${appointment.id}/reschedule`)
      .set(authHeader(patient))
      .send({ date, time });
    expect(moved.status).toBe(200);
    expect((moved.body as Appointment).startsAt).not.toBe(appointment.startsAt);
    const items = (await list(patient)).items;
    const bookedItem = items.find((n) => n.id === `appointment:${appointment.id}`);
    expect(bookedItem?.message).toBe(bookedMessage(appointment));
    expect(items.some((n) => n.id.startsWith(`rescheduled:${appointment.id}:`))).toBe(true);
  });

  it('two reschedules each name the start they moved from, and the booking its own', async () => {
    const patient = await registered();
    const { appointment, later } = await booking(patient);
    for (const slot of later.slice(0, 2)) {
      const { date, time } = parseAppointmentDate(slot)!;
      const res = await request(t.http)
        .post(`/api/appointments/${appointment.id}/reschedule`)
        .set(authHeader(patient))
        .send({ date, time });
      expect(res.status).toBe(200);
    }
    const items = (await list(patient)).items;
    expect(items.find((n) => n.id === `appointment:${appointment.id}`)?.message).toBe(
      bookedMessage(appointment),
    );
    const [events] = await t.dataSource.query<{ n: string }[]>(
      `SELECT count(DISTINCT previous_starts_at) AS n FROM notification_events
        WHERE appointment_id = $1 AND kind = 'rescheduled'`,
      [appointment.id],
    );
    expect(Number(events!.n)).toBe(2);
  });

  it('a cancel keeps the booking item and adds a cancelled one', async () => {
    const patient = await registered();
    const { appointment } = await booking(patient);
    const res = await request(t.http)
      .post(`/api/appointments/${appointment.id}/cancel`)
      .set(authHeader(patient));
    expect(res.status).toBe(200);
    const ids = (await list(patient)).items.map((n) => n.id);
    expect(ids).toContain(`appointment:${appointment.id}`);
    expect(ids).toContain(`cancelled:${appointment.id}`);
  });

  it('a deleted document keeps its upload item', async () => {
    const patient = await registered();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
    const up = await request(t.http)
      .post(`/api/patients/${patient.uid}/documents`)
      .set(authHeader(patient))
      .attach('file', pdf, { filename: 'lab.pdf', contentType: 'application/octet-stream' });
    expect(up.status).toBe(201);
    const [doc] = await t.dataSource.query<{ id: string }[]>(
      `SELECT id FROM documents WHERE patient_uid = $1`,
      [patient.uid],
    );
    expect((await list(patient)).items.map((n) => n.id)).toContain(`document:${doc!.id}`);
    const del = await request(t.http)
      .delete(`/api/patients/${patient.uid}/documents/${doc!.id}`)
      .set(authHeader(patient));
    expect(del.status).toBeLessThan(300);
    const item = (await list(patient)).items.find((n) => n.id === `document:${doc!.id}`);
    expect(item?.message).toBe(formatMessage('notificationDocumentBody', { name: 'lab.pdf' }));
  });
});

describe('the welcome and the in-app setting', () => {
  it('reads the welcome once the health profile is complete', async () => {
    const patient = await registered();
    expect((await list(patient)).unread).toBe(1);
    const saved = await request(t.http)
      .post('/api/patients')
      .set(authHeader(patient))
      .send({ uid: patient.uid, data: ROUTINE_RECORD });
    expect(saved.status).toBe(201);
    const body = await list(patient);
    expect(body.items.find((n) => n.id === 'system:welcome')?.read).toBe(true);
    expect(body.unread).toBe(0);
  });

  it('shows nothing and counts 0 while in-app notifications are off, and everything again when on', async () => {
    const patient = await registered();
    await booking(patient);
    const on = await list(patient);
    expect(on.unread).toBeGreaterThan(1);
    const prefs = (inAppNotifications: boolean) =>
      request(t.http)
        .put('/api/me/preferences')
        .set(authHeader(patient))
        .send({ ...DEFAULT_NOTIFICATION_PREFERENCES, inAppNotifications });
    expect((await prefs(false)).status).toBe(200);
    expect(await list(patient)).toEqual({ items: [], nextCursor: null, unread: 0 });
    expect((await prefs(true)).status).toBe(200);
    expect(await list(patient)).toEqual(on);
  });
});
