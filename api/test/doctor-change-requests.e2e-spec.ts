import request from 'supertest';
import {
  MESSAGES,
  type Appointment,
  type ChangeRequestsPage,
  type DoctorChangeRequest,
  type DoctorChangeRequestResponse,
  type DoctorProfileResponse,
  type DoctorRecordResponse,
  type NotificationsResponse,
  type PublicDoctor,
} from '@medora/shared';
import { MailSink } from '../src/mail/mail-sink.js';
import {
  approvedDoctorAccount,
  book,
  bookableSlots,
  bookingBody,
  registeredPatient,
  type SeededDoctor,
} from './booking-helpers.js';
import { authHeader, createTestApp, type TestApp, type TestUser } from './helpers.js';

/**
 * An approved doctor's change of licence number or specialty is a pending change request: the
 * approved record stays in force (approved, listed, bookable, working) until an admin approves it;
 * a rejection keeps the old values and tells the doctor why (bell and e-mail).
 */
const sink = new MailSink();
let t: TestApp;

beforeAll(async () => {
  const port = await sink.start();
  t = await createTestApp({
    seed: false,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Medora Test <no-reply@medora.test>',
      PUBLIC_APP_URL: 'https://medora.test',
      JOBS_POLL_SECONDS: '1',
    },
  });
});

afterAll(async () => {
  await t?.close();
  await sink.stop();
});

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const SCHEDULE = {
  availableDays: DAYS,
  timeSlots: Object.fromEntries(DAYS.map((day) => [day, ['09:00 AM', '11:00 AM']])),
};
let count = 0;

/** An approved, bookable Cardiology doctor with licence LIC-100 and one sub-specialty. */
async function doctor(): Promise<{ user: TestUser; doctor: SeededDoctor }> {
  const made = await approvedDoctorAccount(t, {
    name: `Dr. Change ${++count}`,
    clinic: 'Change Clinic',
    timeZone: 'America/New_York',
    schedule: SCHEDULE,
  });
  await t.dataSource.query(
    `UPDATE doctors SET license_number = 'LIC-100', sub_specialties = '{Echocardiography}' WHERE id = $1`,
    [made.doctor.id],
  );
  return made;
}

async function admin(): Promise<TestUser> {
  const user = await registeredPatient(t);
  await t.dataSource.query(`UPDATE users SET role = 'admin' WHERE firebase_uid = $1`, [user.uid]);
  return user;
}

const patchProfile = (caller: TestUser, uid: string, body: object) =>
  request(t.http).patch(`/api/doctors/${uid}/profile`).set(authHeader(caller)).send(body);

const decide = (caller: TestUser, id: string, kind: 'approve' | 'reject', body: object) =>
  request(t.http).post(`/api/admin/change-requests/${id}/${kind}`).set(authHeader(caller)).send(body);

async function record(user: TestUser) {
  const res = await request(t.http).get(`/api/doctors/${user.uid}`).set(authHeader(user));
  expect(res.status).toBe(200);
  return (res.body as DoctorRecordResponse).data;
}

async function openRequest(user: TestUser): Promise<DoctorChangeRequest | null> {
  const res = await request(t.http).get(`/api/doctors/${user.uid}/change-request`).set(authHeader(user));
  expect(res.status).toBe(200);
  return (res.body as DoctorChangeRequestResponse).request;
}

async function listedIds(specialty: string): Promise<string[]> {
  const res = await request(t.http).get(`/api/doctors?specialty=${specialty}&limit=50`);
  expect(res.status).toBe(200);
  return (res.body as PublicDoctor[]).map((d) => d.id!);
}

async function auditOutcomes(action: string, doctorId: string): Promise<string[]> {
  const rows = await t.dataSource.query<{ outcome: string }[]>(
    `SELECT outcome FROM audit_log WHERE action = $1 AND resource_id = $2 ORDER BY created_at`,
    [action, doctorId],
  );
  return rows.map((r) => r.outcome);
}

async function notifications(user: TestUser): Promise<NotificationsResponse> {
  const res = await request(t.http).get('/api/notifications').set(authHeader(user));
  expect(res.status).toBe(200);
  return res.body as NotificationsResponse;
}

