import request from 'supertest';
import type { PatientResponse, ProviderOverview } from '@medora/shared';
import { DEMO_ACCOUNTS } from '../src/dev/demo-accounts.service.js';
import { DEMO_DOCUMENT } from '../src/dev/demo-data.service.js';
import { authHeader, createTestApp, type TestApp } from './helpers.js';

const ROLES = ['patient', 'doctor', 'provider', 'admin'] as const;
const PATIENT = DEMO_ACCOUNTS.patient.uid;

/** Signs in to a role's demo account as the login page does (custom token → ID token at the emulator). */
async function demoToken(t: TestApp, role: (typeof ROLES)[number]): Promise<string> {
  const res = await request(t.http).post('/api/dev/demo-session').send({ role });
  expect(res.status).toBe(200);
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST!;
  const signIn = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=any`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: res.body.customToken, returnSecureToken: true }),
    },
  );
  return ((await signIn.json()) as { idToken: string }).idToken;
}

/** The rows that make up the demo world, by kind: what a second demo sign-in must not add to. */
async function worldCounts(t: TestApp) {
  const [row] = await t.dataSource.query(
    `SELECT (SELECT count(*)::int FROM appointments WHERE patient_uid = $1) AS appointments,
            (SELECT count(*)::int FROM appointments WHERE patient_uid = $1 AND prescription_url IS NOT NULL)
              AS prescriptions,
            (SELECT count(*)::int FROM patient_visits WHERE firebase_uid = $1) AS visits,
            (SELECT count(*)::int FROM documents WHERE patient_uid = $1) AS documents,
            (SELECT count(*)::int FROM doctors WHERE seed_key LIKE 'demo-account-%'
                AND is_available AND schedule ? 'hours') AS "clinicsWithHours",
            (SELECT string_agg(d.verification_status || CASE WHEN d.suspended_at IS NULL THEN '' ELSE ' suspended' END,
                               ', ' ORDER BY u.firebase_uid)
               FROM doctors d JOIN users u ON u.id = d.user_id
              WHERE u.firebase_uid LIKE 'applicant-demo-%' AND d.onboarding_completed) AS applications`,
    [PATIENT],
  );
  return row as Record<string, number | string | null>;
}

describe('the local demo world', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is not there until a demo session asks for it', async () => {
    expect(await worldCounts(t)).toEqual({
      appointments: 0,
      prescriptions: 0,
      visits: 0,
      documents: 0,
      clinicsWithHours: 0,
      applications: null,
    });
    const doctors = await request(t.http).get('/api/doctors');
    expect(JSON.stringify(doctors.body)).not.toContain('Demo');
  });

  it('is filled in by the first demo sign-in of any role, once', async () => {
    for (const role of ROLES) await demoToken(t, role);
    const first = await worldCounts(t);
    // With each of the two clinicians: an upcoming visit, one today and a past one with a prescription.
    // And for the admin's desk one application in each state (applicants in uid order).
    expect(first).toEqual({
      appointments: 6,
      prescriptions: 2,
      visits: 1,
      documents: 1,
      clinicsWithHours: 2,
      applications: 'approved, pending, rejected, approved suspended',
    });
    for (const role of ROLES) await demoToken(t, role);
    expect(await worldCounts(t)).toEqual(first);
  });

  it('gives each clinician today, upcoming and completed visits with the demo patient', async () => {
    for (const role of ['doctor', 'provider'] as const) {
      const token = await demoToken(t, role);
      const res = await request(t.http).get('/api/provider/overview').set(authHeader(token));
      expect(res.status).toBe(200);
      // "upcoming" counts today's not yet begun visit too, when there is one.
      expect(res.body as ProviderOverview).toMatchObject({ today: 1, patients: 1, completed: 1 });
      expect((res.body as ProviderOverview).upcoming).toBeGreaterThanOrEqual(1);
    }
  });

  it('gives the demo patient an intake whose summary has a red flag, and a PDF document', async () => {
    const token = await demoToken(t, 'patient');
    const record = await request(t.http).get(`/api/patients/${PATIENT}`).set(authHeader(token));
    expect(record.status).toBe(200);
    expect((record.body as PatientResponse).aiSummary?.redFlags.length).toBeGreaterThan(0);

    const list = await request(t.http).get(`/api/patients/${PATIENT}/documents`).set(authHeader(token));
    const doc = (list.body as { id: string; name: string }[]).find((d) => d.name === DEMO_DOCUMENT.name)!;
    const file = await request(t.http)
      .get(`/api/patients/${PATIENT}/documents/${doc.id}/file`)
      .set(authHeader(token))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    const text = (file.body as Buffer).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('leaves the demo patient room to book under the hourly limit', async () => {
    const [{ recent }] = await t.dataSource.query(
      `SELECT count(*)::int AS recent FROM appointments
        WHERE patient_uid = $1 AND booked_at > now() - interval '1 hour'`,
      [PATIENT],
    );
    // Only the two upcoming visits were booked now; today's and the past visits were booked earlier.
    expect(recent).toBe(2);
  });
});

describe('an API test app that never asks for a demo session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has no demo appointments, intake or documents', async () => {
    expect(await worldCounts(t)).toMatchObject({
      appointments: 0,
      visits: 0,
      documents: 0,
      applications: null,
    });
  });
});

describe('two API processes on one database (replicas)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ seed: true });
    b = await createTestApp({ seed: true, sharedDatabaseUrl: a.databaseUrl });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('fill the demo world once when demo sign-ins reach both at the same time', async () => {
    const answers = await Promise.all(
      [a, b, a, b].map((app, i) => request(app.http).post('/api/dev/demo-session').send({ role: ROLES[i] })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await worldCounts(a)).toMatchObject({
      appointments: 6,
      prescriptions: 2,
      visits: 1,
      documents: 1,
    });
  });
});
