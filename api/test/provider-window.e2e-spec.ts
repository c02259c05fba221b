import request from 'supertest';
import {
  MESSAGES,
  PROVIDER_PAGE_MAX,
  PROVIDER_WINDOW_MAX_DAYS,
  RESPONSE_SCHEMAS,
  addDays,
  formatMessage,
  slotStart,
  todayIn,
  type ProviderAppointment,
  type ProviderAppointmentIntake,
  type ProviderAppointmentsPage,
} from '@medora/shared';
import { AppointmentsRepository } from '../src/appointments/appointments.repository.js';
import { ROUTINE_RECORD } from '../src/summary/summary.fixtures.js';
import {
  approvedDoctorAccount,
  patientWithRecord,
  registeredPatient,
  type SeededDoctor,
} from './booking-helpers.js';
import { authHeader, createTestApp, type TestApp, type TestUser } from './helpers.js';

/**
 * A doctor's appointments come a window of clinic dates at a time (default today and the
 * next 7 days), a keyset page at a time; a card carries the patient's name and summary headline, and
 * the intake loads when it is opened (its own doctor only, while active, audited).
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});

afterAll(async () => {
  await t?.close();
});

const ZONE = 'America/Chicago';
const SCHEDULE = { availableDays: ['Monday'], timeSlots: { Monday: ['09:00 AM'] } };
let doctors = 0;

const approvedDoctor = () =>
  approvedDoctorAccount(t, {
    name: `Dr. Window ${++doctors}`,
    clinic: 'Window Clinic',
    timeZone: ZONE,
    schedule: SCHEDULE,
  });

const patientWithIntake = () => patientWithRecord(t, ROUTINE_RECORD);

/** An appointment written straight to the database at a clinic wall date and time. */
async function appointmentOn(
  patient: TestUser,
  doctor: SeededDoctor,
  date: string,
  time: string,
  status = 'Scheduled',
): Promise<string> {
  const [row] = await t.dataSource.query<{ id: string }[]>(
    `INSERT INTO appointments (patient_uid, doctor_id, starts_at, status, notes, clinic, specialty, doctor_name)
     VALUES ($1, $2, $3, $4, 'Window', $5, $6, $7) RETURNING id`,
    [
      patient.uid,
      doctor.id,
      slotStart(date, time, ZONE),
      status,
      doctor.clinic,
      doctor.specialty,
      doctor.name,
    ],
  );
  return row!.id;
}

const list = (doctor: TestUser, query = '') =>
  request(t.http).get(`/api/provider/appointments${query}`).set(authHeader(doctor));

async function page(doctor: TestUser, query = ''): Promise<ProviderAppointmentsPage> {
  const res = await list(doctor, query);
  expect(res.status).toBe(200);
  expect(RESPONSE_SCHEMAS['GET /api/provider/appointments']!.safeParse(res.body).success).toBe(true);
  return res.body as ProviderAppointmentsPage;
}

const ids = (items: ProviderAppointment[]) => items.map((a) => a.id);