describe('a licence or specialty change is a pending change request', () => {
  it('keeps the doctor approved, listed with the old specialty, bookable and working', async () => {
    const { user, doctor: d } = await doctor();
    const patient = await registeredPatient(t);
    const booked = await book(t, patient, bookingBody(patient, d, bookableSlots(d)[0]!));
    expect(booked.status).toBe(201);
    const appointment = booked.body as Appointment;

    const res = await patchProfile(user, user.uid, {
      specialty: 'Neurology',
      subSpecialties: ['Epilepsy'],
      bio: 'Now also seeing headaches.',
    });
    expect(res.status).toBe(200);
    const body = res.body as DoctorProfileResponse;
    // The other fields saved at once; the reviewed ones stay as approved.
    expect(body.data).toMatchObject({
      specialty: 'Cardiology',
      subSpecialties: ['Echocardiography'],
      bio: 'Now also seeing headaches.',
      verificationStatus: 'approved',
      isAvailable: true,
    });
    expect(body.changeRequest).toMatchObject({
      doctorId: d.id,
      uid: user.uid,
      status: 'pending',
      version: 1,
      changes: [
        { field: 'specialty', from: 'Cardiology', to: 'Neurology' },
        { field: 'subSpecialties', from: ['Echocardiography'], to: ['Epilepsy'] },
      ],
    });
    expect(await openRequest(user)).toMatchObject({ id: body.changeRequest!.id, status: 'pending' });
    expect(await record(user)).toMatchObject({ specialty: 'Cardiology', verificationStatus: 'approved' });

    // Still listed under the approved specialty, not the requested one; the booking untouched.
    expect(await listedIds('Cardiology')).toContain(d.id);
    expect(await listedIds('Neurology')).not.toContain(d.id);
    const mine = await request(t.http).get(`/api/appointments/${appointment.id}`).set(authHeader(patient));
    expect(mine.body).toMatchObject({ status: 'Scheduled', specialty: 'Cardiology' });

    // Still on the dashboard, and today's visit can be completed.
    expect((await request(t.http).get('/api/provider/overview').set(authHeader(user))).status).toBe(200);
    await t.dataSource.query(`UPDATE appointments SET starts_at = now() - interval '1 hour' WHERE id = $1`, [
      appointment.id,
    ]);
    const done = await request(t.http)
      .patch(`/api/provider/appointments/${appointment.id}/status`)
      .set(authHeader(user))
      .send({ status: 'Completed' });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ id: appointment.id, status: 'Completed' });
    // The profile stays editable while the request waits.
    expect((await patchProfile(user, user.uid, { bio: 'Edited again.' })).status).toBe(200);
  });

  it('keeps one open request: a new edit updates it (new version), the approved values withdraw it', async () => {
    const { user, doctor: d } = await doctor();
    const reviewer = await admin();
    const first = (await patchProfile(user, user.uid, { licenseNumber: 'LIC-200' }))
      .body as DoctorProfileResponse;
    expect(first.changeRequest).toMatchObject({
      version: 1,
      changes: [{ field: 'licenseNumber', from: 'LIC-100', to: 'LIC-200' }],
    });
    const second = (await patchProfile(user, user.uid, { specialty: 'Neurology' }))
      .body as DoctorProfileResponse;
    expect(second.changeRequest).toMatchObject({
      id: first.changeRequest!.id,
      version: 2,
      changes: [
        { field: 'specialty', from: 'Cardiology', to: 'Neurology' },
        { field: 'subSpecialties', from: ['Echocardiography'], to: [] },
        { field: 'licenseNumber', from: 'LIC-100', to: 'LIC-200' },
      ],
    });
    const [{ n }] = await t.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM doctor_change_requests WHERE doctor_id = $1`,
      [d.id],
    );
    expect(n).toBe(1);
    // The admin who reviewed version 1 is told it changed.
    const stale = await decide(reviewer, first.changeRequest!.id, 'approve', { version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(MESSAGES.changeRequestChanged);
    expect(await auditOutcomes('doctor.change.approve', d.id)).toEqual(['rejected']);
    expect((await record(user)).licenseNumber).toBe('LIC-100');

    // Back to the approved values: nothing left to review.
    const back = await patchProfile(user, user.uid, { specialty: 'Cardiology', licenseNumber: 'LIC-100' });
    expect(back.status).toBe(200);
    expect((back.body as DoctorProfileResponse).changeRequest).toBeNull();
    expect(await openRequest(user)).toBeNull();
  });

  it('an admin sees the diff and approves: the new values apply and the doctor is told', async () => {
    const { user, doctor: d } = await doctor();
    const reviewer = await admin();
    const made = (
      await patchProfile(user, user.uid, { specialty: 'Neurology', subSpecialties: ['Epilepsy'] })
    ).body as DoctorProfileResponse;
    const list = await request(t.http).get('/api/admin/change-requests').set(authHeader(reviewer));
    expect(list.status).toBe(200);
    const page = list.body as ChangeRequestsPage;
    expect(page.nextCursor).toBeNull();
    const listed = page.items.find((r) => r.id === made.changeRequest!.id);
    expect(listed).toMatchObject({
      doctorName: d.name,
      uid: user.uid,
      changes: [
        { field: 'specialty', from: 'Cardiology', to: 'Neurology' },
        { field: 'subSpecialties', from: ['Echocardiography'], to: ['Epilepsy'] },
      ],
    });

    const approved = await decide(reviewer, listed!.id, 'approve', { version: listed!.version });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', reason: null, version: listed!.version + 1 });
    expect(await record(user)).toMatchObject({
      specialty: 'Neurology',
      subSpecialties: ['Epilepsy'],
      verificationStatus: 'approved',
      isAvailable: true,
    });
    expect(await listedIds('Neurology')).toContain(d.id);
    expect(await listedIds('Cardiology')).not.toContain(d.id);
    expect(await auditOutcomes('doctor.change.approve', d.id)).toEqual(['allowed']);
    // Decided once: a second decision is refused, and it left the admin's list.
    const again = await decide(reviewer, listed!.id, 'reject', {
      version: listed!.version + 1,
      reason: 'Too late',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MESSAGES.changeRequestAlreadyDecided);
    const after = await request(t.http).get('/api/admin/change-requests').set(authHeader(reviewer));
    expect((after.body as ChangeRequestsPage).items.map((r) => r.id)).not.toContain(listed!.id);

    const bell = await notifications(user);
    expect(bell.items).toContainEqual(
      expect.objectContaining({ title: MESSAGES.notificationChangeApprovedTitle, read: false }),
    );
    const mail = await sink.waitFor(
      (m) => m.to.includes(user.email) && m.subject === MESSAGES.mailChangeApprovedSubject,
      20_000,
    );
    expect(mail.text).toContain('specialty');
  });

  it('a rejection needs a reason, keeps the old values, and tells the doctor why (bell and e-mail)', async () => {
    const { user, doctor: d } = await doctor();
    const reviewer = await admin();
    const made = (await patchProfile(user, user.uid, { licenseNumber: 'LIC-999' }))
      .body as DoctorProfileResponse;
    const id = made.changeRequest!.id;
    const noReason = await decide(reviewer, id, 'reject', { version: 1 });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe(MESSAGES.rejectionReasonRequired);
    const noVersion = await decide(reviewer, id, 'reject', { reason: 'Licence not found in the registry' });
    expect(noVersion.status).toBe(400);

    const rejected = await decide(reviewer, id, 'reject', {
      version: 1,
      reason: 'Licence not found in the registry.',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', reason: 'Licence not found in the registry.' });
    expect(await record(user)).toMatchObject({ licenseNumber: 'LIC-100', verificationStatus: 'approved' });
    expect(await listedIds('Cardiology')).toContain(d.id);
    expect(await openRequest(user)).toMatchObject({ id, status: 'rejected' });
    const [row] = await t.dataSource.query<{ detail: string; outcome: string }[]>(
      `SELECT detail, outcome FROM audit_log WHERE action = 'doctor.change.reject' AND resource_id = $1`,
      [d.id],
    );
    expect(row).toEqual({
      outcome: 'allowed',
      detail: `change request ${id}, reason: Licence not found in the registry.`,
    });

    const bell = await notifications(user);
    const item = bell.items.find((n) => n.title === MESSAGES.notificationChangeRejectedTitle);
    expect(item?.message).toBe(
      'Your requested change of licence number was not approved: Licence not found in the registry. Your profile keeps its current details.',
    );
    const mail = await sink.waitFor(
      (m) => m.to.includes(user.email) && m.subject === MESSAGES.mailChangeRejectedSubject,
      20_000,
    );
    expect(mail.text).toContain('The reason: Licence not found in the registry.');
    // The mail names the field, never the values.
    expect(mail.text).not.toContain('LIC-999');
    // A new request after a rejection is a new row.
    const next = (await patchProfile(user, user.uid, { licenseNumber: 'LIC-998' }))
      .body as DoctorProfileResponse;
    expect(next.changeRequest!.id).not.toBe(id);
  });
});

describe('who may create and decide change requests', () => {
  it('only an admin decides; never on their own request', async () => {
    const { user, doctor: d } = await doctor();
    const patient = await registeredPatient(t);
    const { user: other } = await doctor();
    const id = (
      (await patchProfile(user, user.uid, { licenseNumber: 'LIC-300' })).body as DoctorProfileResponse
    ).changeRequest!.id;
    for (const caller of [user, other, patient]) {
      expect((await decide(caller, id, 'approve', { version: 1 })).status).toBe(403);
      expect((await request(t.http).get('/api/admin/change-requests').set(authHeader(caller))).status).toBe(
        403,
      );
    }
    expect(
      (await request(t.http).post(`/api/admin/change-requests/${id}/approve`).send({ version: 1 })).status,
    ).toBe(401);
    // An admin who is also this doctor's account may not approve it.
    await t.dataSource.query(`UPDATE users SET role = 'admin' WHERE firebase_uid = $1`, [user.uid]);
    const own = await decide(user, id, 'approve', { version: 1 });
    expect(own.status).toBe(403);
    expect(await auditOutcomes('doctor.change.approve', d.id)).toContain('denied');
  });

  it('a patient or another doctor cannot create one for someone else, nor read it', async () => {
    const { user, doctor: d } = await doctor();
    const patient = await registeredPatient(t);
    const { user: other } = await doctor();
    expect((await patchProfile(patient, user.uid, { specialty: 'Neurology' })).status).toBe(403);
    expect((await patchProfile(other, user.uid, { licenseNumber: 'LIC-666' })).status).toBe(403);
    const [{ n }] = await t.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM doctor_change_requests WHERE doctor_id = $1`,
      [d.id],
    );
    expect(n).toBe(0);
    for (const caller of [patient, other]) {
      const res = await request(t.http)
        .get(`/api/doctors/${user.uid}/change-request`)
        .set(authHeader(caller));
      expect(res.status).toBe(403);
    }
  });

  it('answers bad input with 400 and an unknown request with 404', async () => {
    const { user } = await doctor();
    const reviewer = await admin();
    const badSpecialty = await patchProfile(user, user.uid, { specialty: 'Astrology' });
    expect(badSpecialty.status).toBe(400);
    const foreign = await patchProfile(user, user.uid, {
      specialty: 'Neurology',
      subSpecialties: ['Echocardiography'],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(MESSAGES.subSpecialtyInvalid);
    expect((await patchProfile(user, user.uid, { licenseNumber: '' })).status).toBe(400);
    expect(await openRequest(user)).toBeNull();
    expect((await decide(reviewer, 'not-a-uuid', 'approve', { version: 1 })).status).toBe(400);
    expect((await decide(reviewer, crypto.randomUUID(), 'approve', { version: 'x' })).status).toBe(400);
    expect((await decide(reviewer, crypto.randomUUID(), 'approve', { version: 1 })).status).toBe(404);
  });
});
