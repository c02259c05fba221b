import request from 'supertest';
import {
  MESSAGES,
  addDays,
  formatMessage,
  todayIn,
  type PatientResponse,
  type ProviderAppointmentsPage,
  type VisitsResponse,
} from '@medora/shared';
import { CHEST_PAIN_RECORD, ROUTINE_RECORD } from '../src/summary/summary.fixtures.js';
import { approvedDoctorAccount, patientWithRecord, type SeededDoctor } from './booking-helpers.js';
import { authHeader, createTestApp, type TestApp, type TestUser } from './helpers.js';

/**
 * Care-relationship access (docs/security.md#access-rules): a doctor reads a patient's record while an
 * appointment with them is open and for CARE_ACCESS_DAYS (30 by default) after the last Completed or
 * No-Show one — then only what the patient had sent by that visit's close. Time moves in the database:
 * the appointments are written in the past.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});

afterAll(async () => {
  await t?.close();
});

const ZONE = 'Europe/London';
let doctors = 0;
let calls = 0;

const approvedDoctor = () =>
  approvedDoctorAccount(t, {
    name: `Dr. Care ${++doctors}`,
    clinic: 'Care Clinic',
    timeZone: ZONE,
    schedule: { availableDays: ['Monday'], timeSlots: { Monday: ['09:00 AM'] } },
  });

/**
 * An appointment written straight to the database: starting `startsDaysAgo` days ago (negative: ahead)
 * and, when closed, closed `closedDaysAgo` days ago.
 */
async function appointment(
  patient: TestUser,
  doctor: SeededDoctor,
  status: 'Scheduled' | 'Completed' | 'No-Show' | 'Cancelled',
  startsDaysAgo: number,
  closedDaysAgo: number | null = null,
): Promise<string> {
  const [row] = await t.dataSource.query<{ id: string }[]>(
    `INSERT INTO appointments (patient_uid, doctor_id, starts_at, status, notes, clinic, specialty,
                               doctor_name, closed_at, cancelled_at, cancelled_by)
     VALUES ($1, $2, now() - make_interval(days => $3), $4, 'Care', $5, $6, $7,
             CASE WHEN $8::int IS NULL THEN NULL ELSE now() - make_interval(days => $8::int) END,
             CASE WHEN $4 = 'Cancelled' THEN now() END, CASE WHEN $4 = 'Cancelled' THEN 'patient' END)
     RETURNING id`,
    [
      patient.uid,
      doctor.id,
      startsDaysAgo,
      status,
      doctor.clinic,
      doctor.specialty,
      doctor.name,
      closedDaysAgo,
    ],
  );
  return row!.id;
}

/** Calls as `user`, returning the response and the audit rows (action, outcome) the call wrote. */
async function call(user: TestUser, path: string) {
  const userAgent = `care-window/${++calls}`;
  const res = await request(t.http).get(path).set(authHeader(user)).set('User-Agent', userAgent);
  const rows = await t.dataSource.query<{ action: string; outcome: string }[]>(
    'SELECT action, outcome FROM audit_log WHERE user_agent = $1 ORDER BY created_at',
    [userAgent],
  );
  return { res, audit: rows.map((r) => `${r.action} ${r.outcome}`) };
}

const record = (uid: string) => `/api/patients/${uid}`;

