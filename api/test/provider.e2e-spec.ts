import request from 'supertest';
import {
  MESSAGES,
  addDays,
  formatMessage,
  todayIn,
  type AdminDashboardOverview,
  type ApplicationsPage,
  type DoctorRecordResponse,
  type ProviderAppointmentIntake,
  type ProviderAppointmentsPage,
  type ProviderScheduleResponse,
} from '@medora/shared';
import { ROUTINE_RECORD } from '../src/summary/summary.fixtures.js';
import { bookableSlots, book, bookingBody, registeredPatient, type SeededDoctor } from './booking-helpers.js';
import { applicationCredentials, applicationVersion, uploadCredential } from './application-helpers.js';
import { authHeader, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});

afterAll(async () => {
  await t?.close();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const DOCX = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]);

const APPLICATION = {
  name: 'Dr. Ada Lovelace',
  phone: '5551234567',
  gender: 'Female',
  dob: '1980-01-02',
  specialty: 'Cardiology',
  subSpecialties: 'Echocardiography, Heart failure',
  qualification: 'MD',
  experience: 12,
  licenseNumber: 'LIC-123',
  clinic: 'Heart Clinic',
  clinicAddress: { city: 'Boston', state: 'MA' },
};

async function registered(role: 'patient' | 'doctor' | 'provider'): Promise<TestUser> {
  const user = await signUpUser();
  const res = await request(t.http).post('/api/users').set(authHeader(user)).send({ uid: user.uid, role });
  expect(res.status).toBe(201);
  return user;
}

async function admin(): Promise<TestUser> {
  const user = await registered('patient');
  // Nobody becomes admin through the API: tests set the role in the database.
  await t.dataSource.query(`UPDATE users SET role = 'admin' WHERE firebase_uid = $1`, [user.uid]);
  return user;
}

/**
 * Applies as `user`: the three required documents first (with their files), then
 * `POST /api/doctors`. Upload refusals (a patient, say) are left to the submission's answer.
 */
async function submit(user: TestUser, data: object = APPLICATION) {
  for (const type of ['degree', 'license', 'identity'] as const) {
    await uploadCredential(t.http, user, type).catch(() => undefined);
  }
  return request(t.http).post('/api/doctors').set(authHeader(user)).send({ uid: user.uid, data });
}

/** An admin's decision on the application's current version. */
async function decide(reviewer: TestUser, id: string, what: 'approve' | 'reject', body: object = {}) {
  const version = await applicationVersion(t.dataSource, id);
  return request(t.http)
    .post(`/api/admin/doctors/${id}/${what}`)
    .set(authHeader(reviewer))
    .send({ version, ...body });
}

const credential = (user: TestUser, type: string, bytes: Buffer, filename: string, uid = user.uid) =>
  request(t.http)
    .post(`/api/doctors/${uid}/credentials`)
    .set(authHeader(user))
    .field('type', type)
    .field('documentName', filename)
    .attach('file', bytes, { filename, contentType: 'application/octet-stream' });

async function doctorId(user: TestUser): Promise<string> {
  const res = await request(t.http).get(`/api/doctors/${user.uid}`).set(authHeader(user));
  return (res.body as DoctorRecordResponse).data.id;
}

/** A doctor who applied with a schedule and was approved by an admin. */
async function approvedDoctor(reviewer: TestUser): Promise<{ user: TestUser; doctor: SeededDoctor }> {
  const user = await registered('doctor');
  expect((await submit(user)).status).toBe(201);
  const id = await doctorId(user);
  expect((await decide(reviewer, id, 'approve')).status).toBe(200);
  const schedule = {
    availableDays: ['Monday', 'Wednesday'],
    timeSlots: { Monday: ['09:00 AM', '10:00 AM'], Wednesday: ['02:00 PM'] },
  };
  const put = await request(t.http)
    .put('/api/provider/schedule')
    .set(authHeader(user))
    .send({ ...schedule, timeZone: 'America/New_York' });
  expect(put.status).toBe(200);
  return {
    user,
    doctor: {
      id,
      name: APPLICATION.name,
      clinic: APPLICATION.clinic,
      specialty: APPLICATION.specialty,
      timeZone: 'America/New_York',
      schedule,
    },
  };
}

