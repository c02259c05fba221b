import request from 'supertest';
import { MESSAGES, type AdminDashboardOverview, type MeResponse } from '@medora/shared';
import { authHeader, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});

afterAll(async () => {
  await t?.close();
});

async function registered(role: 'patient' | 'doctor' | 'provider'): Promise<TestUser> {
  const user = await signUpUser();
  const res = await request(t.http).post('/api/users').set(authHeader(user)).send({ uid: user.uid, role });
  expect(res.status).toBe(201);
  return user;
}

async function makeAdmin(): Promise<TestUser> {
  const user = await registered('patient');
  // Nobody becomes admin through the API: tests set the role in the database.
  await t.dataSource.query(`UPDATE users SET role = 'admin' WHERE firebase_uid = $1`, [user.uid]);
  return user;
}

async function linkDoctor(user: TestUser, status: 'pending' | 'approved' | 'rejected') {
  await t.dataSource.query(
    `INSERT INTO doctors (user_id, name, specialty, clinic, verification_status, onboarding_completed)
     SELECT id, 'Dr. Test', 'Cardiology', 'Test Clinic', $2, true FROM users WHERE firebase_uid = $1`,
    [user.uid, status],
  );
}

async function access(user: TestUser): Promise<MeResponse['access']> {
  const res = await request(t.http).get('/api/me').set(authHeader(user));
  expect(res.status).toBe(200);
  return (res.body as MeResponse).access;
}

describe('GET /api/me access', () => {
  it('gives a patient neither the admin nor the provider dashboard', async () => {
    expect(await access(await registered('patient'))).toEqual({ admin: false, providerDashboard: false });
  });

  it('gives an admin the admin dashboard', async () => {
    expect(await access(await makeAdmin())).toEqual({ admin: true, providerDashboard: false });
  });

  it('gives a doctor without a doctor record no provider dashboard', async () => {
    expect((await access(await registered('doctor'))).providerDashboard).toBe(false);
  });

  it.each(['pending', 'rejected'] as const)('keeps a %s doctor out of the provider dashboard', async (s) => {
    const doctor = await registered('doctor');
    await linkDoctor(doctor, s);
    expect((await access(doctor)).providerDashboard).toBe(false);
  });

  it.each(['doctor', 'provider'] as const)('opens the provider dashboard to an approved %s', async (role) => {
    const user = await registered(role);
    await linkDoctor(user, 'approved');
    expect(await access(user)).toEqual({ admin: false, providerDashboard: true });
  });

  it('does not open the provider dashboard to a patient linked to an approved record', async () => {
    const patient = await registered('patient');
    await linkDoctor(patient, 'approved');
    expect((await access(patient)).providerDashboard).toBe(false);
  });

  it('answers 401 without a token', async () => {
    expect((await request(t.http).get('/api/me')).status).toBe(401);
  });
});

describe('GET /api/admin/overview', () => {
  it('answers 401 without a token', async () => {
    const res = await request(t.http).get('/api/admin/overview');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(MESSAGES.unauthenticated);
  });

  it('answers 403 to a patient', async () => {
    const res = await request(t.http)
      .get('/api/admin/overview')
      .set(authHeader(await registered('patient')));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ statusCode: 403, error: 'Forbidden', message: MESSAGES.forbidden });
  });

  it('answers 403 to an approved doctor and to an unregistered account', async () => {
    const doctor = await registered('doctor');
    await linkDoctor(doctor, 'approved');
    expect((await request(t.http).get('/api/admin/overview').set(authHeader(doctor))).status).toBe(403);
    const stranger = await signUpUser();
    expect((await request(t.http).get('/api/admin/overview').set(authHeader(stranger))).status).toBe(403);
  });

  it('gives an admin the real counts of users by role and doctors by status', async () => {
    const admin = await makeAdmin();
    const res = await request(t.http).get('/api/admin/overview').set(authHeader(admin));
    expect(res.status).toBe(200);
    const body = res.body as AdminDashboardOverview;
    const [roles] = await t.dataSource.query(
      `SELECT count(*) FILTER (WHERE role = 'patient')::int AS patient,
              count(*) FILTER (WHERE role = 'admin')::int AS admin, count(*)::int AS total FROM users`,
    );
    const [doctors] = await t.dataSource.query(
      `SELECT count(*) FILTER (WHERE verification_status = 'approved')::int AS approved,
              count(*)::int AS total FROM doctors`,
    );
    expect(body.users.total).toBe(roles.total);
    expect(body.users.byRole.patient).toBe(roles.patient);
    expect(body.users.byRole.admin).toBeGreaterThanOrEqual(1);
    expect(body.users.byRole.admin).toBe(roles.admin);
    expect(body.doctors.total).toBe(doctors.total);
    expect(body.doctors.byVerificationStatus.approved).toBe(doctors.approved);
    expect(Object.keys(body.doctors.byVerificationStatus).sort()).toEqual([
      'approved',
      'pending',
      'rejected',
    ]);
  });
});
