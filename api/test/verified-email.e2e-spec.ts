import request from 'supertest';
import { MESSAGES } from '@medora/shared';
import { ROUTINE_RECORD } from '../src/summary/summary.fixtures.js';
import { bookableSlots, bookingBody, seededDoctor, type SeededDoctor } from './booking-helpers.js';
import {
  authHeader,
  createTestApp,
  signInUser,
  signUpUser,
  updateEmulatorAccount,
  type TestApp,
  type TestUser,
} from './helpers.js';
import { APPLICATION, PDF } from './support/authz/world.js';

/**
 * Proven identity: writes of health data, booking and doctor applications need a token
 * whose `email_verified` is true (403 MESSAGES.verifyEmailFirst otherwise), so an unverified account
 * cannot act under someone else's address. Registration (POST /api/users) stays open right after
 * sign-up. Each refusal has its control: the same call by the same account once verified.
 */

let t: TestApp;
let doctor: SeededDoctor;

beforeAll(async () => {
  t = await createTestApp();
  doctor = await seededDoctor(t, 'demo-doctor-general-medicine');
});

afterAll(async () => {
  await t?.close();
});

/** A fresh account, registered with `role` while unverified; `verify()` gives a verified token. */
async function unverified(role: 'patient' | 'doctor') {
  const user = await signUpUser(undefined, { verified: false });
  const registered = await request(t.http)
    .post('/api/users')
    .set(authHeader(user))
    .send({ uid: user.uid, role });
  expect(registered.status).toBe(201);
  const verify = async (): Promise<TestUser> => {
    await updateEmulatorAccount(user.uid, { emailVerified: true });
    return { ...user, idToken: await signInUser(user.email) };
  };
  return { user, verify };
}

const expectVerifyFirst = (res: request.Response, label: string) =>
  expect([label, res.status, res.body.message]).toEqual([label, 403, MESSAGES.verifyEmailFirst]);

describe('a patient whose email is not verified', () => {
  it('registers (POST /api/users) right after sign-up', async () => {
    const user = await signUpUser(undefined, { verified: false });
    const res = await request(t.http)
      .post('/api/users')
      .set(authHeader(user))
      .send({ uid: user.uid, role: 'patient' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ uid: user.uid, emailVerified: false });
  });

  it('cannot save an intake, upload or create a document, book or cancel; once verified it can', async () => {
    const { user, verify } = await unverified('patient');
    const intake = (u: TestUser) =>
      request(t.http).post('/api/patients').set(authHeader(u)).send({ uid: u.uid, data: ROUTINE_RECORD });
    const metadata = (u: TestUser) =>
      request(t.http)
        .post(`/api/patients/${u.uid}/documents`)
        .set(authHeader(u))
        .send({ name: 'report.pdf', type: 'Medical Report' });
    const upload = (u: TestUser) =>
      request(t.http)
        .post(`/api/patients/${u.uid}/documents`)
        .set(authHeader(u))
        .field('type', 'Medical Report')
        .attach('file', PDF, { filename: 'report.pdf', contentType: 'application/pdf' });
    const slots = bookableSlots(doctor);
    const book = (u: TestUser, slot: string) =>
      request(t.http)
        .post('/api/appointments')
        .set(authHeader(u))
        .send(bookingBody(u, doctor, slot));

    const draft = (u: TestUser) =>
      request(t.http)
        .put(`/api/patients/${u.uid}/draft`)
        .set(authHeader(u))
        .send({ mode: 'new', screen: 'question', answers: ROUTINE_RECORD });
    expectVerifyFirst(await intake(user), 'POST /api/patients');
    expectVerifyFirst(await draft(user), 'PUT /api/patients/{uid}/draft');
    expectVerifyFirst(await metadata(user), 'POST documents (metadata)');
    expectVerifyFirst(await upload(user), 'POST documents (file)');
    expectVerifyFirst(await book(user, slots[0]!), 'POST /api/appointments');
    // Nothing was written.
    const rows = await t.dataSource.query<{ n: number }[]>(
      `SELECT (SELECT count(*) FROM appointments WHERE patient_uid = $1)::int
            + (SELECT count(*) FROM patient_profiles WHERE firebase_uid = $1)::int
            + (SELECT count(*) FROM documents WHERE patient_uid = $1)::int
            + (SELECT count(*) FROM patient_drafts WHERE firebase_uid = $1)::int AS n`,
      [user.uid],
    );
    expect(rows[0]!.n).toBe(0);

    const verified = await verify();
    expect((await draft(verified)).status).toBe(200);
    expect([200, 201]).toContain((await intake(verified)).status);
    expect((await metadata(verified)).status).toBe(201);
    expect((await upload(verified)).status).toBe(201);
    const booked = await book(verified, slots[0]!);
    expect(booked.status).toBe(201);

    // The sign-up token (email_verified: false) is still valid, but cannot cancel.
    const cancel = (u: TestUser) =>
      request(t.http)
        .post(`/api/appointments/${booked.body.id as string}/cancel`)
        .set(authHeader(u));
    expectVerifyFirst(await cancel(user), 'POST /api/appointments/{id}/cancel');
    expect((await cancel(verified)).status).toBe(200);
  });
});

describe('a doctor whose email is not verified', () => {
  it('cannot upload a credential or apply; once verified it can', async () => {
    const { user, verify } = await unverified('doctor');
    const credential = (u: TestUser) =>
      request(t.http)
        .post(`/api/doctors/${u.uid}/credentials`)
        .set(authHeader(u))
        .field('type', 'license')
        .field('documentName', 'license.pdf')
        .attach('file', PDF, { filename: 'license.pdf', contentType: 'application/pdf' });
    const apply = (u: TestUser) =>
      request(t.http).post('/api/doctors').set(authHeader(u)).send({ uid: u.uid, data: APPLICATION });

    expectVerifyFirst(await credential(user), 'POST /api/doctors/{uid}/credentials');
    expectVerifyFirst(await apply(user), 'POST /api/doctors');
    const rows = await t.dataSource.query(
      `SELECT 1 FROM doctors d JOIN users u ON u.id = d.user_id WHERE u.firebase_uid = $1`,
      [user.uid],
    );
    expect(rows).toEqual([]);

    const verified = await verify();
    expect((await credential(verified)).status).toBe(201);
    // Other rules of the application may still refuse it, but never for the email.
    const applied = await apply(verified);
    expect(applied.body.message).not.toBe(MESSAGES.verifyEmailFirst);
    expect(applied.status).not.toBe(403);
  });
});