describe('POST /api/doctors', () => {
  it('sets the status fields itself and the doctor defaults, whatever the client sends', async () => {
    const user = await registered('doctor');
    const res = await submit(user, {
      ...APPLICATION,
      verificationStatus: 'approved',
      isAvailable: true,
      credentialsVerified: true,
    });
    expect(res.status).toBe(201);
    const data = (res.body as DoctorRecordResponse).data;
    expect(data).toMatchObject({
      verificationStatus: 'pending',
      isAvailable: false,
      credentialsVerified: false,
      documentsSubmitted: true,
      onboardingCompleted: true,
      consultationFee: 150,
      consultationDuration: 30,
      languages: ['English'],
      acceptingNewPatients: true,
      subSpecialties: ['Echocardiography', 'Heart failure'],
    });
    const list = await request(t.http).get('/api/doctors');
    expect((list.body as { name: string }[]).map((d) => d.name)).not.toContain(APPLICATION.name);
  });

  it('refuses another uid (403), a patient (403), no token (401) and a missing clinic (400)', async () => {
    const user = await registered('doctor');
    const other = await registered('doctor');
    expect(
      (
        await request(t.http)
          .post('/api/doctors')
          .set(authHeader(user))
          .send({ uid: other.uid, data: APPLICATION })
      ).status,
    ).toBe(403);
    expect((await submit(await registered('patient'))).status).toBe(403);
    expect(
      (await request(t.http).post('/api/doctors').send({ uid: user.uid, data: APPLICATION })).status,
    ).toBe(401);
    const bad = await submit(user, { ...APPLICATION, clinicAddress: { city: '', state: 'MA' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(MESSAGES.clinicRequired);
    const negative = await submit(user, { ...APPLICATION, experience: -1 });
    expect(negative.status).toBe(400);
  });
});

describe('GET /api/doctors/:uid', () => {
  it('answers the owner and admins, 403 to another user, 404 without a record', async () => {
    const user = await registered('provider');
    expect((await request(t.http).get(`/api/doctors/${user.uid}`).set(authHeader(user))).status).toBe(404);
    await submit(user);
    const own = await request(t.http).get(`/api/doctors/${user.uid}`).set(authHeader(user));
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      exists: true,
      data: { onboardingCompleted: true, verificationStatus: 'pending' },
    });
    const other = await registered('doctor');
    expect((await request(t.http).get(`/api/doctors/${user.uid}`).set(authHeader(other))).status).toBe(403);
    expect(
      (
        await request(t.http)
          .get(`/api/doctors/${user.uid}`)
          .set(authHeader(await admin()))
      ).status,
    ).toBe(200);
    expect((await request(t.http).get(`/api/doctors/${user.uid}`)).status).toBe(401);
  });
});

describe('POST /api/doctors/:uid/credentials', () => {
  it('stores a PDF or PNG checked by content, the issuing organisation decided by the type', async () => {
    const user = await registered('doctor');
    const degree = await credential(user, 'degree', PDF, 'degree.pdf');
    expect(degree.status).toBe(201);
    expect(degree.body).toMatchObject({
      type: 'degree',
      issuingOrganization: 'Medical School',
      contentType: 'application/pdf',
      hasFile: true,
    });
    const license = await credential(user, 'license', PNG, 'license.png');
    expect(license.body).toMatchObject({ issuingOrganization: 'Medical Board', contentType: 'image/png' });
    const identity = await credential(user, 'identity', PDF, 'id.pdf');
    expect(identity.body).toMatchObject({ issuingOrganization: null });
  });

  it('refuses a fake PDF, a Word file, an unknown type, another uid and a file over 10 MB', async () => {
    const user = await registered('doctor');
    const fake = await credential(user, 'degree', Buffer.from('not a pdf at all'), 'degree.pdf');
    expect(fake.status).toBe(400);
    // The refusal names the file.
    expect(fake.body.message).toBe(formatMessage('credentialFileRefused', { name: 'degree.pdf' }));
    expect((await credential(user, 'degree', DOCX, 'degree.docx')).status).toBe(400);
    expect((await credential(user, 'passport', PDF, 'p.pdf')).status).toBe(400);
    const other = await registered('doctor');
    expect((await credential(user, 'degree', PDF, 'd.pdf', other.uid)).status).toBe(403);
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 10)]);
    expect((await credential(user, 'degree', big, 'big.pdf')).status).toBe(413);
  });

  it('accepts the spec’s JSON body (metadata only) and ignores the client’s organisation and status', async () => {
    const user = await registered('doctor');
    const res = await request(t.http)
      .post(`/api/doctors/${user.uid}/credentials`)
      .set(authHeader(user))
      .send({
        type: 'certification',
        documentName: 'cert.pdf',
        issuingOrganization: 'Me',
        verificationStatus: 'approved',
      });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      issuingOrganization: null,
      verificationStatus: 'pending',
      hasFile: false,
    });
    // At most 30 documents per application.
    const json = (n: number) =>
      request(t.http)
        .post(`/api/doctors/${user.uid}/credentials`)
        .set(authHeader(user))
        .send({ type: 'experience', documentName: `letter-${n}.pdf` });
    for (let n = 1; n < 30; n += 1) expect((await json(n)).status).toBe(201);
    const over = await json(30);
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(MESSAGES.tooManyCredentials);
  });
});

