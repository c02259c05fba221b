import request from 'supertest';
import {
  ACCESS_GRANT_MINUTES,
  ACCESS_LOG_PAGE_SIZE,
  ACCESS_REASON_MAX_LENGTH,
  MESSAGES,
  RESPONSE_SCHEMAS,
  formatMessage,
  type AccessGrant,
  type AccessLogResponse,
} from '@medora/shared';
import { encodeCursor } from '../src/common/keyset-cursor.js';
import { authHeader, createTestApp, type TestApp, type TestUser } from './helpers.js';
import { World } from './support/authz/world.js';

/**
 * Break-the-glass: an admin reads a patient's health data only after stating a reason, which opens a
 * time-limited grant; every read under it is audited with the reason, and the patient sees it in
 * "Who looked at my record" (GET /api/patients/{uid}/access-log), along with their doctors' reads.
 */

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  w = await World.build(t);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const REASON = 'Patient asked support to check a missing visit';

/** Each kind of health-data route an admin may reach with a reason. */
function healthRoutes(): [string, string][] {
  const uid = w.users.patient.uid;
  return [
    ['record', `/api/patients/${uid}`],
    ['visits', `/api/patients/${uid}/visits`],
    ['documents list', `/api/patients/${uid}/documents`],
    ['a file', `/api/patients/${uid}/documents/${w.documentId}/file`],
    ['export', `/api/patients/${uid}/fhir`],
    ['appointments', `/api/appointments?uid=${uid}`],
    ['an appointment', `/api/appointments/${w.appointmentId}`],
    ['a prescription', `/api/appointments/${w.appointmentId}/prescription`],
  ];
}

const get = (path: string, user: TestUser, agent = 'btg') =>
  request(t.http).get(path).set(authHeader(user)).set('User-Agent', agent);

const openAccess = (uid: string, body: unknown, user: TestUser = w.users.admin) =>
  request(t.http)
    .post(`/api/patients/${uid}/access-reason`)
    .set(authHeader(user))
    .send(body as object);

/** Closes every grant of the admin, as if the time had passed (no sleeping). */
const expireGrants = () =>
  t.dataSource.query(
    `UPDATE access_grants SET granted_at = now() - interval '2 hours', expires_at = now() - interval '1 hour'
      WHERE admin_uid = $1`,
    [w.users.admin.uid],
  );

const accessLog = (user: TestUser, uid = w.users.patient.uid, cursor?: string) =>
  request(t.http)
    .get(`/api/patients/${uid}/access-log${cursor ? `?cursor=${cursor}` : ''}`)
    .set(authHeader(user));

describe('an admin without a stated reason', () => {
  beforeAll(expireGrants);

  it.each([0, 1, 2, 3, 4, 5, 6, 7])(
    'is refused each kind of health data (route %#) with a clear message',
    async (i) => {
      const [what, path] = healthRoutes()[i]!;
      const res = await get(path, w.users.admin, `btg-refused-${i}`);
      expect([what, res.status, res.body.message]).toEqual([what, 403, MESSAGES.accessReasonRequired]);
      const rows = await t.dataSource.query<{ outcome: string; subject_uid: string }[]>(
        `SELECT outcome, subject_uid FROM audit_log WHERE user_agent = $1`,
        [`btg-refused-${i}`],
      );
      expect(rows).toEqual([{ outcome: 'denied', subject_uid: w.users.patient.uid }]);
    },
  );

  it('still administers accounts and the admin desk without a reason', async () => {
    const account = await get(`/api/users/${w.users.patient.uid}`, w.users.admin);
    expect(account.status).toBe(200);
    const applicant = await get(`/api/doctors/${w.users.applicant.uid}`, w.users.admin);
    expect(applicant.status).toBe(200);
    const desk = await get('/api/admin/applications', w.users.admin);
    expect(desk.status).toBe(200);
  });
});

