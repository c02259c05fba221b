import request from 'supertest';
import {
  APPLICATIONS_MAX_LIMIT,
  DOCTOR_SPECIALTIES,
  MESSAGES,
  type ApplicationsPage,
  type DoctorApplication,
  type DoctorRecordResponse,
  type ProviderScheduleResponse,
} from '@medora/shared';
import {
  applicationCredentials,
  PDF,
  uploadCredential,
  uploadRequiredCredentials,
} from './application-helpers.js';
import { book, bookableSlots, bookingBody, registeredPatient, withContext } from './booking-helpers.js';
import { authHeader, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers.js';

/**
 * Decisions that mean what the admin saw (versioned approve/reject, explicit re-open,
 * superseded documents), the application rules on the server, and schedules that stay bookable.
 */
let t: TestApp;
let reviewer: TestUser;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  reviewer = await registered('patient');
  // Nobody becomes admin through the API: tests set the role in the database.
  await t.dataSource.query(`UPDATE users SET role = 'admin' WHERE firebase_uid = $1`, [reviewer.uid]);
});

afterAll(async () => {
  await t?.close();
});

const APPLICATION = {
  name: 'Dr. Grace Hopper',
  phone: '+1 (555) 123-4567',
  gender: 'Female',
  dob: '1980-01-02',
  specialty: 'Cardiology',
  qualification: 'MD',
  experience: 12,
  licenseNumber: 'LIC-100',
  clinic: 'Harbour Clinic',
  clinicAddress: { city: 'Boston', state: 'MA' },
};

async function registered(role: 'patient' | 'doctor'): Promise<TestUser> {
  const user = await signUpUser();
  const res = await request(t.http).post('/api/users').set(authHeader(user)).send({ uid: user.uid, role });
  expect(res.status).toBe(201);
  return user;
}

const submit = (user: TestUser, data: object = APPLICATION) =>
  request(t.http).post('/api/doctors').set(authHeader(user)).send({ uid: user.uid, data });

/** A doctor with the three documents and a submitted application. */
async function applicant(data: object = APPLICATION): Promise<{ user: TestUser; id: string }> {
  const user = await registered('doctor');
  await uploadRequiredCredentials(t.http, user);
  const res = await submit(user, data);
  expect(res.status).toBe(201);
  return { user, id: (res.body as DoctorRecordResponse).data.id };
}

/** The application as the admin's queue shows it (with its version). */
async function queued(id: string, status = 'pending'): Promise<DoctorApplication> {
  // The queue is paged (newest first here: the application under test is recent).
  // Page by page through the keyset cursor, at the largest page.
  for (let cursor = ''; ;) {
    const res = await request(t.http)
      .get(`/api/admin/applications?status=${status}&sort=newest&limit=${APPLICATIONS_MAX_LIMIT}${cursor}`)
      .set(authHeader(reviewer));
    expect(res.status).toBe(200);
    const body = res.body as ApplicationsPage;
    const app = body.items.find((a) => a.id === id);
    if (app) return app;
    if (!body.nextCursor) throw new Error(`application ${id} is not in the ${status} queue`);
    cursor = `&cursor=${body.nextCursor}`;
  }
}

const act = (id: string, what: 'approve' | 'reject' | 'reopen', body: object = {}) =>
  request(t.http).post(`/api/admin/doctors/${id}/${what}`).set(authHeader(reviewer)).send(body);

const status = async (id: string) =>
  (
    await t.dataSource.query<{ verification_status: string }[]>(
      `SELECT verification_status FROM doctors WHERE id = $1`,
      [id],
    )
  )[0]!.verification_status;

