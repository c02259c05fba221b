import request from 'supertest';
import { APPLICATIONS_PAGE_SIZE, MESSAGES, type ApplicationsPage, type DoctorRecordResponse } from '@medora/shared';
import { applicationVersion, uploadRequiredCredentials } from './application-helpers.js';
import { authHeader, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers.js';

/**
 * Issue 16 §5: the admin desk's queues — server-side tabs, search (name, e-mail, licence), order by
 * submission date and pages; the applicant's role and the earlier rejections of a resubmission.
 */
let t: TestApp;
let reviewer: TestUser;
const RUN = Date.now().toString(36);

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  reviewer = await signUpUser();
  expect(
    (await request(t.http).post('/api/users').set(authHeader(reviewer)).send({ uid: reviewer.uid, role: 'patient' }))
      .status,
  ).toBe(201);
  await t.dataSource.query(`UPDATE users SET role = 'admin' WHERE firebase_uid = $1`, [reviewer.uid]);
});

afterAll(async () => {
  await t?.close();
});

const application = (name: string, licenseNumber: string) => ({
  name,
  phone: '5551234567',
  gender: 'Female',
  dob: '1980-01-02',
  specialty: 'Cardiology',
  qualification: 'MD',
  experience: 12,
  licenseNumber,
  clinic: 'Desk Clinic',
  clinicAddress: { city: 'Boston', state: 'MA' },
});

async function applicant(
  role: 'doctor' | 'provider',
  name: string,
  licenseNumber: string,
): Promise<{ user: TestUser; id: string }> {
  const user = await signUpUser();
  expect(
    (await request(t.http).post('/api/users').set(authHeader(user)).send({ uid: user.uid, role })).status,
  ).toBe(201);
  await uploadRequiredCredentials(t.http, user);
  const res = await request(t.http)
    .post('/api/doctors')
    .set(authHeader(user))
    .send({ uid: user.uid, data: application(name, licenseNumber) });
  expect(res.status).toBe(201);
  return { user, id: (res.body as DoctorRecordResponse).data.id };
}

const list = (query: string) =>
  request(t.http).get(`/api/admin/applications?${query}`).set(authHeader(reviewer));

describe('GET /api/admin/applications (issue 16 §5)', () => {
  it('searches name, e-mail and licence, orders by submission date and pages on the server', async () => {
    const made: { user: TestUser; id: string }[] = [];
    for (let i = 0; i < APPLICATIONS_PAGE_SIZE + 2; i += 1) {
      made.push(await applicant(i % 2 ? 'provider' : 'doctor', `Dr. Pager ${RUN} ${i}`, `PG-${RUN}-${i}`));
    }
    const first = await list(`status=pending&q=${encodeURIComponent(`Pager ${RUN}`)}`);
    expect(first.status).toBe(200);
    const page1 = first.body as ApplicationsPage;
    expect(page1).toMatchObject({ total: APPLICATIONS_PAGE_SIZE + 2, page: 1, pageSize: APPLICATIONS_PAGE_SIZE });
    expect(page1.items.map((a) => a.id)).toEqual(made.slice(0, APPLICATIONS_PAGE_SIZE).map((m) => m.id));
    expect(page1.items[0]!.applicantRole).toBe('doctor');
    expect(page1.items[1]!.applicantRole).toBe('provider');
    const page2 = (await list(`q=${encodeURIComponent(`Pager ${RUN}`)}&page=2`)).body as ApplicationsPage;
    expect(page2.items.map((a) => a.id)).toEqual(made.slice(APPLICATIONS_PAGE_SIZE).map((m) => m.id));
    const newest = (await list(`q=${encodeURIComponent(`Pager ${RUN}`)}&sort=newest`)).body as ApplicationsPage;
    expect(newest.items[0]!.id).toBe(made.at(-1)!.id);

    // By licence, by e-mail (case-insensitive), and a LIKE wildcard matches only itself.
    const byLicence = (await list(`q=PG-${RUN}-3`)).body as ApplicationsPage;
    expect(byLicence.items.map((a) => a.id)).toEqual([made[3]!.id]);
    const byEmail = (await list(`q=${encodeURIComponent(made[5]!.user.email.toUpperCase())}`))
      .body as ApplicationsPage;
    expect(byEmail.items.map((a) => a.id)).toEqual([made[5]!.id]);
    expect(((await list(`q=${encodeURIComponent(`Pager ${RUN}%`)}`)).body as ApplicationsPage).total).toBe(0);
    // Other tabs do not hold them.
    expect(((await list(`status=approved&q=${encodeURIComponent(`Pager ${RUN}`)}`)).body as ApplicationsPage).total).toBe(0);
  });

  it('shows the earlier rejections of a resubmitted application, with their reasons', async () => {
    const { user, id } = await applicant('doctor', `Dr. Again ${RUN}`, `AG-${RUN}`);
    const rejected = await request(t.http)
      .post(`/api/admin/doctors/${id}/reject`)
      .set(authHeader(reviewer))
      .send({ version: await applicationVersion(t.dataSource, id), reason: 'Licence expired.' });
    expect(rejected.status).toBe(200);
    const again = await request(t.http)
      .post('/api/doctors')
      .set(authHeader(user))
      .send({ uid: user.uid, data: application(`Dr. Again ${RUN}`, `AG2-${RUN}`) });
    expect(again.status).toBe(201);
    const page = (await list(`q=AG2-${RUN}`)).body as ApplicationsPage;
    expect(page.items).toHaveLength(1);
    expect(page.items[0]!.rejectionReason).toBeNull();
    expect(page.items[0]!.rejections).toEqual([{ at: expect.any(String), reason: 'Licence expired.' }]);
  });

  it('refuses a bad filter with 400 and the catalogue message', async () => {
    for (const [query, message] of [
      ['status=suspendedx', MESSAGES.applicationsStatusInvalid],
      ['sort=name', MESSAGES.applicationsSortInvalid],
      ['page=0', MESSAGES.applicationsPageInvalid],
      ['page=1e2', MESSAGES.applicationsPageInvalid],
      ['page=1&page=2', MESSAGES.applicationsPageInvalid],
      [`q=${'x'.repeat(101)}`, MESSAGES.applicationsSearchInvalid],
      ['q=a&q=b', MESSAGES.applicationsSearchInvalid],
      ['limit=5', null],
    ] as const) {
      const res = await list(query);
      expect([query, res.status]).toEqual([query, 400]);
      if (message) expect(JSON.stringify(res.body)).toContain(message);
    }
  });
});
