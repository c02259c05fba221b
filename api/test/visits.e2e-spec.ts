import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  MESSAGES,
  RESPONSE_SCHEMAS,
  VISIT_FIELDS,
  type DraftResponse,
  type PatientResponse,
  type ProviderAppointmentIntake,
  type ProviderAppointmentsPage,
  type VisitDetail,
  type VisitsResponse,
} from '@medora/shared';
import { encodeCursor } from '../src/common/keyset-cursor.js';
import { CHEST_PAIN_RECORD, FEVER_RECORD, ROUTINE_RECORD } from '../src/summary/summary.fixtures.js';
import { PatientVisits1768176000000 } from '../src/database/migrations/1768176000000-patient-visits.js';
import { ClinicalFlagReviews1770076800000 } from '../src/database/migrations/1770076800000-clinical-flag-reviews.js';
import { dataSourceOptions } from '../src/database/typeorm-options.js';
import { authHeader, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers.js';
import { registeredPatient } from './booking-helpers.js';

/** Each submission is a visit kept as history; the unsent intake is kept on the server. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});

afterAll(async () => {
  await t?.close();
});

const patient = () => registeredPatient(t);

const save = (user: TestUser, data: Record<string, unknown>, kind?: string) =>
  request(t.http)
    .post('/api/patients')
    .set(authHeader(user))
    .send(kind ? { uid: user.uid, data, kind } : { uid: user.uid, data });

const visits = (user: TestUser, uid = user.uid) =>
  request(t.http).get(`/api/patients/${uid}/visits`).set(authHeader(user));

const parses = (key: string, body: unknown) => RESPONSE_SCHEMAS[key]!.safeParse(body).success;

/** A doctor account with an approved doctor record and, optionally, an appointment the patient booked. */
async function doctorOf(patientUid: string | null): Promise<TestUser> {
  const doctor = await signUpUser();
  await request(t.http).post('/api/users').set(authHeader(doctor)).send({ uid: doctor.uid, role: 'doctor' });
  const [row] = await t.dataSource.query<{ id: string }[]>(
    `INSERT INTO doctors (user_id, name, specialty, clinic, verification_status, onboarding_completed)
     VALUES ((SELECT id FROM users WHERE firebase_uid = $1), 'Dr. Visit', 'General Medicine', 'Clinic', 'approved', true)
     RETURNING id`,
    [doctor.uid],
  );
  if (patientUid) {
    await t.dataSource.query(
      `INSERT INTO appointments (patient_uid, doctor_id, starts_at, status, clinic, specialty, doctor_name)
       VALUES ($1, $2, now() + interval '2 days' + random() * interval '1 day', 'Scheduled', 'Clinic', 'General Medicine', 'Dr. Visit')`,
      [patientUid, row!.id],
    );
  }
  return doctor;
}

const FOLLOW_UP = {
  ...CHEST_PAIN_RECORD,
  visitType: 'Follow-up Visit',
  followUpChange: 'Worse',
  followUpNewSymptoms: ['Cough'],
  followUpNotes: 'Started ramipril last week.',
};

describe('visits', () => {
  it('a submission creates a visit with its date, reason, answers and summary', async () => {
    const user = await patient();
    expect((await save(user, CHEST_PAIN_RECORD)).status).toBe(201);
    const list = await visits(user);
    expect(list.status).toBe(200);
    expect(parses('GET /api/patients/{uid}/visits', list.body)).toBe(true);
    const body = list.body as VisitsResponse;
    expect(body.total).toBe(1);
    expect(body.items[0]).toMatchObject({
      kind: 'visit',
      reason: 'New Appointment: Chest Pain, Shortness of Breath',
    });
    const detail = await request(t.http)
      .get(`/api/patients/${user.uid}/visits/${body.items[0]!.id}`)
      .set(authHeader(user));
    expect(detail.status).toBe(200);
    expect(parses('GET /api/patients/{uid}/visits/{id}', detail.body)).toBe(true);
    const visit = detail.body as VisitDetail;
    expect(visit.data.symptoms).toEqual(['Chest Pain', 'Shortness of Breath']);
    // The visit keeps the visit's answers only; the stable facts are the profile's.
    expect(visit.data.allergyList).toBeUndefined();
    expect(Object.keys(visit.data).every((k) => VISIT_FIELDS.has(k))).toBe(true);
    expect(visit.summary?.redFlags.length).toBeGreaterThan(0);
    const [profile] = await t.dataSource.query<{ data: Record<string, unknown> }[]>(
      'SELECT data FROM patient_profiles WHERE firebase_uid = $1',
      [user.uid],
    );
    expect(profile!.data.allergyList).toEqual(['Penicillin']);
    expect(profile!.data.symptoms).toBeUndefined();
  });

  it('two submissions are two visits, newest first; GET /api/patients/{uid} has the latest summary', async () => {
    const user = await patient();
    expect((await save(user, CHEST_PAIN_RECORD)).status).toBe(201);
    expect((await save(user, FEVER_RECORD)).status).toBe(200);
    const body = (await visits(user)).body as VisitsResponse;
    expect(body.total).toBe(2);
    expect(body.items.map((v) => v.reason)).toEqual([
      expect.stringContaining('Fever'),
      expect.stringContaining('Chest Pain'),
    ]);
    expect(Date.parse(body.items[0]!.visitedAt)).toBeGreaterThanOrEqual(Date.parse(body.items[1]!.visitedAt));
    const latest = (
      await request(t.http).get(`/api/patients/${user.uid}/visits/${body.items[0]!.id}`).set(authHeader(user))
    ).body as VisitDetail;
    const record = await request(t.http).get(`/api/patients/${user.uid}`).set(authHeader(user));
    expect(record.status).toBe(200);
    expect(parses('GET /api/patients/{uid}', record.body)).toBe(true);
    const res = record.body as PatientResponse;
    // The spec's shape: exists, data (the current record), aiSummary of the latest visit.
    expect(res.exists).toBe(true);
    expect(res.aiSummary).toEqual(latest.summary);
    expect(res.data.symptoms).toEqual(FEVER_RECORD.symptoms);
    expect(res.data.name).toBe(FEVER_RECORD.name);
  });

  it('a follow-up visit keeps what changed, not the previous visit’s symptoms', async () => {
    const user = await patient();
    expect((await save(user, CHEST_PAIN_RECORD)).status).toBe(201);
    // The client sends the old symptoms along (as a prefilled record would): they are not copied.
    const res = await save(user, FOLLOW_UP, 'follow-up');
    expect(res.status).toBe(200);
    const body = (await visits(user)).body as VisitsResponse;
    expect(body.items[0]).toMatchObject({
      kind: 'follow-up',
      reason: 'Follow-up Visit: Worse; new symptoms: Cough',
    });
    const visit = (
      await request(t.http).get(`/api/patients/${user.uid}/visits/${body.items[0]!.id}`).set(authHeader(user))
    ).body as VisitDetail;
    expect(visit.data).toEqual({
      visitType: 'Follow-up Visit',
      followUpChange: 'Worse',
      followUpNewSymptoms: ['Cough'],
      followUpNotes: 'Started ramipril last week.',
    });
    expect(visit.summary?.text).not.toMatch(/Chest Pain/);
    expect(visit.summary?.sections[0]).toEqual({
      title: MESSAGES.visitSinceLastTitle,
      lines: ['Overall: Worse', 'New symptoms: Cough', 'In the patient’s words: Started ramipril last week.'],
    });
    // The current record no longer carries the previous visit's symptoms.
    const record = (await request(t.http).get(`/api/patients/${user.uid}`).set(authHeader(user)))
      .body as PatientResponse;
    expect(record.data.symptoms).toBeUndefined();
    expect(record.data.followUpChange).toBe('Worse');
  });

  it('a follow-up’s new symptoms are the summary’s complaints', async () => {
    const user = await patient();
    await save(user, ROUTINE_RECORD);
    const res = await save(
      user,
      {
        ...ROUTINE_RECORD,
        visitType: 'Follow-up Visit',
        followUpChange: 'Worse',
        followUpNewSymptoms: ['Chest Pain'],
      },
      'follow-up',
    );
    expect(res.status).toBe(200);
    const record = res.body as PatientResponse;
    expect(record.aiSummary?.text).toMatch(/Chest Pain/);
  });

  it('a follow-up answer outside its options is refused with 400', async () => {
    const user = await patient();
    const res = await save(user, { ...ROUTINE_RECORD, followUpChange: 'Much better' }, 'follow-up');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields as object)).toEqual([expect.stringMatching(/followUpChange$/)]);
  });

  it('another patient and a doctor without an appointment get 403; a booked doctor reads the visits', async () => {
    const owner = await patient();
    await save(owner, CHEST_PAIN_RECORD);
    const id = ((await visits(owner)).body as VisitsResponse).items[0]!.id;
    const other = await patient();
    const stranger = await doctorOf(null);
    for (const caller of [other, stranger]) {
      expect((await visits(caller, owner.uid)).status).toBe(403);
      const one = await request(t.http)
        .get(`/api/patients/${owner.uid}/visits/${id}`)
        .set(authHeader(caller));
      expect(one.status).toBe(403);
      expect(one.body.message).toBe(MESSAGES.forbidden);
    }
    const booked = await doctorOf(owner.uid);
    expect((await visits(booked, owner.uid)).status).toBe(200);
    const read = await request(t.http).get(`/api/patients/${owner.uid}/visits/${id}`).set(authHeader(booked));
    expect(read.status).toBe(200);
    // The id of one patient's visit under another's uid is not found, not leaked.
    await save(other, ROUTINE_RECORD);
    const crossed = await request(t.http)
      .get(`/api/patients/${other.uid}/visits/${id}`)
      .set(authHeader(other));
    expect(crossed.status).toBe(404);
  });

  it('the doctor’s appointment card opens on the latest visit’s answers and summary', async () => {
    const owner = await patient();
    await save(owner, CHEST_PAIN_RECORD);
    await save(owner, FEVER_RECORD);
    const doctor = await doctorOf(owner.uid);
    const res = await request(t.http).get('/api/provider/appointments').set(authHeader(doctor));
    expect(res.status).toBe(200);
    const [first] = (res.body as ProviderAppointmentsPage).items;
    expect(first!.patient.headline!.complaints.join(' ')).toMatch(/Fever/);
    const opened = await request(t.http)
      .get(`/api/provider/appointments/${first!.id}/intake`)
      .set(authHeader(doctor));
    expect(opened.status).toBe(200);
    const card = opened.body as ProviderAppointmentIntake;
    expect(card.intake!.symptoms).toEqual(FEVER_RECORD.symptoms);
    expect(card.intake!.name).toBe(FEVER_RECORD.name);
    expect(card.summary!.text).toMatch(/Fever/);
  });
});