describe('GET /api/provider/appointments: the window', () => {
  it('defaults to today and the next 7 days in the clinic zone, and serves the window asked for', async () => {
    const { user, doctor } = await approvedDoctor();
    const patient = await patientWithIntake();
    const today = todayIn(ZONE);
    const yesterday = await appointmentOn(patient, doctor, addDays(today, -1), '11:30 PM');
    const early = await appointmentOn(patient, doctor, today, '12:00 AM');
    const week = await appointmentOn(patient, doctor, addDays(today, 7), '11:30 PM');
    const later = await appointmentOn(patient, doctor, addDays(today, 8), '12:00 AM');

    const byDefault = await page(user);
    expect(byDefault).toMatchObject({ from: today, to: addDays(today, 7), timeZone: ZONE, nextCursor: null });
    expect(ids(byDefault.items)).toEqual([early, week]);

    const day = await page(user, `?from=${addDays(today, -1)}&to=${addDays(today, -1)}`);
    expect(ids(day.items)).toEqual([yesterday]);
    expect(ids((await page(user, `?from=${addDays(today, 8)}`)).items)).toEqual([later]);
    // A card: name and summary headline, no intake.
    const [card] = byDefault.items;
    expect(card!.patient).toEqual({
      uid: patient.uid,
      name: ROUTINE_RECORD.name,
      email: patient.email,
      // A routine record raises no flag: no urgency to show.
      headline: { redFlags: [], complaints: expect.any(Array), topUrgency: null },
    });
  });

  it('answers 400 with a clear message for a bad window, limit or cursor', async () => {
    const { user } = await approvedDoctor();
    const today = todayIn(ZONE);
    const cases: [string, string][] = [
      ['?from=2026-02-30', MESSAGES.providerWindowFromInvalid],
      ['?to=tomorrow', MESSAGES.providerWindowToInvalid],
      [`?from=${today}&to=${addDays(today, -1)}`, MESSAGES.providerWindowOrder],
      [
        `?from=${today}&to=${addDays(today, PROVIDER_WINDOW_MAX_DAYS)}`,
        formatMessage('providerWindowTooLong', { days: PROVIDER_WINDOW_MAX_DAYS }),
      ],
      [`?to=${addDays(today, -1)}`, MESSAGES.providerWindowOrder],
      ['?limit=0', formatMessage('providerLimitInvalid', { max: PROVIDER_PAGE_MAX })],
      [`?limit=${PROVIDER_PAGE_MAX + 1}`, formatMessage('providerLimitInvalid', { max: PROVIDER_PAGE_MAX })],
      ['?limit=1e1', formatMessage('providerLimitInvalid', { max: PROVIDER_PAGE_MAX })],
      ['?cursor=nonsense', MESSAGES.providerCursorInvalid],
      ['?status=Cancelled', 'Unrecognized key: "status"'],
    ];
    for (const [query, message] of cases) {
      const res = await list(user, query);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(JSON.stringify(res.body)).toContain(JSON.stringify(message).slice(1, -1));
    }
  });
});

describe('GET /api/provider/appointments: pages', () => {
  it('walks a window in pages, none twice or missed while one is added between pages', async () => {
    const { user, doctor } = await approvedDoctor();
    const patient = await patientWithIntake();
    const from = addDays(todayIn(ZONE), 1);
    const made: string[] = [];
    for (let i = 0; i < 7; i++) made.push(await appointmentOn(patient, doctor, from, `0${i + 1}:00 PM`));
    // A cancelled booking at the same start as an active one: the id breaks the tie.
    made.splice(2, 0, await appointmentOn(patient, doctor, from, '03:00 PM', 'Cancelled'));
    made.sort();
    const window = `?from=${from}&to=${addDays(from, 2)}&limit=3`;

    const first = await page(user, window);
    expect(first.items).toHaveLength(3);
    expect(first.nextCursor).toEqual(expect.any(String));
    // Between pages: one booking behind the cursor (already passed) and one ahead of it.
    await appointmentOn(patient, doctor, from, '12:30 AM');
    const ahead = await appointmentOn(patient, doctor, addDays(from, 1), '09:00 AM');

    const seen = [...ids(first.items)];
    let cursor = first.nextCursor;
    while (cursor) {
      const next = await page(user, `${window}&cursor=${encodeURIComponent(cursor)}`);
      expect(next.items.length).toBeLessThanOrEqual(3);
      seen.push(...ids(next.items));
      cursor = next.nextCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...made, ahead].sort());
    // In start order (then id).
    const starts = (await page(user, `?from=${from}&to=${addDays(from, 2)}`)).items.map((a) => a.startsAt);
    expect(starts).toEqual([...starts].sort());

    // A cursor continues its own window only.
    const other = await list(user, `?from=${addDays(from, 1)}&limit=3&cursor=${first.nextCursor}`);
    expect(other.status).toBe(400);
    expect(JSON.stringify(other.body)).toContain(MESSAGES.providerCursorInvalid);
  });

  it('reads a page through the (doctor, start, id) index', async () => {
    const { user, doctor } = await approvedDoctor();
    const patient = await registeredPatient(t);
    // Enough rows of other doctors that a sequential scan would not pay.
    await t.dataSource.query(
      `WITH ds AS (
         INSERT INTO doctors (name, specialty, clinic, verification_status)
         SELECT 'Dr. Bulk ' || g, 'Cardiology', 'Bulk', 'approved' FROM generate_series(1, 50) g RETURNING id
       )
       INSERT INTO appointments (patient_uid, doctor_id, starts_at, status, clinic, specialty, doctor_name)
       SELECT $1, ds.id, now() + g * interval '1 minute', 'Cancelled', 'Bulk', 'Cardiology', 'Dr. Bulk'
         FROM ds CROSS JOIN generate_series(1, 400) g`,
      [patient.uid],
    );
    await t.dataSource.query('ANALYZE appointments');
    const today = todayIn(ZONE);
    const window = { from: today, to: addDays(today, 7), timeZone: ZONE };
    for (const after of [null, { at: new Date().toISOString().replace('Z', '000Z'), id: doctor.id }]) {
      const q = AppointmentsRepository.windowOfDoctorQuery(doctor.id, window, after, 50, {
        doctorUid: user.uid,
        days: 30,
      });
      const [row] = await t.dataSource.query<{ 'QUERY PLAN': unknown }[]>(
        `EXPLAIN (FORMAT JSON) ${q.sql}`,
        q.params,
      );
      const plan = JSON.stringify(row!['QUERY PLAN']);
      expect(plan).toContain('idx_appointments_doctor_starts_id');
      expect(plan).not.toContain('"Node Type":"Sort"');
    }
  });
});

