import request from 'supertest';
import { MESSAGES, type PatientResponse } from '@medora/shared';
import { CHEST_PAIN_RECORD, ROUTINE_RECORD } from '../src/summary/summary.fixtures.js';
import { authHeader, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});

afterAll(async () => {
  await t?.close();
});

async function patient(): Promise<TestUser> {
  const user = await signUpUser();
  await request(t.http).post('/api/users').set(authHeader(user)).send({ uid: user.uid, role: 'patient' });
  return user;
}

const save = (user: TestUser, data: Record<string, unknown>, uid = user.uid) =>
  request(t.http).post('/api/patients').set(authHeader(user)).send({ uid, data });

const count = async (uid: string) =>
  Number(
    (
      await t.dataSource.query<{ n: string }[]>(
        'SELECT count(*) AS n FROM patient_profiles WHERE firebase_uid = $1',
        [uid],
      )
    )[0]!.n,
  );

describe('GET /api/patients/:uid', () => {
  it('answers 401 without a token', async () => {
    const res = await request(t.http).get('/api/patients/some-uid');
    expect(res.status).toBe(401);
  });

  it('answers 404 for a new patient', async () => {
    const user = await patient();
    const res = await request(t.http).get(`/api/patients/${user.uid}`).set(authHeader(user));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, error: 'Not Found', message: MESSAGES.notFound });
  });

  it('answers 403 for another patient’s record', async () => {
    const owner = await patient();
    const other = await patient();
    expect((await save(owner, ROUTINE_RECORD)).status).toBe(201);
    const res = await request(t.http).get(`/api/patients/${owner.uid}`).set(authHeader(other));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MESSAGES.forbidden);
  });
});

describe('GET /api/patients/:uid for a doctor', () => {
  /** A doctor account linked to a doctor record, and (optionally) an appointment the patient booked. */
  async function doctorOf(patientUid: string | null, status = 'Scheduled'): Promise<TestUser> {
    const doctor = await signUpUser();
    await request(t.http)
      .post('/api/users')
      .set(authHeader(doctor))
      .send({ uid: doctor.uid, role: 'doctor' });
    const [row] = await t.dataSource.query<{ id: string }[]>(
      `INSERT INTO doctors (user_id, name, specialty, clinic, verification_status, onboarding_completed)
       VALUES ((SELECT id FROM users WHERE firebase_uid = $1), 'Dr. Test', 'General Medicine', 'Clinic', 'approved', true)
       RETURNING id`,
      [doctor.uid],
    );
    if (patientUid) {
      await t.dataSource.query(
        `INSERT INTO appointments (patient_uid, doctor_id, starts_at, status, clinic, specialty, doctor_name)
         VALUES ($1, $2, now() + interval '2 days' + random() * interval '1 day', $3, 'Clinic', 'General Medicine', 'Dr. Test')`,
        [patientUid, row!.id, status],
      );
    }
    return doctor;
  }

  it('lets a doctor the patient booked with read the record and summary', async () => {
    const owner = await patient();
    await save(owner, CHEST_PAIN_RECORD);
    const doctor = await doctorOf(owner.uid);
    const res = await request(t.http).get(`/api/patients/${owner.uid}`).set(authHeader(doctor));
    expect(res.status).toBe(200);
    expect(res.body.aiSummary.redFlags.length).toBeGreaterThan(0);
  });

  it('refuses a doctor without an appointment, or with a cancelled one, with 403', async () => {
    const owner = await patient();
    await save(owner, ROUTINE_RECORD);
    for (const doctor of [await doctorOf(null), await doctorOf(owner.uid, 'Cancelled')]) {
      const res = await request(t.http).get(`/api/patients/${owner.uid}`).set(authHeader(doctor));
      expect(res.status).toBe(403);
    }
  });
});