describe('decisions name the version the admin reviewed', () => {
  it('answers 409 when the applicant changed the application after the admin opened it', async () => {
    const { user, id } = await applicant();
    const seen = await queued(id);
    expect(seen.version).toEqual(expect.any(Number));
    // The applicant changes name, licence and clinic while the admin reads.
    const changed = await submit(user, {
      ...APPLICATION,
      name: 'Dr. Someone Else',
      licenseNumber: 'LIC-999',
      clinic: 'Other Clinic',
    });
    expect(changed.status).toBe(201);
    const stale = await act(id, 'approve', { version: seen.version });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(MESSAGES.applicationChanged);
    expect(await status(id)).toBe('pending');
    const staleReject = await act(id, 'reject', { version: seen.version, reason: 'Licence mismatch' });
    expect(staleReject.status).toBe(409);
    // A new document is a change too.
    const current = await queued(id);
    await request(t.http)
      .post(`/api/doctors/${user.uid}/credentials`)
      .set(authHeader(user))
      .send({ type: 'certification', documentName: 'cert.pdf' });
    expect((await act(id, 'approve', { version: current.version })).status).toBe(409);
    // The current version is approved: exactly what the admin now sees.
    const reviewed = await queued(id);
    expect(reviewed.name).toBe('Dr. Someone Else');
    const ok = await act(id, 'approve', { version: reviewed.version });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ verificationStatus: 'approved', licenseNumber: 'LIC-999' });
  });

  it('takes the version from If-Match (the ETag of GET /api/doctors/{uid}) as well', async () => {
    const { user, id } = await applicant();
    const own = await request(t.http).get(`/api/doctors/${user.uid}`).set(authHeader(reviewer));
    const etag = own.headers.etag as string;
    expect(etag).toBe(`"${(own.body as DoctorRecordResponse).data.version}"`);
    const wrong = await request(t.http)
      .post(`/api/admin/doctors/${id}/approve`)
      .set(authHeader(reviewer))
      .set('If-Match', `"${(own.body as DoctorRecordResponse).data.version + 1}"`);
    expect(wrong.status).toBe(409);
    const right = await request(t.http)
      .post(`/api/admin/doctors/${id}/approve`)
      .set(authHeader(reviewer))
      .set('If-Match', etag);
    expect(right.status).toBe(200);
  });

  it('refuses a decision without a version (400), naming the rule', async () => {
    const { id } = await applicant();
    for (const body of [{}, { version: '1' }, { version: 0 }, { version: true }]) {
      const res = await act(id, 'approve', body);
      expect([JSON.stringify(body), res.status, res.body.message]).toEqual([
        JSON.stringify(body),
        400,
        MESSAGES.applicationVersionRequired,
      ]);
    }
    const reject = await act(id, 'reject', { reason: 'No licence' });
    expect(reject.status).toBe(400);
    expect(reject.body.message).toBe(MESSAGES.applicationVersionRequired);
    expect(await status(id)).toBe('pending');
  });
});

describe('a decided application', () => {
  it('cannot be decided again without a re-open (409); after the re-open it can, audited', async () => {
    const { id } = await applicant();
    const first = await act(id, 'approve', { version: (await queued(id)).version });
    expect(first.status).toBe(200);
    const version = (first.body as { version: number }).version;
    const again = await act(id, 'reject', { version, reason: 'Second thoughts' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MESSAGES.applicationAlreadyDecided);
    expect((await act(id, 'approve', { version })).status).toBe(409);
    expect(await status(id)).toBe('approved');

    const reopened = await act(id, 'reopen', { version });
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ verificationStatus: 'pending', isAvailable: false });
    // Nothing to re-open twice.
    const twice = await act(id, 'reopen', { version: (reopened.body as { version: number }).version });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(MESSAGES.applicationNotDecided);
    const rejected = await act(id, 'reject', {
      version: (reopened.body as { version: number }).version,
      reason: 'Licence suspended by the board',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ verificationStatus: 'rejected', isAvailable: false });

    const audit = await t.dataSource.query<{ action: string; outcome: string }[]>(
      `SELECT action, outcome FROM audit_log WHERE resource_id = $1 ORDER BY created_at, id`,
      [id],
    );
    expect(audit.filter((a) => a.action === 'doctor.reopen')).toEqual([
      { action: 'doctor.reopen', outcome: 'allowed' },
      { action: 'doctor.reopen', outcome: 'denied' },
    ]);
  });

  it('is re-opened by admins only', async () => {
    const { user, id } = await applicant();
    await act(id, 'approve', { version: (await queued(id)).version });
    const doctor = await request(t.http)
      .post(`/api/admin/doctors/${id}/reopen`)
      .set(authHeader(user))
      .send({ version: 1 });
    expect(doctor.status).toBe(403);
    expect((await request(t.http).post(`/api/admin/doctors/${id}/reopen`).send({ version: 1 })).status).toBe(
      401,
    );
    expect(await status(id)).toBe('approved');
  });
});

