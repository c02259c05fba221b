import request from 'supertest';
import type { PatientResponse } from '@medora/shared';
import { CHEST_PAIN_RECORD, ROUTINE_RECORD } from '../src/summary/summary.fixtures.js';
import { authHeader, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers.js';

/** Through the API: the saved summary, and the intake rules the page shares. */

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

const save = (user: TestUser, data: Record<string, unknown>) =>
  request(t.http).post('/api/patients').set(authHeader(user)).send({ uid: user.uid, data });

describe('POST /api/patients: the clinical summary', () => {
  it('lists the chronic-condition medicines and flags unintentional weight loss with night sweats', async () => {
    const user = await patient();
    const res = await save(user, {
      ...ROUTINE_RECORD,
      chronicConditions: ['Heart Disease', 'Thyroid Disorder'],
      heartDiseaseDuration: '3-5 years',
      heartDiseaseLastTest: '1-3 months ago',
      heartDiseaseMeds: ['Aspirin'],
      thyroidDuration: '1-2 years',
      thyroidLastTest: '1-3 months ago',
      thyroidMeds: ['Levothyroxine'],
      asthmaDuration: undefined,
      asthmaLastTest: undefined,
      asthmaMeds: undefined,
      medicationClasses: ['None'],
      additionalSymptoms: ['Weight Loss'],
      weightLossAmount: '5-10 kg',
      weightLossPeriod: '1-3 months',
      weightLossIntent: 'No',
      weightLossAssociated: ['Night sweats'],
    });
    expect(res.status).toBe(201);
    const read = await request(t.http).get(`/api/patients/${user.uid}`).set(authHeader(user));
    const summary = (read.body as PatientResponse).aiSummary!;
    expect(summary.redFlags).toEqual([expect.stringMatching(/^Unintentional weight loss with night sweats/)]);
    expect(summary.sections.find((s) => s.title === 'Medications')?.lines).toEqual([
      'Aspirin (heart disease)',
      'Levothyroxine (thyroid disorder)',
    ]);
  });
});

describe('POST /api/patients: the intake rules of the page', () => {
  it.each([
    [
      { heightFeet: 0, heightInches: 0, weight: 0 },
      'data.heightWeight.heightFeet',
      'Height must be between 1 ft 0 in and 8 ft 11 in.',
    ],
    [
      { heightFeet: 9, heightInches: 0, weight: 70 },
      'data.heightWeight.heightFeet',
      'Height must be between 1 ft 0 in and 8 ft 11 in.',
    ],
    [
      { heightFeet: 5, heightInches: 12, weight: 70 },
      'data.heightWeight.heightInches',
      'Inches must be a whole number from 0 to 11.',
    ],
    [
      { heightFeet: 5, heightInches: 4, weight: -5 },
      'data.heightWeight.weight',
      'Weight must be between 1 and 500 kg.',
    ],
  ])('answers 400 for %j with the range message', async (heightWeight, field, message) => {
    const user = await patient();
    const res = await save(user, { ...ROUTINE_RECORD, heightWeight });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ [field]: message });
  });

  it('answers 400 for a future date of birth, saying why', async () => {
    const user = await patient();
    const res = await save(user, { ...ROUTINE_RECORD, dob: '2999-01-01' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ 'data.dob': 'Your date of birth cannot be in the future.' });
  });

  it('answers 400 for a menstrual option on a male record and accepts it on a female one', async () => {
    const male = await patient();
    const record = {
      ...CHEST_PAIN_RECORD,
      symptoms: ['Headache'],
      headacheTriggers: ['Menstrual cycle'],
    };
    const res = await save(male, record);
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      'data.headacheTriggers': 'This option does not apply to the sex given.',
    });
    const female = await patient();
    expect((await save(female, { ...record, gender: 'Female' })).status).toBe(201);
  });
});