describe('stating a reason', () => {
  it.each([
    ['missing', {}],
    ['not text', { reason: 42 }],
    ['too short', { reason: 'because' }],
    ['too long', { reason: 'x'.repeat(ACCESS_REASON_MAX_LENGTH + 1) }],
    ['blank padding', { reason: '   short   ' }],
    ['with a line break', { reason: 'Checking the record\nforged audit line' }],
    ['with another field', { reason: REASON, minutes: 600 }],
  ])('refuses a reason that is %s (400, catalogue message)', async (_what, body) => {
    const res = await openAccess(w.users.patient.uid, body);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    const grants = await t.dataSource.query(
      `SELECT 1 FROM access_grants WHERE admin_uid = $1 AND expires_at > now()`,
      [w.users.admin.uid],
    );
    expect(grants).toEqual([]);
  });

  it('says what is wrong with a reason of the wrong length', async () => {
    const res = await openAccess(w.users.patient.uid, { reason: 'too short' });
    expect(res.body.fields?.reason).toBe(formatMessage('accessReasonLength', { min: 10, max: 500 }));
    const control = await openAccess(w.users.patient.uid, { reason: 'Checking\tthe record now' });
    expect(control.body.fields?.reason).toBe(MESSAGES.accessReasonInvalid);
  });

  it('is for admins only, and only about a patient', async () => {
    for (const user of [w.users.patient, w.users.otherPatient, w.users.bookedDoctor]) {
      const res = await openAccess(w.users.patient.uid, { reason: REASON }, user);
      expect(res.status).toBe(403);
    }
    const doctor = await openAccess(w.users.bookedDoctor.uid, { reason: REASON });
    expect(doctor.status).toBe(404);
    const nobody = await openAccess('no-such-user', { reason: REASON });
    expect(nobody.status).toBe(404);
  });

  it(`opens the record for ${ACCESS_GRANT_MINUTES} minutes: every health route answers, audited with the reason`, async () => {
    const res = await openAccess(w.users.patient.uid, { reason: `  ${REASON}  ` });
    expect(res.status).toBe(201);
    const grant = res.body as AccessGrant;
    expect(RESPONSE_SCHEMAS['POST /api/patients/{uid}/access-reason']!.safeParse(grant).success).toBe(true);
    expect(grant.reason).toBe(REASON);
    const minutes = (Date.parse(grant.expiresAt) - Date.parse(grant.grantedAt)) / 60_000;
    expect(minutes).toBeCloseTo(ACCESS_GRANT_MINUTES, 5);
    const granted = await t.dataSource.query<{ detail: string; outcome: string }[]>(
      `SELECT detail, outcome FROM audit_log
        WHERE action = 'access.grant' AND resource_id = $1 AND actor_uid = $2`,
      [w.users.patient.uid, w.users.admin.uid],
    );
    expect(granted).toEqual([{ detail: `break-the-glass: ${REASON}`, outcome: 'allowed' }]);

    const routes = healthRoutes();
    for (const [i, [what, path]] of routes.entries()) {
      const read = await get(path, w.users.admin, `btg-allowed-${i}`);
      expect([what, read.status]).toEqual([what, 200]);
      const rows = await t.dataSource.query<{ outcome: string; detail: string; subject_uid: string }[]>(
        `SELECT outcome, detail, subject_uid FROM audit_log WHERE user_agent = $1`,
        [`btg-allowed-${i}`],
      );
      expect([what, rows.length]).toEqual([what, 1]);
      expect(rows[0]).toMatchObject({ outcome: 'allowed', subject_uid: w.users.patient.uid });
      expect([what, rows[0]!.detail.endsWith(`break-the-glass: ${REASON}`)]).toEqual([what, true]);
    }
  });

  it('is for that one patient: another patient’s record stays closed', async () => {
    const res = await get(`/api/patients/${w.users.otherPatient.uid}`, w.users.admin);
    expect(res.status).toBe(403);
  });

  it('closes when the grant expires', async () => {
    expect((await get(`/api/patients/${w.users.patient.uid}`, w.users.admin)).status).toBe(200);
    await expireGrants();
    const after = await get(`/api/patients/${w.users.patient.uid}`, w.users.admin);
    expect([after.status, after.body.message]).toEqual([403, MESSAGES.accessReasonRequired]);
  });
});