const DRAFT = {
  mode: 'visit',
  screen: 'question',
  key: 'symptoms',
  answers: { name: 'Maria Santos', symptoms: ['Fever'] },
};

describe('drafts on the server', () => {
  const draftUrl = (uid: string) => `/api/patients/${uid}/draft`;

  it('round-trips: none, saved, read back, replaced, removed; a submission removes it too', async () => {
    const user = await patient();
    const empty = await request(t.http).get(draftUrl(user.uid)).set(authHeader(user));
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ draft: null, savedAt: null });
    const put = await request(t.http).put(draftUrl(user.uid)).set(authHeader(user)).send(DRAFT);
    expect(put.status).toBe(200);
    expect(parses('PUT /api/patients/{uid}/draft', put.body)).toBe(true);
    const read = (await request(t.http).get(draftUrl(user.uid)).set(authHeader(user))).body as DraftResponse;
    expect(read.draft).toEqual(DRAFT);
    expect(read.savedAt).not.toBeNull();
    // A half-typed height is a valid draft (not yet a valid record).
    const partial = { ...DRAFT, answers: { heightWeight: { heightFeet: 5 } } };
    expect((await request(t.http).put(draftUrl(user.uid)).set(authHeader(user)).send(partial)).status).toBe(
      200,
    );
    expect(
      ((await request(t.http).get(draftUrl(user.uid)).set(authHeader(user))).body as DraftResponse).draft,
    ).toEqual(partial);
    expect((await request(t.http).delete(draftUrl(user.uid)).set(authHeader(user))).status).toBe(204);
    expect((await request(t.http).get(draftUrl(user.uid)).set(authHeader(user))).body.draft).toBeNull();

    await request(t.http).put(draftUrl(user.uid)).set(authHeader(user)).send(DRAFT);
    expect((await save(user, ROUTINE_RECORD)).status).toBe(201);
    expect((await request(t.http).get(draftUrl(user.uid)).set(authHeader(user))).body.draft).toBeNull();
  });

  it('is the owner’s only: another patient, a booked doctor and an admin get 403', async () => {
    const owner = await patient();
    await save(owner, ROUTINE_RECORD);
    await request(t.http).put(draftUrl(owner.uid)).set(authHeader(owner)).send(DRAFT);
    const other = await patient();
    const booked = await doctorOf(owner.uid);
    for (const caller of [other, booked]) {
      expect((await request(t.http).get(draftUrl(owner.uid)).set(authHeader(caller))).status).toBe(403);
      expect(
        (await request(t.http).put(draftUrl(owner.uid)).set(authHeader(caller)).send(DRAFT)).status,
      ).toBe(403);
      expect((await request(t.http).delete(draftUrl(owner.uid)).set(authHeader(caller))).status).toBe(403);
    }
    const kept = (await request(t.http).get(draftUrl(owner.uid)).set(authHeader(owner)))
      .body as DraftResponse;
    expect(kept.draft).toEqual(DRAFT);
  });

  it('refuses an unknown field, an over-long answer (400) and an oversized body (413)', async () => {
    const user = await patient();
    const unknown = await request(t.http)
      .put(draftUrl(user.uid))
      .set(authHeader(user))
      .send({ ...DRAFT, answers: { favouriteColour: 'blue' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields['answers.favouriteColour']).toBe(MESSAGES.unknownField);
    const long = await request(t.http)
      .put(draftUrl(user.uid))
      .set(authHeader(user))
      .send({ ...DRAFT, answers: { allergies: 'x'.repeat(2001) } });
    expect(long.status).toBe(400);
    const huge = await request(t.http)
      .put(draftUrl(user.uid))
      .set(authHeader(user))
      .send({ ...DRAFT, answers: { allergies: 'x'.repeat(2 * 1024 * 1024) } });
    expect(huge.status).toBe(413);
    expect((await request(t.http).get(draftUrl(user.uid)).set(authHeader(user))).body.draft).toBeNull();
  });
});

