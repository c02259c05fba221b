import request from 'supertest';
import {
  APPLICATIONS_PAGE_SIZE,
  MESSAGES,
  REQUIRED_CREDENTIAL_TYPES,
  type ApplicationsPage,
  type DoctorRecordResponse,
  type AuditPage,
  type SuspensionResult,
} from '@medora/shared';
import {
  applicationCredentials,
  applicationVersion,
  uploadRequiredCredentials,
} from './application-helpers.js';
import { book, bookableSlots, bookingBody, registeredPatient, withContext } from './booking-helpers.js';
import { authHeader, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers.js';

/**
 * The admin desk's queues — server-side tabs, search (name, e-mail, licence), order by
 * submission date and pages; the applicant's role and the earlier rejections of a resubmission.
 */
let t: TestApp;
let reviewer: TestUser;
const RUN = Date.now().toString(36);

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  reviewer = await signUpUser();
  expect(
    (
      await request(t.http)
        .post('/api/users')
        .set(authHeader(reviewer))
        .send({ uid: reviewer.uid, role: 'patient' })
    ).status,
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

describe('GET /api/admin/applications', () => {
  it('searches name, e-mail and licence, orders by submission date and pages on the server', async () => {
    const made: { user: TestUser; id: string }[] = [];
    for (let i = 0; i < APPLICATIONS_PAGE_SIZE + 2; i += 1) {
      made.push(await applicant(i % 2 ? 'provider' : 'doctor', `Dr. Pager ${RUN} ${i}`, `PG-${RUN}-${i}`));
    }
    const first = await list(`status=pending&q=${encodeURIComponent(`Pager ${RUN}`)}`);
    expect(first.status).toBe(200);
    const page1 = first.body as ApplicationsPage;
    expect(page1).toMatchObject({ total: APPLICATIONS_PAGE_SIZE + 2, nextCursor: expect.any(String) });
    expect(page1.items.map((a) => a.id)).toEqual(made.slice(0, APPLICATIONS_PAGE_SIZE).map((m) => m.id));
    expect(page1.items[0]!.applicantRole).toBe('doctor');
    expect(page1.items[1]!.applicantRole).toBe('provider');
    // No documents in the list, only how many.
    expect(page1.items[0]).not.toHaveProperty('credentials');
    expect(page1.items[0]!.credentialCount).toBeGreaterThan(0);
    const page2 = (await list(`q=${encodeURIComponent(`Pager ${RUN}`)}&cursor=${page1.nextCursor!}`))
      .body as ApplicationsPage;
    expect(page2.items.map((a) => a.id)).toEqual(made.slice(APPLICATIONS_PAGE_SIZE).map((m) => m.id));
    expect(page2.nextCursor).toBeNull();
    const newest = (await list(`q=${encodeURIComponent(`Pager ${RUN}`)}&sort=newest`))
      .body as ApplicationsPage;
    expect(newest.items[0]!.id).toBe(made.at(-1)!.id);

    // By licence, by e-mail (case-insensitive), and a LIKE wildcard matches only itself.
    const byLicence = (await list(`q=PG-${RUN}-3`)).body as ApplicationsPage;
    expect(byLicence.items.map((a) => a.id)).toEqual([made[3]!.id]);
    const byEmail = (await list(`q=${encodeURIComponent(made[5]!.user.email.toUpperCase())}`))
      .body as ApplicationsPage;
    expect(byEmail.items.map((a) => a.id)).toEqual([made[5]!.id]);
    expect(((await list(`q=${encodeURIComponent(`Pager ${RUN}%`)}`)).body as ApplicationsPage).total).toBe(0);
    // Other tabs do not hold them.
    expect(
      ((await list(`status=approved&q=${encodeURIComponent(`Pager ${RUN}`)}`)).body as ApplicationsPage)
        .total,
    ).toBe(0);
  });

  it('shows the earlier rejections of a resubmitted application, with their reasons', async () => {
    const { user, id } = await applicant('doctor', `Dr. Again ${RUN}`, `AG-${RUN}`);
    const rejected = await request(t.http)
      .post(`/api/admin/doctors/${id}/reject`)
      .set(authHeader(reviewer))
      .send({ version: await applicationVersion(t.dataSource, id), reason: 'Licence expired.' });
    expect(rejected.status).toBe(200);
    // A resubmission uploads its documents again (the rejected ones are superseded).
    await uploadRequiredCredentials(t.http, user);
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
      ['limit=0', MESSAGES.applicationsLimitInvalid],
      ['limit=51', MESSAGES.applicationsLimitInvalid],
      ['limit=1e2', MESSAGES.applicationsLimitInvalid],
      ['limit=1&limit=2', MESSAGES.applicationsLimitInvalid],
      ['cursor=not%20base64', MESSAGES.listCursorInvalid],
      [`cursor=${Buffer.from('["yesterday","x"]').toString('base64url')}`, MESSAGES.listCursorInvalid],
      ['cursor=a&cursor=b', MESSAGES.listCursorInvalid],
      ['page=2', null],
      [`q=${'x'.repeat(101)}`, MESSAGES.applicationsSearchInvalid],
      ['q=a&q=b', MESSAGES.applicationsSearchInvalid],
    ] as const) {
      const res = await list(query);
      expect([query, res.status]).toEqual([query, 400]);
      if (message) expect(JSON.stringify(res.body)).toContain(message);
    }
  });
});

