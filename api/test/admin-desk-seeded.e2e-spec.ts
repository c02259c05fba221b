import request from 'supertest';
import {
  DEMO_DOCTORS,
  MESSAGES,
  type AdminDashboardOverview,
  type ApplicationsPage,
  type AuditPage,
  type PatientLookupResult,
} from '@medora/shared';
import { applicationVersion, uploadRequiredCredentials } from './application-helpers.js';
import { registeredPatient, withContext } from './booking-helpers.js';
import { authHeader, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers.js';

/**
 * The admin desk over the demo seed: the seeded doctors the "Approved" counter counts are in the
 * Approved tab, can be found and suspended; the record lookup finds a patient by e-mail; the audit
 * screen finds an actor by name or e-mail; a doctor's account takes the application's name.
 */
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  admin = await signUpUser();
  expect(
    (
      await request(t.http)
        .post('/api/users')
        .set(authHeader(admin))
        .send({ uid: admin.uid, role: 'patient' })
    ).status,
  ).toBe(201);
  await t.dataSource.query(`UPDATE users SET role = 'admin' WHERE firebase_uid = $1`, [admin.uid]);
});

afterAll(async () => {
  await t?.close();
});

const get = (url: string) => request(t.http).get(url).set(authHeader(admin));

describe('seeded doctors on the admin desk', () => {
  it('lists as many approved doctors as the counter says, seeded ones included', async () => {
    const overview = (await get('/api/admin/overview')).body as AdminDashboardOverview;
    expect(overview.approvedDoctors).toBeGreaterThanOrEqual(DEMO_DOCTORS.length);
    const tab = (await get('/api/admin/applications?status=approved')).body as ApplicationsPage;
    expect(tab.total).toBe(overview.approvedDoctors);
  });

  it('finds a seeded doctor by name and suspends (and reinstates) them', async () => {
    const seeded = DEMO_DOCTORS[0]!;
    const found = (await get(`/api/admin/applications?status=approved&q=${encodeURIComponent(seeded.name)}`))
      .body as ApplicationsPage;
    const doctor = found.items.find((a) => a.name === seeded.name);
    expect(doctor).toBeDefined();
    const id = doctor!.id;
    const credentials = await get(`/api/admin/applications/${id}/credentials`);
    expect(credentials.status).toBe(200);

    const suspended = await request(t.http)
      .post(`/api/admin/doctors/${id}/suspend`)
      .set(authHeader(admin))
      .send({ version: await applicationVersion(t.dataSource, id), reason: 'Demo check' });
    expect(suspended.status).toBe(200);
    const patient = await registeredPatient(t);
    expect((await withContext(t, patient)).doctors.map((d) => d.id)).not.toContain(id);
    // While one is suspended the counter still counts what the Approved tab lists.
    const overview = (await get('/api/admin/overview')).body as AdminDashboardOverview;
    const approved = (await get('/api/admin/applications?status=approved')).body as ApplicationsPage;
    expect(overview.approvedDoctors).toBe(approved.total);
    const tab = (await get(`/api/admin/applications?status=suspended&q=${encodeURIComponent(seeded.name)}`))
      .body as ApplicationsPage;
    expect(tab.items.map((a) => a.id)).toEqual([id]);

    const reinstated = await request(t.http)
      .post(`/api/admin/doctors/${id}/reinstate`)
      .set(authHeader(admin))
      .send({ version: await applicationVersion(t.dataSource, id) });
    expect(reinstated.status).toBe(200);
    expect((await withContext(t, patient)).doctors.map((d) => d.id)).toContain(id);
  });
});

describe('GET /api/admin/patients?email=', () => {
  it('finds a patient by e-mail in any case, audited; 404 for no patient, 400 for no e-mail', async () => {
    const patient = await registeredPatient(t);
    await t.dataSource.query(`UPDATE users SET name = 'Pat Lookup' WHERE firebase_uid = $1`, [patient.uid]);
    const found = await get(`/api/admin/patients?email=${encodeURIComponent(patient.email.toUpperCase())}`);
    expect(found.status).toBe(200);
    expect(found.body as PatientLookupResult).toEqual({ uid: patient.uid, name: 'Pat Lookup' });
    const audited = await t.dataSource.query<{ outcome: string; actor_uid: string }[]>(
      `SELECT outcome, actor_uid FROM audit_log WHERE action = 'user.read' AND resource_id = $1`,
      [patient.uid],
    );
    expect(audited).toEqual([{ outcome: 'allowed', actor_uid: admin.uid }]);

    // A pattern character matches only itself; the admin's own (non-patient) account is not a patient.
    const wildcard = await get(
      `/api/admin/patients?email=${encodeURIComponent(`_${patient.email.slice(1)}`)}`,
    );
    expect([wildcard.status, wildcard.body.message]).toEqual([404, MESSAGES.accessLookupNotFound]);
    expect((await get(`/api/admin/patients?email=${encodeURIComponent(admin.email)}`)).status).toBe(404);
    const bad = await get('/api/admin/patients?email=not-an-email');
    expect([bad.status, bad.body.message]).toEqual([400, MESSAGES.invalidEmail]);
  });
});

describe('GET /api/audit?actor= (the audit screen’s actor filter)', () => {
  it('finds the actor by uid, e-mail or a part of the name, and names each actor beside the uid', async () => {
    await t.dataSource.query(`UPDATE users SET name = 'Audra Reviewer' WHERE firebase_uid = $1`, [admin.uid]);
    // A read of the log is audited under the admin's uid.
    expect((await get('/api/audit')).status).toBe(200);
    const rowsFor = async (actor: string) => {
      const res = await get(`/api/audit?actor=${encodeURIComponent(actor)}&action=audit.read`);
      expect(res.status).toBe(200);
      return (res.body as AuditPage).items;
    };
    for (const actor of [admin.uid, admin.email.toUpperCase(), 'audra rev']) {
      const rows = await rowsFor(actor);
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((r) => r.actorUid))).toEqual(new Set([admin.uid]));
      expect(rows[0]!.actorName).toBe('Audra Reviewer');
    }
    expect(await rowsFor('nobody by this name')).toEqual([]);
  });
});

describe('a doctor’s account name', () => {
  it('is the application’s name when the account has none, and a name the owner set stays', async () => {
    const apply = async (name: string, accountName: string | null) => {
      const user = await signUpUser();
      expect(
        (
          await request(t.http)
            .post('/api/users')
            .set(authHeader(user))
            .send({ uid: user.uid, role: 'doctor' })
        ).status,
      ).toBe(201);
      if (accountName) {
        await t.dataSource.query(`UPDATE users SET name = $2 WHERE firebase_uid = $1`, [
          user.uid,
          accountName,
        ]);
      }
      await uploadRequiredCredentials(t.http, user);
      const res = await request(t.http)
        .post('/api/doctors')
        .set(authHeader(user))
        .send({
          uid: user.uid,
          data: {
            name,
            phone: '5551234567',
            gender: 'Female',
            dob: '1980-01-02',
            specialty: 'Cardiology',
            qualification: 'MD',
            experience: 12,
            licenseNumber: `NAME-${user.uid.slice(0, 8)}`,
            clinic: 'Name Clinic',
            clinicAddress: { city: 'Boston', state: 'MA' },
          },
        });
      expect(res.status).toBe(201);
      const account = await request(t.http).get('/api/me/account').set(authHeader(user));
      return (account.body as { name: string | null }).name;
    };
    expect(await apply('Dr. Named By Application', null)).toBe('Dr. Named By Application');
    expect(await apply('Dr. Formal Name', 'Sam')).toBe('Sam');
  });
});