describe('who looked at my record', () => {
  let log: AccessLogResponse;

  beforeAll(async () => {
    // The booked doctor reads the record too (their care of the patient).
    expect((await get(`/api/patients/${w.users.patient.uid}`, w.users.bookedDoctor)).status).toBe(200);
    const res = await accessLog(w.users.patient);
    expect(res.status).toBe(200);
    log = res.body as AccessLogResponse;
  });

  it('answers the owner with the list’s schema, never cached', async () => {
    const res = await accessLog(w.users.patient);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(RESPONSE_SCHEMAS['GET /api/patients/{uid}/access-log']!.safeParse(res.body).success).toBe(true);
  });

  it('lists the admin’s reads with their reason, in words', async () => {
    const admin = log.items.filter((e) => e.role === 'admin');
    expect(admin.length).toBeGreaterThan(0);
    expect(admin.every((e) => e.reason === REASON)).toBe(true);
    expect(admin.map((e) => e.what)).toEqual(
      expect.arrayContaining([
        MESSAGES.accessLogWhatRecord,
        MESSAGES.accessLogWhatVisits,
        MESSAGES.accessLogWhatDocuments,
        MESSAGES.accessLogWhatDocument,
        MESSAGES.accessLogWhatExport,
      ]),
    );
  });

  it('lists the doctor’s reads with the doctor’s name and no reason', async () => {
    const doctor = log.items.find((e) => e.role === 'doctor' && e.what === MESSAGES.accessLogWhatRecord);
    expect(doctor).toMatchObject({ name: 'Dr. Matrix', reason: null });
  });

  it('never lists the patient themself, a refusal, or another patient', async () => {
    await get(`/api/patients/${w.users.patient.uid}`, w.users.otherPatient);
    const res = await accessLog(w.users.patient);
    const items = (res.body as AccessLogResponse).items;
    expect(items.every((e) => ['doctor', 'provider', 'admin'].includes(e.role))).toBe(true);
    // The admin's refused reads (before and after the grant) are not "looked at".
    expect(items.filter((e) => e.role === 'admin').every((e) => e.reason === REASON)).toBe(true);
  });

  it('is newest first and pages with nextCursor', async () => {
    for (let i = 0; i < ACCESS_LOG_PAGE_SIZE; i++) {
      await get(`/api/patients/${w.users.patient.uid}`, w.users.bookedDoctor);
    }
    const first = (await accessLog(w.users.patient)).body as AccessLogResponse;
    expect(first.items).toHaveLength(ACCESS_LOG_PAGE_SIZE);
    const times = first.items.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await accessLog(w.users.patient, undefined, first.nextCursor!)).body as AccessLogResponse;
    expect(second.items.length).toBeGreaterThan(0);
    const ids = new Set(first.items.map((e) => e.id));
    expect(second.items.some((e) => ids.has(e.id))).toBe(false);
    expect(Date.parse(second.items[0]!.at)).toBeLessThanOrEqual(times[times.length - 1]!);
  });

  it('refuses a cursor that is not a page of this list (400)', async () => {
    const patientUid = w.users.patient.uid;
    for (const cursor of [
      // This list's cursor naming a row that is not one of its entries.
      encodeCursor({ list: 'access-log', uid: patientUid }, { id: '00000000-0000-4000-8000-000000000000' }),
      // Another patient's list, another list.
      encodeCursor(
        { list: 'access-log', uid: w.users.otherPatient.uid },
        { id: '00000000-0000-4000-8000-000000000000' },
      ),
      encodeCursor({ list: 'visits', uid: patientUid }, { id: '00000000-0000-4000-8000-000000000000' }),
      'not-a-cursor',
    ]) {
      const res = await accessLog(w.users.patient, undefined, cursor);
      expect([res.status, res.body.message]).toEqual([400, MESSAGES.listCursorInvalid]);
    }
  });

  it('is the owner’s only: another patient, a doctor and an admin get 403', async () => {
    for (const user of [w.users.otherPatient, w.users.bookedDoctor, w.users.admin]) {
      const res = await accessLog(user);
      expect(res.status).toBe(403);
    }
  });
});