describe('a resubmission after a rejection', () => {
  it('keeps the documents it does not replace; the admin sees the replaced one superseded', async () => {
    const { user, id } = await applicant();
    const before = await queued(id);
    const beforeDocs = await applicationCredentials(t.http, reviewer, id);
    expect(beforeDocs.map((c) => c.supersededAt)).toEqual([null, null, null]);
    expect((await act(id, 'reject', { version: before.version, reason: 'Blurry licence' })).status).toBe(200);

    // Only the licence is sent again, as a new file: the degree and identity stay on file.
    const licence = await request(t.http)
      .post(`/api/doctors/${user.uid}/credentials`)
      .set(authHeader(user))
      .field('type', 'license')
      .field('documentName', 'license-sharp.pdf')
      .attach('file', Buffer.concat([PDF, Buffer.from('% a sharper scan\n')]), {
        filename: 'license-sharp.pdf',
        contentType: 'application/pdf',
      });
    expect(licence.status).toBe(201);
    expect((await submit(user)).status).toBe(201);
    const after = await queued(id);
    const afterDocs = await applicationCredentials(t.http, reviewer, id);
    expect(after.credentialCount).toBe(afterDocs.length);
    const current = afterDocs.filter((c) => c.supersededAt === null).map((c) => c.id);
    const superseded = afterDocs.filter((c) => c.supersededAt !== null).map((c) => c.id);
    const oldLicence = beforeDocs.find((c) => c.type === 'license')!.id;
    expect(superseded).toEqual([oldLicence]);
    expect(current.sort()).toEqual(
      [
        ...beforeDocs.filter((c) => c.id !== oldLicence).map((c) => c.id),
        (licence.body as { id: string }).id,
      ].sort(),
    );

    // Approval verifies the current documents only.
    expect((await act(id, 'approve', { version: after.version })).status).toBe(200);
    const rows = await t.dataSource.query<{ id: string; verification_status: string }[]>(
      `SELECT id, verification_status FROM credentials WHERE doctor_id = $1`,
      [id],
    );
    for (const row of rows) {
      expect([row.id, row.verification_status]).toEqual([
        row.id,
        current.includes(row.id) ? 'approved' : 'rejected',
      ]);
    }
  });
});

