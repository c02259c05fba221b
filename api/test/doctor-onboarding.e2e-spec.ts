import request from 'supertest';
import {
  MESSAGES,
  formatMessage,
  type DoctorApplication,
  type DoctorProfileResponse,
  type DoctorRecordResponse,
} from '@medora/shared';
import { applicationCredentials, applicationVersion } from './application-helpers.js';
import { authHeader, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers.js';

/** Sub-specialties from the list, credentials checked by content, no duplicate on retry,
 * and the approved doctor's profile (a licence or specialty change is a pending change request:
 * doctor-change-requests.e2e-spec.ts). */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});

afterAll(async () => {
  await t?.close();
});

const pdf = (label: string) =>
  Buffer.from(`%PDF-1.4\n% ${label}\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n`);

const APPLICATION = {
  name: 'Dr. Grace Hopper',
  phone: '5551234567',
  gender: 'Female',
  dob: '1980-01-02',
  specialty: 'Cardiology',
  subSpecialties: ['Echocardiography', 'Heart failure'],
  qualification: 'MD',
  experience: 12,
  licenseNumber: 'LIC-900',
  clinic: 'Heart Clinic',
  clinicAddress: { city: 'Boston', state: 'MA' },
};

async function registered(role: 'patient' | 'doctor'): Promise<TestUser> {
  const user = await signUpUser();
  const res = await request(t.http).post('/api/users').set(authHeader(user)).send({ uid: user.uid, role });
  expect(res.status).toBe(201);
  return user;
}

async function admin(): Promise<TestUser> {
  const user = await registered('patient');
  await t.dataSource.query(`UPDATE users SET role = 'admin' WHERE firebase_uid = $1`, [user.uid]);
  return user;
}

const upload = (user: TestUser, type: string, bytes: Buffer, filename: string) =>
  request(t.http)
    .post(`/api/doctors/${user.uid}/credentials`)
    .set(authHeader(user))
    .field('type', type)
    .field('documentName', filename)
    .attach('file', bytes, { filename, contentType: 'application/pdf' });

const FILES = [
  { type: 'degree', name: 'degree.pdf', bytes: pdf('degree') },
  { type: 'license', name: 'license.pdf', bytes: pdf('license') },
  { type: 'identity', name: 'id.pdf', bytes: pdf('identity') },
];

async function uploadAll(user: TestUser): Promise<string[]> {
  const ids: string[] = [];
  for (const f of FILES) {
    const res = await upload(user, f.type, f.bytes, f.name);
    expect(res.status).toBe(201);
    ids.push((res.body as { id: string }).id);
  }
  return ids;
}

const submit = (user: TestUser, data: object = APPLICATION) =>
  request(t.http).post('/api/doctors').set(authHeader(user)).send({ uid: user.uid, data });

async function record(user: TestUser) {
  const res = await request(t.http).get(`/api/doctors/${user.uid}`).set(authHeader(user));
  return (res.body as DoctorRecordResponse).data;
}

async function approved(reviewer: TestUser): Promise<TestUser> {
  const user = await registered('doctor');
  await uploadAll(user);
  expect((await submit(user)).status).toBe(201);
  const { id } = await record(user);
  const version = await applicationVersion(t.dataSource, id);
  const res = await request(t.http)
    .post(`/api/admin/doctors/${id}/approve`)
    .set(authHeader(reviewer))
    .send({ version });
  expect(res.status).toBe(200);
  return user;
}

const patchProfile = (caller: TestUser, uid: string, body: object) =>
  request(t.http).patch(`/api/doctors/${uid}/profile`).set(authHeader(caller)).send(body);