describe('a doctor reaches the patient’s record only while caring for them', () => {
  it('with an upcoming appointment: allowed', async () => {
    const { user, doctor } = await approvedDoctor();
    const patient = await patientWithRecord(t, ROUTINE_RECORD);
    await appointment(patient, doctor, 'Scheduled', -2);

    const { res, audit } = await call(user, record(patient.uid));
    expect(res.status).toBe(200);
    expect(audit).toEqual(['read allowed']);
  });

  it.each(['Completed', 'No-Show'] as const)('closed (%s) 10 days ago: allowed', async (status) => {
    const { user, doctor } = await approvedDoctor();
    const patient = await patientWithRecord(t, ROUTINE_RECORD);
    await appointment(patient, doctor, status, 10, 10);

    expect((await call(user, record(patient.uid))).res.status).toBe(200);
    expect((await call(user, `${record(patient.uid)}/visits`)).res.status).toBe(200);
    expect((await call(user, `${record(patient.uid)}/documents`)).res.status).toBe(200);
    expect((await call(user, `${record(patient.uid)}/fhir`)).res.status).toBe(200);
  });

  it('completed 31 days ago: 403 saying the care window ended, audited as denied, on every record route', async () => {
    const { user, doctor } = await approvedDoctor();
    const patient = await patientWithRecord(t, ROUTINE_RECORD);
    const id = await appointment(patient, doctor, 'Completed', 31, 31);
    const ended = formatMessage('careAccessEnded', { days: 30 });

    for (const [path, action] of [
      [record(patient.uid), 'read'],
      [`${record(patient.uid)}/visits`, 'list'],
      [`${record(patient.uid)}/documents`, 'list'],
      [`${record(patient.uid)}/fhir`, 'export'],
      [`/api/provider/appointments/${id}/intake`, 'read'],
    ] as const) {
      const { res, audit } = await call(user, path);
      expect({ path, status: res.status, message: (res.body as { message?: string }).message }).toEqual({
        path,
        status: 403,
        message: ended,
      });
      expect(audit).toEqual([`${action} denied`]);
    }
    // The patient's own access is untouched.
    expect((await call(patient, record(patient.uid))).res.status).toBe(200);
  });

  it('an open appointment that started more than the window ago and was never closed: 403', async () => {
    const { user, doctor } = await approvedDoctor();
    const patient = await patientWithRecord(t, ROUTINE_RECORD);
    await appointment(patient, doctor, 'Scheduled', 31);

    expect((await call(user, record(patient.uid))).res.status).toBe(403);
  });

  it('a cancelled appointment only: 403 forbidden (never a relationship)', async () => {
    const { user, doctor } = await approvedDoctor();
    const patient = await patientWithRecord(t, ROUTINE_RECORD);
    await appointment(patient, doctor, 'Cancelled', -3);
    await appointment(patient, doctor, 'Cancelled', 5);

    const { res, audit } = await call(user, record(patient.uid));
    expect(res.status).toBe(403);
    expect((res.body as { message: string }).message).toBe(MESSAGES.forbidden);
    expect(audit).toEqual(['read denied']);
  });

  it('after the window the doctor keeps the appointment’s card, without the patient’s summary', async () => {
    const { user, doctor } = await approvedDoctor();
    const patient = await patientWithRecord(t, ROUTINE_RECORD);
    const first = await appointment(patient, doctor, 'Completed', 31, 31);
    const second = await appointment(patient, doctor, 'Completed', 31, 31);
    const today = todayIn(ZONE);
    const window = `?from=${addDays(today, -33)}&to=${addDays(today, -29)}`;

    const res = await request(t.http).get(`/api/provider/appointments${window}`).set(authHeader(user));
    expect(res.status).toBe(200);
    const cards = (res.body as ProviderAppointmentsPage).items;
    expect(cards.map((c) => c.id).sort()).toEqual([first, second].sort());
    for (const card of cards) {
      expect(card.status).toBe('Completed');
      expect(card.patient.name).toBe(ROUTINE_RECORD.name);
      expect(card.patient.headline).toBeNull();
    }
  });
});