describe('migration 1768176000000', () => {
  it('turns an existing profile into one visit with its summary, keeping the stable facts in the profile', async () => {
    const uid = `legacy-${Date.now()}`;
    // As the database's owner (the serving role may not alter tables), like `npm run migrate`.
    const owner = new DataSource(dataSourceOptions(t.databaseUrl, 1));
    await owner.initialize();
    const runner = owner.createQueryRunner();
    try {
      await runner.startTransaction();
      // The schema before the migration, inside a transaction that is rolled back afterwards.
      // Later migrations that depend on patient_visits are undone first (inside the same transaction).
      await new ClinicalFlagReviews1770076800000().down(runner);
      await new PatientVisits1768176000000().down(runner);
      const summary = { engine: 'deterministic', text: 'legacy summary' };
      await runner.query(
        `INSERT INTO patient_profiles (firebase_uid, data, ai_summary) VALUES ($1, $2::jsonb, $3::jsonb)`,
        [uid, JSON.stringify(CHEST_PAIN_RECORD), JSON.stringify(summary)],
      );
      await new PatientVisits1768176000000().up(runner);
      const rows = (await runner.query(
        `SELECT kind, reason, data, summary FROM patient_visits WHERE firebase_uid = $1`,
        [uid],
      )) as { kind: string; reason: string; data: Record<string, unknown>; summary: unknown }[];
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ kind: 'visit', summary });
      expect(rows[0]!.data.symptoms).toEqual(CHEST_PAIN_RECORD.symptoms);
      expect(rows[0]!.reason).toContain('Chest Pain');
      const [profile] = (await runner.query(`SELECT data FROM patient_profiles WHERE firebase_uid = $1`, [
        uid,
      ])) as {
        data: Record<string, unknown>;
      }[];
      expect(profile!.data.symptoms).toBeUndefined();
      expect(profile!.data.chronicConditions).toEqual(CHEST_PAIN_RECORD.chronicConditions);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
      await owner.destroy();
    }
  });
});