describe('sub-specialties', () => {
  it('takes the specialty’s own, as a list or comma-separated, and refuses another specialty’s', async () => {
    const user = await registered('doctor');
    await uploadAll(user);
    const foreign = await submit(user, { ...APPLICATION, subSpecialties: ['Echocardiography', 'Epilepsy'] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(MESSAGES.subSpecialtyInvalid);
    const made = await submit(user, { ...APPLICATION, subSpecialties: 'Free text' });
    expect(made.status).toBe(400);
    expect(made.body.message).toBe(MESSAGES.subSpecialtyInvalid);
    const listed = await submit(user, { ...APPLICATION, subSpecialties: 'Echocardiography, Heart failure' });
    expect(listed.status).toBe(201);
    expect((listed.body as DoctorRecordResponse).data.subSpecialties).toEqual([
      'Echocardiography',
      'Heart failure',
    ]);
  });
});

describe('credential uploads', () => {
  it('refuses a text file named .pdf with a message naming the file', async () => {
    const user = await registered('doctor');
    const res = await upload(user, 'degree', Buffer.from('just some text'), 'my-degree.pdf');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(formatMessage('credentialFileRefused', { name: 'my-degree.pdf' }));
    expect(res.body.message).toContain('my-degree.pdf');
  });

  it('keeps one copy of each file when a failed submit is retried (the admin sees each document once)', async () => {
    const reviewer = await admin();
    const user = await registered('doctor');
    const first = await uploadAll(user);
    // The final submit fails (a bad field), the applicant fixes it and the page uploads everything again.
    expect((await submit(user, { ...APPLICATION, phone: '12' })).status).toBe(400);
    const again = await uploadAll(user);
    expect(again).toEqual(first);
    // The same bytes under another type are another document; another file of the type is added.
    const other = await upload(user, 'certification', FILES[0]!.bytes, 'degree.pdf');
    expect(other.status).toBe(201);
    expect(first).not.toContain((other.body as { id: string }).id);
    expect((await submit(user)).status).toBe(201);

    const queue = await request(t.http)
      .get(`/api/admin/applications?status=pending&q=${encodeURIComponent(user.email)}`)
      .set(authHeader(reviewer));
    expect(queue.status).toBe(200);
    const mine = (queue.body as { items: DoctorApplication[] }).items.find((a) => a.uid === user.uid)!;
    const docs = await applicationCredentials(t.http, reviewer, mine.id);
    expect(docs.map((c) => c.type).sort()).toEqual(['certification', 'degree', 'identity', 'license']);
    const [{ n }] = await t.dataSource.query<{ n: string }[]>(
      `SELECT count(*) AS n FROM credentials c JOIN doctors d ON d.id = c.doctor_id
        JOIN users u ON u.id = d.user_id WHERE u.firebase_uid = $1`,
      [user.uid],
    );
    expect(Number(n)).toBe(4);
  });

  it('after a rejection, the same files sent again are the documents on file, not new versions', async () => {
    const reviewer = await admin();
    const user = await registered('doctor');
    const first = await uploadAll(user);
    expect((await submit(user)).status).toBe(201);
    const { id } = await record(user);
    const version = await applicationVersion(t.dataSource, id);
    const rejected = await request(t.http)
      .post(`/api/admin/doctors/${id}/reject`)
      .set(authHeader(reviewer))
      .send({ version, reason: 'Unreadable scans' });
    expect(rejected.status).toBe(200);
    const again = await uploadAll(user);
    expect(again).toEqual(first);
    expect((await submit(user)).status).toBe(201);
    const rows = await t.dataSource.query<{ id: string; superseded: boolean; status: string }[]>(
      `SELECT id, superseded_at IS NOT NULL AS superseded, verification_status AS status
         FROM credentials WHERE doctor_id = $1`,
      [id],
    );
    // Nothing was stored twice or superseded; the kept documents are under review again.
    expect(rows.map((r) => r.id).sort()).toEqual([...first].sort());
    expect(rows.every((r) => !r.superseded && r.status === 'pending')).toBe(true);
  });

  it('replaces a one-of document by a new file, and only adds to the lists', async () => {
    const user = await registered('doctor');
    const [degree] = await uploadAll(user);
    const newer = await upload(user, 'degree', pdf('degree, second scan'), 'degree-2.pdf');
    expect(newer.status).toBe(201);
    const certificates = [];
    for (const label of ['one', 'two']) {
      const res = await upload(user, 'certification', pdf(`certificate ${label}`), `${label}.pdf`);
      expect(res.status).toBe(201);
      certificates.push((res.body as { id: string }).id);
    }
    const rows = await t.dataSource.query<{ id: string; superseded: boolean }[]>(
      `SELECT c.id, c.superseded_at IS NOT NULL AS superseded FROM credentials c
         JOIN doctors d ON d.id = c.doctor_id JOIN users u ON u.id = d.user_id
        WHERE u.firebase_uid = $1 AND c.type IN ('degree', 'certification')`,
      [user.uid],
    );
    const superseded = rows.filter((r) => r.superseded).map((r) => r.id);
    expect(superseded).toEqual([degree]);
    expect(
      rows
        .filter((r) => !r.superseded)
        .map((r) => r.id)
        .sort(),
    ).toEqual([(newer.body as { id: string }).id, ...certificates].sort());
  });

  it('answers concurrent retries of one file with one stored document', async () => {
    const user = await registered('doctor');
    const bytes = pdf('concurrent');
    const answers = await Promise.all([1, 2, 3].map(() => upload(user, 'license', bytes, 'licence.pdf')));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => (a.body as { id: string }).id)).size).toBe(1);
  });
});

