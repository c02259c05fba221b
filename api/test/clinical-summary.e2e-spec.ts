import request from 'supertest';
import {
  MESSAGES,
  profileFacts,
  pruneAnswers,
  startReturning,
  type IntakeAnswers,
  type PatientResponse,
} from '@medora/shared';
import { authHeader, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers.js';

/*
 * The clinical summary through the API: urgency and evidence in the response, free-text screening,
 * crisis information, risk carried to a follow-up until a clinician reviews it, the medicine merge.
 * Dates of birth are fixed far from any clock shift: only whole-year ages matter here.
 */

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
async function admin(): Promise<TestUser> {
  const user = await patient();
  // Nobody becomes admin through the API: tests set the role in the database.
  await t.dataSource.query(`UPDATE users SET role = 'admin' WHERE firebase_uid = $1`, [user.uid]);
  return user;
}

const record = (extra: IntakeAnswers): IntakeAnswers => ({
  name: 'Clinical Test',
  gender: 'Male',
  dob: '1966-03-01',
  heightWeight: { heightFeet: 5, heightInches: 9, weight: 80 },
  visitType: 'New Appointment',
  allergyList: ['None'],
  chronicConditions: ['None'],
  medicationClasses: ['None'],
  riskMedicines: ['None of these'],
  pastSurgeries: 'No',
  smokingStatus: 'Never',
  alcoholUse: 'None',
  travelAbroad: 'No',
  ...extra,
});
const CHEST: IntakeAnswers = {
  symptoms: ['Chest Pain'],
  chestPainLevel: 'Severe (7-8 out of 10)',
  chestPainDuration: 'Less than 24 hours',
  chestPainType: 'Pressure, squeezing or tightness',
  chestPainLocation: ['Center of the chest', 'Spreads to the left arm'],
  chestPainTriggers: ['Physical exertion'],
  chestPainAssociated: ['Sweating'],
};

const save = (user: TestUser, data: IntakeAnswers, kind?: 'visit' | 'follow-up') =>
  request(t.http)
    .post('/api/patients')
    .set(authHeader(user))
    .send({ uid: user.uid, data, ...(kind ? { kind } : {}) });
const read = async (user: TestUser, as: TestUser = user) =>
  (await request(t.http).get(`/api/patients/${user.uid}`).set(authHeader(as))).body as PatientResponse;

/** A follow-up as the intake page sends it: the stored profile's facts and the follow-up answers. */
async function followUp(user: TestUser, answers: IntakeAnswers) {
  const stored = await read(user);
  const data = pruneAnswers({ ...startReturning(profileFacts(stored.data), 'followUp'), ...answers });
  return save(user, data, 'follow-up');
}

describe('POST /api/patients: flags with urgency, evidence and guidance', () => {
  it('answers with the flag, its urgency, the answers that raised it and its guidance', async () => {
    const user = await patient();
    const res = await save(user, record(CHEST));
    expect(res.status).toBe(201);
    const flag = (res.body as PatientResponse).aiSummary!.flags![0]!;
    expect(flag).toMatchObject({ concept: 'cardiac-chest-pain', urgency: 'emergency' });
    expect(flag.evidence).toContainEqual({
      field: 'chestPainLocation',
      label: 'Chest Pain: Where is the pain, and does it spread?',
      answer: 'Spreads to the left arm',
    });
    expect(flag.source).toMatch(/NICE CG95/);
    expect((res.body as PatientResponse).crisis).toBeUndefined();
  });

  it('screens the Other box: self-harm intent is flagged, with crisis information in the answer', async () => {
    const user = await patient();
    const res = await save(
      user,
      record({ symptoms: ['Other'], symptomsOther: 'I have been planning how to end my life' }),
    );
    const body = res.body as PatientResponse;
    expect(body.aiSummary!.flags![0]).toMatchObject({
      concept: 'suicide-risk',
      urgency: 'emergency',
      crisis: true,
    });
    expect(body.aiSummary!.text).not.toContain(MESSAGES.summaryRedFlagsNone);
    expect(body.crisis).toEqual({ emergencyNumber: '999', lineName: 'Samaritans', lineNumber: '116 123' });
    // Only the submission carries it; a later read does not alarm again.
    expect((await read(user)).crisis).toBeUndefined();
  });

  it('never says "No red flags found" over free text it did not match', async () => {
    const user = await patient();
    const res = await save(
      user,
      record({ symptoms: ['Other'], symptomsOther: 'a strange feeling in my left foot' }),
    );
    const summary = (res.body as PatientResponse).aiSummary!;
    expect(summary.flags).toEqual([]);
    expect(summary.freeTextFields).toEqual(['symptomsOther']);
    expect(summary.text).toContain(MESSAGES.summaryFreeTextUnscreened);
    expect(summary.text).not.toContain(MESSAGES.summaryRedFlagsNone);
  });

  it('keeps every medicine and both allergy sources', async () => {
    const user = await patient();
    const res = await save(
      user,
      record({
        symptoms: ['Cough'],
        coughType: 'Dry',
        coughDuration: 'Less than 1 week',
        coughTiming: 'At night',
        coughTriggers: ['Cold air'],
        coughAssociated: ['None of these'],
        allergies: 'Ibuprofen – wheezing and hives',
        chronicConditions: ['Heart Disease'],
        heartDiseaseDuration: '3-5 years',
        heartDiseaseLastTest: '1-3 months ago',
        heartDiseaseMeds: ['Nitroglycerin spray or tablets'],
        medications: 'Ramipril tablets 10 mg\nFurosemide 40 mg mornings',
        medicationClasses: ['Other'],
        medicationOther: 'Furosemide',
      }),
    );
    const sections = (res.body as PatientResponse).aiSummary!.sections;
    expect(sections.find((s) => s.title === 'Medications')!.lines).toEqual([
      'Ramipril tablets 10 mg',
      'Furosemide 40 mg mornings',
      'Nitroglycerin spray or tablets (heart disease)',
    ]);
    expect(sections.find((s) => s.title === 'Allergies')!.lines).toEqual(['Ibuprofen – wheezing and hives']);
  });
});

describe('follow-up visits carry risk forward', () => {
  it('asks new symptoms in detail, shows what changed and the earlier flags until a clinician reviews them', async () => {
    const user = await patient();
    expect((await save(user, record(CHEST))).status).toBe(201);
    const res = await followUp(user, {
      followUpChange: 'Worse',
      followUpNewSymptoms: ['Fainting'],
      faintingFrequency: 'Once',
      faintingLast: 'Today',
      faintingSituation: 'During exercise',
      faintingWarning: ['Chest pain'],
      followUpNotes: 'chest pain now comes at rest',
    });
    expect(res.status).toBe(200); // a later submission replaces the record
    const summary = (await read(user)).aiSummary!;
    // The new symptom's detail answers were kept and read by the rules.
    expect(summary.flags!.map((f) => f.concept)).toEqual(
      expect.arrayContaining(['cardiac-chest-pain', 'cardiac-syncope']),
    );
    expect(summary.sections[0]).toEqual({
      title: MESSAGES.visitSinceLastTitle,
      lines: expect.arrayContaining(['Overall: Worse', 'New symptoms: Fainting']),
    });

    // A follow-up that raises nothing new still shows the first visit's flag as previously flagged.
    const user2 = await patient();
    await save(user2, record(CHEST));
    await followUp(user2, { followUpChange: 'About the same' });
    const after = (await read(user2)).aiSummary!;
    expect(after.flags).toEqual([]);
    expect(after.previousFlags).toEqual([
      expect.objectContaining({ concept: 'cardiac-chest-pain', urgency: 'emergency', id: 'acs' }),
    ]);

    // The patient cannot mark it reviewed; a clinician can, and it is audited; then it is gone.
    const carried = after.previousFlags![0]!;
    const path = `/api/patients/${user2.uid}/visits/${carried.visitId}/flags/${carried.id}/review`;
    expect((await request(t.http).post(path).set(authHeader(user2))).status).toBe(403);
    const reviewer = await admin();
    // An admin reaches the record only after stating why (break-the-glass).
    expect((await request(t.http).post(path).set(authHeader(reviewer))).status).toBe(403);
    const reason = await request(t.http)
      .post(`/api/patients/${user2.uid}/access-reason`)
      .set(authHeader(reviewer))
      .send({ reason: 'Clinical lead reviewing open red flags' });
    expect(reason.status).toBe(201);
    const review = await request(t.http).post(path).set(authHeader(reviewer));
    expect(review.status).toBe(200);
    expect(review.body).toMatchObject({ visitId: carried.visitId, flagId: 'acs' });
    const audit = await t.dataSource.query<{ outcome: string }[]>(
      `SELECT outcome FROM audit_log WHERE action = 'flag.review' AND actor_uid = $1 ORDER BY created_at`,
      [reviewer.uid],
    );
    expect(audit).toEqual([{ outcome: 'denied' }, { outcome: 'allowed' }]);
    expect((await read(user2)).aiSummary!.previousFlags).toEqual([]);
    // A flag the visit did not raise is 404.
    const missing = `/api/patients/${user2.uid}/visits/${carried.visitId}/flags/sah/review`;
    expect((await request(t.http).post(missing).set(authHeader(reviewer))).status).toBe(404);
  });
});