describe('admin verification queue', () => {
  it('lists a pending application with its credentials, shows the file, approves it: bookable once it has weekly hours', async () => {
    const reviewer = await admin();
    const user = await registered('doctor');
    await credential(user, 'degree', PDF, 'degree.pdf');
    await submit(user);
    const queue = await request(t.http)
      .get(`/api/admin/applications?status=pending&q=${encodeURIComponent(user.email)}`)
      .set(authHeader(reviewer));
    expect(queue.status).toBe(200);
    const app = (queue.body as ApplicationsPage).items.find((a) => a.uid === user.uid)!;
    const docs = await applicationCredentials(t.http, reviewer, app.id);
    expect(docs).toHaveLength(4);
    expect(app.credentialCount).toBe(4);
    const withFile = docs.find((c) => c.hasFile)!;
    const file = await request(t.http)
      .get(`/api/admin/credentials/${withFile.id}/file`)
      .set(authHeader(reviewer));
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');

    const me = await request(t.http).get('/api/me').set(authHeader(user));
    expect(me.body.access.providerDashboard).toBe(false);
    const approve = await request(t.http)
      .post(`/api/admin/doctors/${app.id}/approve`)
      .set(authHeader(reviewer))
      .send({ version: app.version });
    expect(approve.status).toBe(200);
    expect(approve.body).toMatchObject({
      verificationStatus: 'approved',
      credentialsVerified: true,
      isAvailable: true,
    });
    // Approved but without weekly hours, the doctor is not offered yet; hours make them bookable.
    const listedIds = async () =>
      ((await request(t.http).get('/api/doctors')).body as { id: string }[]).map((d) => d.id);
    expect(await listedIds()).not.toContain(app.id);
    const hours = await request(t.http)
      .put('/api/provider/schedule')
      .set(authHeader(user))
      .send({
        hours: { Monday: { start: '09:00 AM', end: '12:00 PM', slotMinutes: 30 } },
        timeZone: 'America/New_York',
      });
    expect(hours.status).toBe(200);
    expect(await listedIds()).toContain(app.id);
    expect((await request(t.http).get('/api/me').set(authHeader(user))).body.access.providerDashboard).toBe(
      true,
    );
    const audit = await t.dataSource.query<{ outcome: string }[]>(
      `SELECT outcome FROM audit_log WHERE action = 'doctor.approve' AND resource_id = $1`,
      [app.id],
    );
    expect(audit).toEqual([{ outcome: 'allowed' }]);
  });

  it('rejects with a required reason that the applicant reads, and the applicant may resubmit', async () => {
    const reviewer = await admin();
    const user = await registered('provider');
    await submit(user);
    const id = await doctorId(user);
    const noReason = await decide(reviewer, id, 'reject', { reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.body)).toContain(MESSAGES.rejectionReasonRequired);
    const rejected = await decide(reviewer, id, 'reject', {
      reason: 'License number does not match the board record',
    });
    expect(rejected.status).toBe(200);
    const own = await request(t.http).get(`/api/doctors/${user.uid}`).set(authHeader(user));
    expect(own.body.data).toMatchObject({
      verificationStatus: 'rejected',
      rejectionReason: 'License number does not match the board record',
    });
    const again = await submit(user);
    expect(again.body.data).toMatchObject({ verificationStatus: 'pending', rejectionReason: null });
  });

  it('never lets a doctor approve, not even themself; an admin cannot review their own record', async () => {
    const user = await registered('doctor');
    await submit(user);
    const id = await doctorId(user);
    expect(
      (await request(t.http).post(`/api/admin/doctors/${id}/approve`).set(authHeader(user))).status,
    ).toBe(403);
    // An applicant who is later made admin still cannot approve their own application.
    await t.dataSource.query(`UPDATE users SET role = 'admin' WHERE firebase_uid = $1`, [user.uid]);
    const self = await decide(user, id, 'approve');
    expect(self.status).toBe(403);
    const [row] = await t.dataSource.query<{ verification_status: string }[]>(
      `SELECT verification_status FROM doctors WHERE id = $1`,
      [id],
    );
    expect(row!.verification_status).toBe('pending');
    const denied = await t.dataSource.query<{ outcome: string }[]>(
      `SELECT outcome FROM audit_log WHERE action = 'doctor.approve' AND resource_id = $1`,
      [id],
    );
    expect(denied).toEqual([{ outcome: 'denied' }]);
  });

  it('counts pending applications, approved doctors, patients and appointments this week', async () => {
    const reviewer = await admin();
    const res = await request(t.http).get('/api/admin/overview').set(authHeader(reviewer));
    expect(res.status).toBe(200);
    const body = res.body as AdminDashboardOverview;
    for (const key of [
      'pendingApplications',
      'approvedDoctors',
      'patients',
      'appointmentsThisWeek',
    ] as const) {
      expect(typeof body[key]).toBe('number');
    }
    expect(body.pendingApplications).toBeGreaterThan(0);
  });
});