describe('earlier visits (a keyset cursor)', () => {
  it('pages 50 at a time with ?cursor=, none twice or missed, and refuses a foreign cursor', async () => {
    const user = await patient();
    const other = await patient();
    // 120 visits, two of them at the same instant (the id breaks the tie).
    await t.dataSource.query(
      `INSERT INTO patient_visits (firebase_uid, kind, reason, data, visited_at)
       SELECT $1, 'visit', 'Visit ' || g, '{}'::jsonb, timestamptz '2026-01-01' + least(g, 119) * interval '1 hour'
         FROM generate_series(1, 120) g`,
      [user.uid],
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const res = await request(t.http)
        .get(`/api/patients/${user.uid}/visits${cursor ? `?cursor=${cursor}` : ''}`)
        .set(authHeader(user));
      expect(res.status).toBe(200);
      expect(parses('GET /api/patients/{uid}/visits', res.body)).toBe(true);
      const body = res.body as VisitsResponse;
      expect(body.total).toBe(120);
      sizes.push(body.items.length);
      seen.push(...body.items.map((v) => v.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([50, 50, 20]);
    expect(new Set(seen).size).toBe(120);
    const [{ n }] = await t.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM patient_visits WHERE firebase_uid = $1 AND id = ANY($2::uuid[])`,
      [user.uid, seen],
    );
    expect(n).toBe(120);

    // Another patient's list's cursor, this list's cursor naming another patient's visit, or no cursor
    // at all, is not a page of this list.
    await save(other, ROUTINE_RECORD);
    const foreign = ((await visits(other)).body as VisitsResponse).items[0]!.id;
    for (const bad of [
      encodeCursor({ list: 'visits', uid: other.uid }, { id: foreign }),
      encodeCursor({ list: 'visits', uid: user.uid }, { id: foreign }),
      'not-a-cursor',
    ]) {
      const res = await request(t.http)
        .get(`/api/patients/${user.uid}/visits?cursor=${bad}`)
        .set(authHeader(user));
      expect([res.status, res.body.message]).toEqual([400, MESSAGES.listCursorInvalid]);
    }
    // The old parameter is gone.
    const old = await request(t.http)
      .get(`/api/patients/${user.uid}/visits?before=${foreign}`)
      .set(authHeader(user));
    expect(old.status).toBe(400);
  });
});