describe('applications by keyset, documents on demand', () => {
  it('walks every page once while applications arrive between the pages: none twice, none missed', async () => {
    const tag = `Keyset ${RUN}`;
    const before: string[] = [];
    for (let i = 0; i < 5; i += 1)
      before.push((await applicant('doctor', `Dr. ${tag} ${i}`, `KS-${RUN}-${i}`)).id);
    for (const sort of ['oldest', 'newest'] as const) {
      const seen: string[] = [];
      const added: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await list(
          `q=${encodeURIComponent(tag)}&sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(res.status).toBe(200);
        const page = res.body as ApplicationsPage;
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items.map((a) => a.id));
        cursor = page.nextCursor;
        pages += 1;
        // One arrives after the first page: it is newer than every row, so it ends the oldest-first walk.
        if (pages === 1) {
          const n = added.length + before.length;
          added.push((await applicant('doctor', `Dr. ${tag} ${sort} ${n}`, `KS-${RUN}-${sort}`)).id);
        }
      } while (cursor && pages < 20);
      expect(new Set(seen).size).toBe(seen.length);
      const earlier = seen.filter((id) => before.includes(id));
      expect(earlier.sort()).toEqual([...before].sort());
      // Oldest first reaches the one added during the walk; newest first had passed its place already.
      if (sort === 'oldest') expect(seen).toEqual(expect.arrayContaining(added));
      else expect(seen).not.toEqual(expect.arrayContaining(added));
      before.push(...added);
    }
  });

  it('lists one application’s documents when asked, audited, and 404 for what is not an application', async () => {
    const { id } = await applicant('provider', `Dr. Docs ${RUN}`, `DC-${RUN}`);
    const page = (await list(`q=DC-${RUN}`)).body as ApplicationsPage;
    const docs = await applicationCredentials(t.http, reviewer, id);
    expect(docs).toHaveLength(page.items[0]!.credentialCount);
    expect(docs.map((d) => d.type).sort()).toEqual([...REQUIRED_CREDENTIAL_TYPES].sort());
    const audited = await t.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM audit_log
        WHERE action = 'list' AND resource_type = 'credential' AND detail = $1`,
      [`doctor ${id}`],
    );
    expect(audited[0]!.n).toBe(1);
    const missing = await request(t.http)
      .get('/api/admin/applications/00000000-0000-4000-8000-000000000000/credentials')
      .set(authHeader(reviewer));
    expect(missing.status).toBe(404);
    const notUuid = await request(t.http)
      .get('/api/admin/applications/x/credentials')
      .set(authHeader(reviewer));
    expect(notUuid.status).toBe(400);
  });
});

const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const post = (path: string, body: object) =>
  request(t.http).post(`/api/admin/doctors/${path}`).set(authHeader(reviewer)).send(body);

describe('suspend and reinstate an approved doctor', () => {
  it('takes away booking, the dashboard and the records, lists the follow-ups, and gives them back', async () => {
    const { user, id } = await applicant('doctor', `Dr. Paused ${RUN}`, `PS-${RUN}`);
    expect(
      (await post(`${id}/approve`, { version: await applicationVersion(t.dataSource, id) })).status,
    ).toBe(200);
    const schedule = await request(t.http)
      .put('/api/provider/schedule')
      .set(authHeader(user))
      .send({
        availableDays: WEEK,
        timeSlots: Object.fromEntries(WEEK.map((d) => [d, ['09:00 AM', '10:30 AM']])),
        timeZone: 'America/New_York',
      });
    expect(schedule.status).toBe(200);
    const patient = await registeredPatient(t);
    const doctor = (await withContext(t, patient)).doctors.find((d) => d.id === id)!;
    const slot = bookableSlots({ ...doctor, schedule: doctor.schedule })[0]!;
    const booked = await book(
      t,
      patient,
      bookingBody(patient, { ...doctor, schedule: doctor.schedule }, slot),
    );
    expect(booked.status).toBe(201);
    const records = () => request(t.http).get(`/api/patients/${patient.uid}`).set(authHeader(user));
    const dashboard = () => request(t.http).get('/api/provider/overview').set(authHeader(user));
    expect((await dashboard()).status).toBe(200);
    const before = (await records()).status;
    expect(before).not.toBe(403);

    // A reason is required; an applicant who is not approved cannot be suspended.
    const version = await applicationVersion(t.dataSource, id);
    const blank = await post(`${id}/suspend`, { version, reason: '   ' });
    expect([blank.status, blank.body.message]).toEqual([400, MESSAGES.suspensionReasonRequired]);
    const pending = await applicant('doctor', `Dr. Waiting ${RUN}`, `WT-${RUN}`);
    const notApproved = await post(`${pending.id}/suspend`, {
      version: await applicationVersion(t.dataSource, pending.id),
      reason: 'x',
    });
    expect([notApproved.status, notApproved.body.message]).toEqual([409, MESSAGES.doctorNotSuspendable]);

    const suspended = await post(`${id}/suspend`, { version, reason: 'Complaint under review' });
    expect(suspended.status).toBe(200);
    const result = suspended.body as SuspensionResult;
    expect(result.upcoming.map((a) => a.id)).toEqual([(booked.body as { id: string }).id]);
    expect(result.upcoming[0]!.patientName).not.toBe('');
    // Not bookable, no dashboard, no records; a stale second suspension is refused.
    expect((await withContext(t, patient)).doctors.map((d) => d.id)).not.toContain(id);
    expect((await dashboard()).status).toBe(403);
    expect((await records()).status).toBe(403);
    expect((await post(`${id}/suspend`, { version, reason: 'again' })).status).toBe(409);
    const tab = (await list(`status=suspended&q=PS-${RUN}`)).body as ApplicationsPage;
    expect(tab.items.map((a) => a.id)).toEqual([id]);
    expect(tab.items[0]!.suspension).toEqual({ at: expect.any(String), reason: 'Complaint under review' });
    expect(((await list(`status=approved&q=PS-${RUN}`)).body as ApplicationsPage).total).toBe(0);
    const followUps = await request(t.http)
      .get(`/api/admin/doctors/${id}/upcoming`)
      .set(authHeader(reviewer));
    expect(followUps.body).toEqual({ items: result.upcoming, nextCursor: null });
    // Another doctor's (or another list's) cursor is not a page of this one.
    const foreign = await request(t.http)
      .get(`/api/admin/doctors/${id}/upcoming`)
      .query({ cursor: Buffer.from('{"list":"follow-up","filters":"x","at":{}}').toString('base64url') })
      .set(authHeader(reviewer));
    expect([foreign.status, foreign.body.message]).toEqual([400, MESSAGES.listCursorInvalid]);
    const audited = await t.dataSource.query<{ outcome: string; detail: string }[]>(
      `SELECT outcome, detail FROM audit_log WHERE action = 'doctor.suspend' AND resource_id = $1 ORDER BY created_at`,
      [id],
    );
    expect(audited.map((r) => r.outcome)).toEqual(['allowed', 'denied']);

    const reinstated = await post(`${id}/reinstate`, { version: await applicationVersion(t.dataSource, id) });
    expect(reinstated.status).toBe(200);
    expect((await withContext(t, patient)).doctors.map((d) => d.id)).toContain(id);
    expect((await dashboard()).status).toBe(200);
    expect((await records()).status).toBe(before);
    const again = await post(`${id}/reinstate`, { version: await applicationVersion(t.dataSource, id) });
    expect([again.status, again.body.message]).toEqual([409, MESSAGES.doctorNotSuspended]);
  });

  it('tells the suspended doctor why in their own record, and nobody else', async () => {
    const { user, id } = await applicant('doctor', `Dr. Told ${RUN}`, `TD-${RUN}`);
    const other = await applicant('doctor', `Dr. Nosy ${RUN}`, `NS-${RUN}`);
    const patient = await registeredPatient(t);
    expect(
      (await post(`${id}/approve`, { version: await applicationVersion(t.dataSource, id) })).status,
    ).toBe(200);
    const own = () => request(t.http).get(`/api/doctors/${user.uid}`).set(authHeader(user));
    const me = () => request(t.http).get('/api/me').set(authHeader(user));
    expect(((await own()).body as DoctorRecordResponse).data.suspension).toBeNull();
    expect((await me()).body.access).toEqual({ admin: false, providerDashboard: true });

    const reason = 'Licence under investigation.';
    const version = await applicationVersion(t.dataSource, id);
    expect((await post(`${id}/suspend`, { version, reason })).status).toBe(200);

    const record = await own();
    expect(record.status).toBe(200);
    const data = (record.body as DoctorRecordResponse).data;
    expect(data.verificationStatus).toBe('approved');
    expect(data.suspension).toEqual({ at: expect.any(String), reason });
    expect((await me()).body.access).toEqual({ admin: false, providerDashboard: false });

    // Another doctor and a patient cannot read the record, so never the reason; the public list drops it.
    for (const stranger of [other.user, patient]) {
      const res = await request(t.http).get(`/api/doctors/${user.uid}`).set(authHeader(stranger));
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain('investigation');
    }
    const listed = await request(t.http).get('/api/doctors');
    expect(JSON.stringify(listed.body)).not.toContain('investigation');
    expect((listed.body as { id: string }[]).map((d) => d.id)).not.toContain(id);

    expect(
      (await post(`${id}/reinstate`, { version: await applicationVersion(t.dataSource, id) })).status,
    ).toBe(200);
    expect(((await own()).body as DoctorRecordResponse).data.suspension).toBeNull();
  });

  it('never lets an admin suspend their own record', async () => {
    const { user, id } = await applicant('doctor', `Dr. Selfie ${RUN}`, `SF-${RUN}`);
    expect(
      (await post(`${id}/approve`, { version: await applicationVersion(t.dataSource, id) })).status,
    ).toBe(200);
    await t.dataSource.query(`UPDATE users SET role = 'admin' WHERE firebase_uid = $1`, [user.uid]);
    const res = await request(t.http)
      .post(`/api/admin/doctors/${id}/suspend`)
      .set(authHeader(user))
      .send({ version: await applicationVersion(t.dataSource, id), reason: 'x' });
    expect(res.status).toBe(403);
  });
});

describe('GET /api/audit?cursor= (the audit screen’s pages)', () => {
  it('continues after the page’s nextCursor, newest first, without repeating a row; refuses a bad cursor', async () => {
    const read = (query: string) => request(t.http).get(`/api/audit?${query}`).set(authHeader(reviewer));
    const first = await read('action=application.read&limit=3');
    expect(first.status).toBe(200);
    const { items: page1, nextCursor } = first.body as AuditPage;
    expect(page1).toHaveLength(3);
    expect(nextCursor).toEqual(expect.any(String));
    const second = await read(`action=application.read&limit=3&cursor=${nextCursor!}`);
    expect(second.status).toBe(200);
    const page2 = (second.body as AuditPage).items;
    expect(page2.length).toBeGreaterThan(0);
    expect(page2.map((r) => r.id)).not.toEqual(expect.arrayContaining([page1[0]!.id]));
    for (const r of page2)
      expect(Date.parse(r.createdAt)).toBeLessThanOrEqual(Date.parse(page1[2]!.createdAt));
    const both = await read('action=application.read&limit=6');
    expect((both.body as AuditPage).items.map((r) => r.id)).toEqual(
      [...page1, ...page2].slice(0, 6).map((r) => r.id),
    );
    // The cursor continues the filters it was made for only.
    const otherFilter = await read(`action=audit.read&limit=3&cursor=${nextCursor!}`);
    expect([otherFilter.status, otherFilter.body.message]).toEqual([400, MESSAGES.listCursorInvalid]);
    const bad = await read('cursor=not-a-cursor');
    expect([bad.status, bad.body.message]).toEqual([400, MESSAGES.listCursorInvalid]);
  });
});