describe('who may use the admin and provider routes', () => {
  const ID = '00000000-0000-4000-8000-000000000000';
  const routes: [string, string, object?][] = [
    ['get', '/api/admin/overview'],
    ['get', '/api/admin/applications'],
    ['get', `/api/admin/credentials/${ID}/file`],
    ['post', `/api/admin/doctors/${ID}/approve`],
    ['post', `/api/admin/doctors/${ID}/reject`, { reason: 'x' }],
    ['post', `/api/admin/doctors/${ID}/reopen`, { version: 1 }],
    ['get', '/api/provider/overview'],
    ['get', '/api/provider/appointments'],
    ['patch', `/api/provider/appointments/${ID}/status`, { status: 'Completed' }],
    ['get', '/api/provider/schedule'],
    ['put', '/api/provider/schedule', { availableDays: [], timeSlots: {}, timeZone: 'UTC' }],
  ];

  it('answers 401 without a token and 403 to patients and unapproved doctors', async () => {
    const patient = await registered('patient');
    const pending = await registered('doctor');
    await submit(pending);
    const noRecord = await registered('provider');
    for (const [method, path, body] of routes) {
      const call = (user?: TestUser) => {
        const req = (request(t.http) as unknown as Record<string, (p: string) => request.Test>)[method]!(
          path,
        );
        if (user) void req.set(authHeader(user));
        return body ? req.send(body) : req;
      };
      expect([path, (await call()).status]).toEqual([path, 401]);
      for (const user of [patient, pending, noRecord])
        expect([path, (await call(user)).status]).toEqual([path, 403]);
    }
    const upload = await request(t.http)
      .post(`/api/provider/appointments/${ID}/prescription`)
      .set(authHeader(pending))
      .attach('file', PDF, 'rx.pdf');
    expect(upload.status).toBe(403);
  });
});