describe('PATCH /api/doctors/:uid/profile', () => {
  it('saves clinic, address, fee, duration, languages, bio and accepting, and stays bookable', async () => {
    const reviewer = await admin();
    const user = await approved(reviewer);
    const res = await patchProfile(user, user.uid, {
      clinic: 'New Heart Clinic',
      clinicAddress: { street: '1 Main St', city: 'Cambridge', state: 'MA', zipCode: '02139' },
      consultationFee: 180,
      consultationDuration: 45,
      languages: ['English', 'Spanish'],
      bio: 'Cardiologist.',
      acceptingNewPatients: false,
    });
    expect(res.status).toBe(200);
    const body = res.body as DoctorProfileResponse;
    expect(body.changeRequest).toBeNull();
    expect(body.data).toMatchObject({
      clinic: 'New Heart Clinic',
      clinicAddress: { street: '1 Main St', city: 'Cambridge', state: 'MA', zipCode: '02139' },
      consultationFee: 180,
      consultationDuration: 45,
      languages: ['English', 'Spanish'],
      bio: 'Cardiologist.',
      acceptingNewPatients: false,
      verificationStatus: 'approved',
    });
    expect((await record(user)).verificationStatus).toBe('approved');
    // Sending the same licence number again is no change.
    const same = await patchProfile(user, user.uid, { licenseNumber: APPLICATION.licenseNumber });
    expect((same.body as DoctorProfileResponse).changeRequest).toBeNull();
  });

  it.each([
    ['licence number', { licenseNumber: 'LIC-901' }],
    ['specialty', { specialty: 'Neurology', subSpecialties: ['Epilepsy'] }],
  ])(
    'a changed %s waits for an admin as a change request: the record stays approved, listed and editable',
    async (_, change) => {
      const reviewer = await admin();
      const user = await approved(reviewer);
      const before = await record(user);
      const res = await patchProfile(user, user.uid, change);
      expect(res.status).toBe(200);
      expect((res.body as DoctorProfileResponse).changeRequest).toMatchObject({ status: 'pending' });
      expect((res.body as DoctorProfileResponse).data).toMatchObject({
        specialty: before.specialty,
        licenseNumber: before.licenseNumber,
        verificationStatus: 'approved',
        isAvailable: true,
      });
      // (Still listed and bookable with the old values: doctor-change-requests.e2e-spec.ts, whose doctors
      // have weekly hours; these have none, so the public list never shows them.)
      // Not back in the application queue.
      const queue = await request(t.http)
        .get(`/api/admin/applications?status=pending&q=${encodeURIComponent(user.email)}`)
        .set(authHeader(reviewer));
      expect((queue.body as { items: DoctorApplication[] }).items.map((a) => a.id)).not.toContain(before.id);
      const dashboard = await request(t.http).get('/api/provider/overview').set(authHeader(user));
      expect(dashboard.status).toBe(200);
      expect((await patchProfile(user, user.uid, { bio: 'x' })).status).toBe(200);
    },
  );

  it('requests a new specialty without the former one’s sub-specialties and refuses another specialty’s', async () => {
    const reviewer = await admin();
    const user = await approved(reviewer);
    const foreign = await patchProfile(user, user.uid, { subSpecialties: ['Epilepsy'] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(MESSAGES.subSpecialtyInvalid);
    const moved = await patchProfile(user, user.uid, { specialty: 'Neurology' });
    expect(moved.status).toBe(200);
    const body = moved.body as DoctorProfileResponse;
    expect(body.data.subSpecialties).toEqual(APPLICATION.subSpecialties);
    expect(body.changeRequest!.changes).toContainEqual({
      field: 'subSpecialties',
      from: APPLICATION.subSpecialties,
      to: [],
    });
  });

  it('refuses an empty body, unknown fields, other people and doctors not approved', async () => {
    const reviewer = await admin();
    const user = await approved(reviewer);
    const empty = await patchProfile(user, user.uid, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(MESSAGES.profileNoChanges);
    expect((await patchProfile(user, user.uid, { verificationStatus: 'approved' })).status).toBe(400);
    expect((await patchProfile(user, user.uid, { consultationFee: '100' })).status).toBe(400);
    const other = await approved(reviewer);
    expect((await patchProfile(other, user.uid, { bio: 'hijack' })).status).toBe(403);
    expect((await patchProfile(reviewer, user.uid, { bio: 'admin edit' })).status).toBe(403);
    const pending = await registered('doctor');
    await uploadAll(pending);
    expect((await submit(pending)).status).toBe(201);
    const refused = await patchProfile(pending, pending.uid, { bio: 'early' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MESSAGES.profileNotApproved);
    expect((await record(user)).bio).toBeNull();
  });
});