describe('within the window after the last visit, only what the patient had sent by its close', () => {
  it('hides a visit and a document submitted after completion from the doctor, not from the patient', async () => {
    const { user, doctor } = await approvedDoctor();
    const patient = await patientWithRecord(t, ROUTINE_RECORD);
    await t.dataSource.query(
      `UPDATE patient_visits SET visited_at = now() - interval '12 days' WHERE firebase_uid = $1`,
      [patient.uid],
    );
    const [before] = await t.dataSource.query<{ id: string }[]>(
      `SELECT id FROM patient_visits WHERE firebase_uid = $1`,
      [patient.uid],
    );
    const upload = (name: string) =>
      request(t.http)
        .post(`${record(patient.uid)}/documents`)
        .set(authHeader(patient))
        .send({ name, type: 'Medical Report' });
    expect((await upload('before.pdf')).status).toBe(201);
    await t.dataSource.query(
      `UPDATE documents SET uploaded_at = now() - interval '12 days' WHERE patient_uid = $1`,
      [patient.uid],
    );
    await appointment(patient, doctor, 'Completed', 10, 10);
    // After the visit was closed: a new submission and a new document.
    const later = 'Marker complaint sent after the visit';
    const saved = await request(t.http)
      .post('/api/patients')
      .set(authHeader(patient))
      .send({ uid: patient.uid, data: { ...ROUTINE_RECORD, reasonForVisit: later } });
    expect(saved.status).toBe(200);
    expect((await upload('after.pdf')).status).toBe(201);
    const [after] = await t.dataSource.query<{ id: string }[]>(
      `SELECT id FROM patient_visits WHERE firebase_uid = $1 AND id <> $2`,
      [patient.uid, before!.id],
    );

    // The doctor: the visit before, nothing after.
    const rec = await call(user, record(patient.uid));
    expect(rec.res.status).toBe(200);
    expect(JSON.stringify(rec.res.body)).not.toContain(later);
    const visits = (await call(user, `${record(patient.uid)}/visits`)).res.body as VisitsResponse;
    expect({ ids: visits.items.map((v) => v.id), total: visits.total }).toEqual({
      ids: [before!.id],
      total: 1,
    });
    expect((await call(user, `${record(patient.uid)}/visits/${before!.id}`)).res.status).toBe(200);
    const hidden = await call(user, `${record(patient.uid)}/visits/${after!.id}`);
    expect({ status: hidden.res.status, audit: hidden.audit }).toEqual({
      status: 404,
      audit: ['read not_found'],
    });
    const docs = (await call(user, `${record(patient.uid)}/documents`)).res.body as { name: string }[];
    expect(docs.map((d) => d.name)).toEqual(['before.pdf']);
    const fhir = await call(user, `${record(patient.uid)}/fhir`);
    expect(fhir.res.status).toBe(200);
    const bundle = fhir.res.text || JSON.stringify(fhir.res.body);
    expect(bundle).toContain(before!.id);
    expect(bundle).not.toContain(after!.id);
    expect(bundle).not.toContain('after.pdf');

    // The patient: everything.
    const own = (await call(patient, record(patient.uid))).res.body as PatientResponse;
    expect(JSON.stringify(own)).toContain(later);
    const ownVisits = (await call(patient, `${record(patient.uid)}/visits`)).res.body as VisitsResponse;
    expect(ownVisits.total).toBe(2);

    // A new booking with the doctor opens everything again (the patient is in their care).
    await appointment(patient, doctor, 'Scheduled', -4);
    const open = (await call(user, `${record(patient.uid)}/visits`)).res.body as VisitsResponse;
    expect(open.total).toBe(2);
  });

  it('lets the doctor review a flag of the visits they see, not of one sent after', async () => {
    const { user, doctor } = await approvedDoctor();
    const patient = await patientWithRecord(t, CHEST_PAIN_RECORD);
    await t.dataSource.query(
      `UPDATE patient_visits SET visited_at = now() - interval '12 days' WHERE firebase_uid = $1`,
      [patient.uid],
    );
    await appointment(patient, doctor, 'Completed', 10, 10);
    const again = await request(t.http)
      .post('/api/patients')
      .set(authHeader(patient))
      .send({ uid: patient.uid, data: CHEST_PAIN_RECORD });
    expect(again.status).toBe(200);
    const visits = await t.dataSource.query<{ id: string; flag: string; sent_later: boolean }[]>(
      `SELECT id, summary->'flags'->0->>'id' AS flag, visited_at > now() - interval '1 day' AS sent_later
         FROM patient_visits WHERE firebase_uid = $1`,
      [patient.uid],
    );
    const review = (v: { id: string; flag: string }) =>
      request(t.http)
        .post(`${record(patient.uid)}/visits/${v.id}/flags/${v.flag}/review`)
        .set(authHeader(user));
    const later = visits.find((v) => v.sent_later)!;
    const earlier = visits.find((v) => !v.sent_later)!;
    expect(later.flag).toEqual(expect.any(String));
    expect((await review(later)).status).toBe(404);
    expect((await review(earlier)).status).toBe(200);
  });
});