describe('GET /api/provider/appointments/{id}/intake', () => {
  const intake = (doctor: TestUser, id: string) =>
    request(t.http).get(`/api/provider/appointments/${id}/intake`).set(authHeader(doctor));

  it('gives the appointment’s doctor the summary and intake, audited; refuses once it is cancelled', async () => {
    const { user, doctor } = await approvedDoctor();
    const { user: otherDoctor } = await approvedDoctor();
    const patient = await patientWithIntake();
    const id = await appointmentOn(patient, doctor, addDays(todayIn(ZONE), 2), '09:00 AM');

    const res = await intake(user, id);
    expect(res.status).toBe(200);
    expect(RESPONSE_SCHEMAS['GET /api/provider/appointments/{id}/intake']!.safeParse(res.body).success).toBe(
      true,
    );
    const body = res.body as ProviderAppointmentIntake;
    expect(body).toMatchObject({ appointmentId: id, patientUid: patient.uid });
    expect(body.intake).toMatchObject({ name: ROUTINE_RECORD.name });
    expect(body.summary?.sections.length).toBeGreaterThan(0);
    const rows = await t.dataSource.query<{ outcome: string; resource_id: string; detail: string }[]>(
      `SELECT outcome, resource_id, detail FROM audit_log
        WHERE actor_uid = $1 AND action = 'read' AND resource_type = 'profile' ORDER BY id`,
      [user.uid],
    );
    expect(rows).toEqual([{ outcome: 'allowed', resource_id: patient.uid, detail: `appointment ${id}` }]);

    // Another doctor: not theirs (404). The patient: not a doctor (403). Unknown id: 404; no id: 400.
    expect((await intake(otherDoctor, id)).status).toBe(404);
    expect((await intake(patient, id)).status).toBe(403);
    expect((await intake(user, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await intake(user, 'nope')).status).toBe(400);

    // Cancelled: the relationship through it ended (403), and that refusal is audited too.
    expect(
      (await request(t.http).post(`/api/appointments/${id}/cancel`).set(authHeader(patient))).status,
    ).toBe(200);
    const refused = await intake(user, id);
    expect(refused.status).toBe(403);
    expect((refused.body as { message: string }).message).toBe(MESSAGES.cancelledNoHealthData);
    const denied = await t.dataSource.query<{ detail: string }[]>(
      `SELECT detail FROM audit_log WHERE actor_uid = $1 AND outcome = 'denied' AND resource_type = 'profile'`,
      [user.uid],
    );
    expect(denied.map((r) => r.detail)).toContain(`appointment ${id} cancelled`);
  });
});