describe('provider dashboard', () => {
  it('shows only this doctor’s patients with summary and intake; Completed + prescription the patient downloads', async () => {
    const reviewer = await admin();
    const { user: doc, doctor } = await approvedDoctor(reviewer);
    const { user: otherDoc } = await approvedDoctor(reviewer);
    const patient = await registeredPatient(t);
    expect(
      (
        await request(t.http)
          .post('/api/patients')
          .set(authHeader(patient))
          .send({ uid: patient.uid, data: ROUTINE_RECORD })
      ).status,
    ).toBe(201);
    const slot = bookableSlots(doctor)[0]!;
    const booked = await book(t, patient, bookingBody(patient, doctor, slot));
    expect(booked.status).toBe(201);
    const appointmentId = booked.body.id as string;

    const window = `?from=${addDays(todayIn(doctor.timeZone), -1)}&to=${addDays(todayIn(doctor.timeZone), 29)}`;
    const mine = await request(t.http).get(`/api/provider/appointments${window}`).set(authHeader(doc));
    expect(mine.status).toBe(200);
    const [item] = (mine.body as ProviderAppointmentsPage).items;
    expect(item).toMatchObject({
      id: appointmentId,
      date: slot,
      patient: { uid: patient.uid, name: ROUTINE_RECORD.name },
    });
    // The card carries the summary's headline; the intake loads when it is opened.
    expect(item!.patient.headline).toEqual({ redFlags: [], complaints: expect.any(Array), topUrgency: null });
    expect(item!.patient).not.toHaveProperty('intake');
    const opened = await request(t.http)
      .get(`/api/provider/appointments/${appointmentId}/intake`)
      .set(authHeader(doc));
    expect(opened.status).toBe(200);
    expect((opened.body as ProviderAppointmentIntake).intake).toMatchObject({ name: ROUTINE_RECORD.name });
    expect((opened.body as ProviderAppointmentIntake).summary).toBeTruthy();

    // The other doctor sees none of it: not the list, not the card, not the patient's record, not the status.
    expect(
      (await request(t.http).get(`/api/provider/appointments${window}`).set(authHeader(otherDoc))).body,
    ).toMatchObject({ items: [], nextCursor: null });
    expect(
      (
        await request(t.http)
          .get(`/api/provider/appointments/${appointmentId}/intake`)
          .set(authHeader(otherDoc))
      ).status,
    ).toBe(404);
    expect((await request(t.http).get(`/api/patients/${patient.uid}`).set(authHeader(otherDoc))).status).toBe(
      403,
    );
    expect(
      (
        await request(t.http)
          .patch(`/api/provider/appointments/${appointmentId}/status`)
          .set(authHeader(otherDoc))
          .send({ status: 'Completed' })
      ).status,
    ).toBe(404);
    expect(
      (await request(t.http).get(`/api/appointments/${appointmentId}/prescription`).set(authHeader(otherDoc)))
        .status,
    ).toBe(403);

    const overview = await request(t.http).get('/api/provider/overview').set(authHeader(doc));
    expect(overview.body).toMatchObject({ upcoming: 1, patients: 1, completed: 0 });

    expect(
      (
        await request(t.http)
          .patch(`/api/provider/appointments/${appointmentId}/status`)
          .set(authHeader(doc))
          .send({ status: 'Cancelled' })
      ).status,
    ).toBe(400);
    // Completed only after the start time — refused while upcoming, accepted once it began.
    expect(
      (
        await request(t.http)
          .patch(`/api/provider/appointments/${appointmentId}/status`)
          .set(authHeader(doc))
          .send({ status: 'Completed' })
      ).status,
    ).toBe(409);
    await t.dataSource.query(`UPDATE appointments SET starts_at = now() - interval '1 hour' WHERE id = $1`, [
      appointmentId,
    ]);
    const done = await request(t.http)
      .patch(`/api/provider/appointments/${appointmentId}/status`)
      .set(authHeader(doc))
      .send({ status: 'Completed' });
    expect(done.body).toEqual({ id: appointmentId, status: 'Completed' });
    const rx = await request(t.http)
      .post(`/api/provider/appointments/${appointmentId}/prescription`)
      .set(authHeader(doc))
      .attach('file', PDF, 'rx.pdf');
    expect(rx.status).toBe(201);
    expect(rx.body.prescriptionUrl).toBe(`/api/appointments/${appointmentId}/prescription`);

    const own = await request(t.http).get(`/api/appointments/${appointmentId}`).set(authHeader(patient));
    expect(own.body).toMatchObject({
      status: 'Completed',
      prescriptionUrl: `/api/appointments/${appointmentId}/prescription`,
    });
    const download = await request(t.http)
      .get(`/api/appointments/${appointmentId}/prescription`)
      .set(authHeader(patient));
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(
      Buffer.from(download.body as Buffer)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await request(t.http).get(`/api/provider/overview`).set(authHeader(doc))).body).toMatchObject({
      completed: 1,
    });
  });

  it('validates schedule edits and keeps bookings that no longer fit, listed', async () => {
    const reviewer = await admin();
    const { user: doc, doctor } = await approvedDoctor(reviewer);
    const patient = await registeredPatient(t);
    const slot = bookableSlots(doctor)[0]!;
    const booked = await book(t, patient, bookingBody(patient, doctor, slot));
    expect(booked.status).toBe(201);
    const put = (body: object) =>
      request(t.http).put('/api/provider/schedule').set(authHeader(doc)).send(body);
    const badDay = await put({ availableDays: ['Funday'], timeSlots: {}, timeZone: 'UTC' });
    expect(badDay.status).toBe(400);
    expect(JSON.stringify(badDay.body)).toContain(MESSAGES.scheduleDayInvalid);
    const badTime = await put({
      availableDays: ['Friday'],
      timeSlots: { Friday: ['25:00'] },
      timeZone: 'UTC',
    });
    expect(JSON.stringify(badTime.body)).toContain(MESSAGES.scheduleTimeInvalid);
    const badZone = await put({
      availableDays: ['Friday'],
      timeSlots: { Friday: ['09:00 AM'] },
      timeZone: 'Mars/Base',
    });
    expect(JSON.stringify(badZone.body)).toContain(MESSAGES.timeZoneInvalid);

    const moved = await put({
      availableDays: ['Friday'],
      timeSlots: { Friday: ['09:00 AM'] },
      timeZone: 'America/New_York',
    });
    expect(moved.status).toBe(200);
    const body = moved.body as ProviderScheduleResponse;
    expect(body.availableDays).toEqual(['Friday']);
    expect(body.outsideSchedule.map((a) => a.id)).toEqual([booked.body.id]);
    // Booking reads the new schedule at once; the old booking still stands.
    const ctx = await request(t.http)
      .get(`/api/doctors-with-context/${patient.uid}`)
      .set(authHeader(patient));
    const listed = (
      ctx.body as { doctors: { id: string; schedule: { availableDays: string[] } }[] }
    ).doctors.find((d) => d.id === doctor.id)!;
    expect(listed.schedule.availableDays).toEqual(['Friday']);
    const from = addDays(todayIn(doctor.timeZone), -1);
    const list = await request(t.http)
      .get(`/api/provider/appointments?from=${from}&to=${addDays(from, 30)}`)
      .set(authHeader(doc));
    expect((list.body as ProviderAppointmentsPage).items.map((a) => a.id)).toEqual([booked.body.id]);
  });
});