describe('POST /api/doctors validates on the server', () => {
  it('needs the degree, licence and identity documents first, with the spec’s message', async () => {
    const user = await registered('doctor');
    const none = await submit(user);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Please upload Medical Degree, Medical License, and Identity Proof');
    for (const type of ['degree', 'license'] as const) await uploadCredential(t.http, user, type);
    const two = await submit(user);
    expect(two.status).toBe(400);
    expect(two.body.message).toBe(MESSAGES.doctorDocumentsRequired);
    // A credential row without a file (the JSON metadata alone) is no document.
    const metadataOnly = await request(t.http)
      .post(`/api/doctors/${user.uid}/credentials`)
      .set(authHeader(user))
      .send({ type: 'identity', documentName: 'id.pdf' });
    expect(metadataOnly.status).toBe(201);
    const withoutBytes = await submit(user);
    expect([withoutBytes.status, withoutBytes.body.message]).toEqual([400, MESSAGES.doctorDocumentsRequired]);
    await uploadCredential(t.http, user, 'identity');
    expect((await submit(user)).status).toBe(201);
  });

  it.each([
    ['a free-text specialty', { specialty: 'cardiology' }, MESSAGES.specialtyInvalid],
    ['phone "abc"', { phone: 'abc' }, MESSAGES.phoneInvalid],
    ['a 9-digit phone', { phone: '555123456' }, MESSAGES.phoneInvalid],
    ['a 16-digit phone', { phone: '1234567890123456' }, MESSAGES.phoneInvalid],
    ['a birth date in the future', { dob: '2999-01-01' }, MESSAGES.dobInvalid],
    ['a non-existent birth date', { dob: '1980-02-30' }, MESSAGES.dobInvalid],
    ['a birth date in another form', { dob: '02/01/1980' }, MESSAGES.dobInvalid],
    ['experience true', { experience: true }, MESSAGES.numberExpected],
    ['experience "0x10"', { experience: '0x10' }, MESSAGES.numberExpected],
    ['experience ""', { experience: '' }, MESSAGES.numberExpected],
    ['experience "12"', { experience: '12' }, MESSAGES.numberExpected],
    ['consultationFee "150"', { consultationFee: '150' }, MESSAGES.numberExpected],
    ['acceptingNewPatients "false"', { acceptingNewPatients: 'false' }, undefined],
  ])('refuses %s (400)', async (_name, change, message) => {
    const user = await registered('doctor');
    await uploadRequiredCredentials(t.http, user);
    const res = await submit(user, { ...APPLICATION, ...change });
    expect(res.status).toBe(400);
    if (message) expect(res.body.message).toBe(message);
    const [row] = await t.dataSource.query<{ onboarding_completed: boolean }[]>(
      `SELECT d.onboarding_completed FROM doctors d JOIN users u ON u.id = d.user_id WHERE u.firebase_uid = $1`,
      [user.uid],
    );
    expect(row?.onboarding_completed ?? false).toBe(false);
  });

  it('accepts every one of the spec’s 16 specialties and a time zone Postgres knows', async () => {
    const user = await registered('doctor');
    await uploadRequiredCredentials(t.http, user);
    expect(DOCTOR_SPECIALTIES).toHaveLength(16);
    for (const specialty of DOCTOR_SPECIALTIES) {
      const res = await submit(user, { ...APPLICATION, specialty });
      expect([specialty, res.status]).toEqual([specialty, 201]);
    }
    const res = await submit(user, {
      ...APPLICATION,
      specialty: 'Obstetrics & Gynecology',
      timeZone: 'US/Pacific-New',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.timeZoneUnsupported);
    const ok = await submit(user, {
      ...APPLICATION,
      specialty: 'Obstetrics & Gynecology',
      timeZone: 'America/Los_Angeles',
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({
      specialty: 'Obstetrics & Gynecology',
      timeZone: 'America/Los_Angeles',
    });
  });
});

/** An approved doctor, applied with `data`. */
async function approved(data: object = APPLICATION): Promise<{ user: TestUser; id: string }> {
  const doc = await applicant(data);
  expect((await act(doc.id, 'approve', { version: (await queued(doc.id)).version })).status).toBe(200);
  return doc;
}

const putSchedule = (user: TestUser, body: object) =>
  request(t.http).put('/api/provider/schedule').set(authHeader(user)).send(body);

describe('PUT /api/provider/schedule', () => {
  it('stores slots only as canonical hh:mm AM/PM, once each, and a patient books them', async () => {
    const { user, id } = await approved({ ...APPLICATION, name: 'Dr. Slots' });
    const res = await putSchedule(user, {
      availableDays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
      timeSlots: Object.fromEntries(
        ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((d) => [
          d,
          ['10:30 am', '9:00 am', '09:00 AM', ' 9:00AM ', '2:05 pm'],
        ]),
      ),
      timeZone: 'America/New_York',
    });
    expect(res.status).toBe(200);
    const body = res.body as ProviderScheduleResponse;
    expect(body.timeSlots.Monday).toEqual(['09:00 AM', '10:30 AM', '02:05 PM']);
    const [row] = await t.dataSource.query<{ schedule: { timeSlots: Record<string, string[]> } }[]>(
      `SELECT schedule FROM doctors WHERE id = $1`,
      [id],
    );
    expect(row!.schedule.timeSlots.Sunday).toEqual(['09:00 AM', '10:30 AM', '02:05 PM']);

    // What the schedule offers can be booked.
    const patient = await registeredPatient(t);
    const doctor = (await withContext(t, patient)).doctors.find((d) => d.id === id)!;
    const slot = bookableSlots({ ...doctor, schedule: doctor.schedule })[0]!;
    expect(slot).toMatch(/ at 09:00 AM$/);
    const booked = await book(
      t,
      patient,
      bookingBody(patient, { ...doctor, schedule: doctor.schedule }, slot),
    );
    expect(booked.status).toBe(201);
  });

  it('refuses a slot that is not a time (400)', async () => {
    const { user } = await approved({ ...APPLICATION, name: 'Dr. Bad Slots' });
    for (const slot of ['9 am', '13:00 PM', '09:00', '9:00 am; DROP']) {
      const res = await putSchedule(user, {
        availableDays: ['Monday'],
        timeSlots: { Monday: [slot] },
        timeZone: 'America/New_York',
      });
      expect([slot, res.status, res.body.message]).toEqual([slot, 400, MESSAGES.scheduleTimeInvalid]);
    }
  });

  it('accepts a zone only when Postgres knows it; the overview never answers 500', async () => {
    const { user, id } = await approved({ ...APPLICATION, name: 'Dr. Zone' });
    const res = await putSchedule(user, {
      availableDays: ['Monday'],
      timeSlots: { Monday: ['09:00 AM'] },
      timeZone: 'US/Pacific-New',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.timeZoneUnsupported);
    const [row] = await t.dataSource.query<{ time_zone: string }[]>(
      `SELECT time_zone FROM doctors WHERE id = $1`,
      [id],
    );
    expect(row!.time_zone).not.toBe('US/Pacific-New');
    const overview = await request(t.http).get('/api/provider/overview').set(authHeader(user));
    expect(overview.status).toBe(200);
    const ok = await putSchedule(user, {
      availableDays: ['Monday'],
      timeSlots: { Monday: ['09:00 AM'] },
      timeZone: 'America/Los_Angeles',
    });
    expect(ok.status).toBe(200);
    expect((await request(t.http).get('/api/provider/overview').set(authHeader(user))).status).toBe(200);
  });
});

describe('acceptingNewPatients: false', () => {
  it('hides the doctor from patients who never booked them; those who did still see them', async () => {
    const { user, id } = await approved({ ...APPLICATION, name: 'Dr. Closed List' });
    expect(
      (
        await putSchedule(user, {
          availableDays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
          timeSlots: Object.fromEntries(
            ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((d) => [
              d,
              ['09:00 AM'],
            ]),
          ),
          timeZone: 'America/New_York',
        })
      ).status,
    ).toBe(200);
    const regular = await registeredPatient(t);
    const doctor = (await withContext(t, regular)).doctors.find((d) => d.id === id)!;
    const slot = bookableSlots(doctor)[0]!;
    expect((await book(t, regular, bookingBody(regular, doctor, slot))).status).toBe(201);

    // The doctor closes their list (no route changes it after approval yet: set in the database).
    await t.dataSource.query(`UPDATE doctors SET accepting_new_patients = false WHERE id = $1`, [id]);
    const newcomer = await registeredPatient(t);
    expect((await withContext(t, newcomer)).doctors.map((d) => d.id)).not.toContain(id);
    const publicList = await request(t.http).get('/api/doctors');
    expect((publicList.body as { id: string }[]).map((d) => d.id)).not.toContain(id);
    expect((await withContext(t, regular)).doctors.map((d) => d.id)).toContain(id);
    // Hidden is not enough: a newcomer who knows the doctor's id cannot book them either.
    const closed = await book(t, newcomer, bookingBody(newcomer, doctor, bookableSlots(doctor)[1]!));
    expect([closed.status, closed.body.message]).toEqual([404, MESSAGES.appointmentDoctorUnavailable]);
    const again = await book(t, regular, bookingBody(regular, doctor, bookableSlots(doctor)[2]!));
    expect(again.status).toBe(201);

    await t.dataSource.query(`UPDATE doctors SET accepting_new_patients = true WHERE id = $1`, [id]);
    expect((await withContext(t, newcomer)).doctors.map((d) => d.id)).toContain(id);
  });
});