describe('POST /api/patients', () => {
  it('answers 401 without a token', async () => {
    const res = await request(t.http).post('/api/patients').send({ uid: 'x', data: {} });
    expect(res.status).toBe(401);
  });

  it('saves the owner’s record with a clinical summary, then returns it (exists, data, aiSummary)', async () => {
    const user = await patient();
    const created = await save(user, CHEST_PAIN_RECORD);
    expect(created.status).toBe(201);
    const res = await request(t.http).get(`/api/patients/${user.uid}`).set(authHeader(user));
    expect(res.status).toBe(200);
    const body = res.body as PatientResponse;
    expect(body.exists).toBe(true);
    expect(body.data).toEqual(CHEST_PAIN_RECORD);
    expect(body.aiSummary?.engine).toBe('deterministic');
    expect(body.aiSummary?.flags?.[0]).toMatchObject({ concept: 'cardiac-chest-pain', urgency: 'emergency' });
    expect(body.aiSummary?.redFlags[0]).toMatch(/^Chest pain with cardiac features/);
    expect(body.aiSummary?.text.startsWith('RED FLAGS')).toBe(true);
    expect(body.aiSummary?.disclaimer).toBe(MESSAGES.summaryDisclaimer);
  });

  it('replaces the record on a second save with 200', async () => {
    const user = await patient();
    expect((await save(user, ROUTINE_RECORD)).status).toBe(201);
    const again = await save(user, { ...ROUTINE_RECORD, visitType: 'Follow-up Visit' });
    expect(again.status).toBe(200);
    expect(again.body.data.visitType).toBe('Follow-up Visit');
    expect(await count(user.uid)).toBe(1);
  });

  it('refuses a uid that is not the caller’s with 403 and stores nothing', async () => {
    const owner = await patient();
    const other = await patient();
    const res = await save(other, ROUTINE_RECORD, owner.uid);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MESSAGES.uidMismatch);
    expect(await count(owner.uid)).toBe(0);
  });

  it('answers 400 with fields for a value outside an option list, storing nothing', async () => {
    const user = await patient();
    const res = await save(user, { ...ROUTINE_RECORD, gender: 'Robot' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty(['data.gender']);
    expect(await count(user.uid)).toBe(0);
  });

  it('answers 400 for a weight of 501 kg', async () => {
    const user = await patient();
    const res = await save(user, {
      ...ROUTINE_RECORD,
      heightWeight: { heightFeet: 5, heightInches: 5, weight: 501 },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty(['data.heightWeight.weight']);
    expect(await count(user.uid)).toBe(0);
  });

  it('answers 400 for inches outside 0-11 and feet outside 0-8', async () => {
    const user = await patient();
    const inches = await save(user, {
      ...ROUTINE_RECORD,
      heightWeight: { heightFeet: 5, heightInches: 12, weight: 60 },
    });
    expect(inches.status).toBe(400);
    const feet = await save(user, {
      ...ROUTINE_RECORD,
      heightWeight: { heightFeet: 9, heightInches: 0, weight: 60 },
    });
    expect(feet.status).toBe(400);
  });

  it('answers 400 naming an unknown field', async () => {
    const user = await patient();
    const res = await save(user, { ...ROUTINE_RECORD, isAdmin: true });
    expect(res.status).toBe(400);
    expect(res.body.fields['data.isAdmin']).toBe(MESSAGES.unknownField);
    expect(await count(user.uid)).toBe(0);
  });

  it('answers 400 for a follow-up answer outside its question’s options', async () => {
    const user = await patient();
    const res = await save(user, { ...CHEST_PAIN_RECORD, chestPainLevel: 'A bit' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty(['data.chestPainLevel']);
  });

  it('answers 400 for an impossible date of birth and for None combined with an allergy', async () => {
    const user = await patient();
    expect((await save(user, { ...ROUTINE_RECORD, dob: '1991-02-30' })).status).toBe(400);
    expect((await save(user, { ...ROUTINE_RECORD, allergyList: ['None', 'Pollen'] })).status).toBe(400);
  });

  it('accepts the per-question document entries of the record', async () => {
    const user = await patient();
    const res = await save(user, {
      ...ROUTINE_RECORD,
      chronicConditions_document: 'asthma-plan.pdf',
      medicalReports: 'blood-test.pdf',
      uploadedAt: new Date().toISOString(),
    });
    expect(res.status).toBe(201);
    expect(res.body.data.chronicConditions_document).toBe('asthma-plan.pdf');
  });
});
