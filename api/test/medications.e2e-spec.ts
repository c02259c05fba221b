import request from 'supertest';
import type { Bundle, MedicationStatement } from 'fhir/r4.js';
import {
  DEFAULT_CLINIC_TIME_ZONE,
  MESSAGES,
  type MailSinkMessage,
  type MailSinkSummary,
  type Medication,
  type MedicationHistoryPage,
  type MedicationListResponse,
} from '@medora/shared';
import { ROUTINE_RECORD } from '../src/summary/summary.fixtures.js';
import { patientWithRecord, registeredPatient } from './booking-helpers.js';
import { authHeader, createTestApp, type TestApp, type TestUser } from './helpers.js';
import { World } from './support/authz/world.js';
import { fhirSchemaErrors } from './support/fhir-schema.js';

/**
 * My medicines: the owner keeps the list; a doctor caring for the patient reads it, adds to it (their
 * entry waits for the patient) and marks it reviewed; an admin reads it only with a stated reason.
 * Every call is audited with what the caller got.
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

const base = (uid: string) => `/api/patients/${uid}/medications`;
const as = (user: TestUser, agent = 'medications') => ({
  get: (path: string) => request(t.http).get(path).set(authHeader(user)).set('User-Agent', agent),
  post: (path: string, body?: object) => {
    const req = request(t.http).post(path).set(authHeader(user)).set('User-Agent', agent);
    return body ? req.send(body) : req;
  },
  patch: (path: string, body: object) =>
    request(t.http).patch(path).set(authHeader(user)).set('User-Agent', agent).send(body),
  put: (path: string, body: object) =>
    request(t.http).put(path).set(authHeader(user)).set('User-Agent', agent).send(body),
  delete: (path: string) => request(t.http).delete(path).set(authHeader(user)).set('User-Agent', agent),
});

const auditOf = (agent: string) =>
  t.dataSource.query<
    { action: string; resource_type: string; resource_id: string | null; outcome: string }[]
  >(
    `SELECT action, resource_type, resource_id, outcome FROM audit_log WHERE user_agent = $1 ORDER BY created_at, id`,
    [agent],
  );

async function add(user: TestUser, uid: string, body: object): Promise<Medication> {
  const res = await as(user).post(base(uid), body);
  expect([res.status, res.body]).toEqual([201, expect.anything()]);
  return res.body as Medication;
}

describe('the owner', () => {
  let patient: TestUser;
  beforeAll(async () => {
    patient = await patientWithRecord(t, ROUTINE_RECORD);
  });

  it('adds a medicine (confirmed at once) and sees it in the list', async () => {
    const med = await add(patient, patient.uid, {
      name: 'Amlodipine',
      medicineId: 'amlodipine',
      strength: '5 mg',
      frequency: 'once a day',
      startedOn: '2024-03-01',
    });
    expect(med).toMatchObject({
      patientUid: patient.uid,
      source: 'patient',
      status: 'taking',
      startedOn: '2024-03-01',
      reminder: { kind: 'off' },
      version: 1,
      prescriberUid: null,
    });
    expect(med.confirmedAt).not.toBeNull();
    const list = (await as(patient).get(base(patient.uid))).body as MedicationListResponse;
    expect(list.current.map((m) => m.id)).toEqual([med.id]);
    expect(list.lastConfirmedAt).not.toBeNull();
    expect(list.lastReview).toBeNull();
  });

  it('edits on the version read; a stale version is refused with 409 and changes nothing', async () => {
    const med = await add(patient, patient.uid, { name: 'Lisinopril', strength: '10 mg' });
    const ok = await as(patient).patch(`${base(patient.uid)}/${med.id}`, { version: 1, strength: '20 mg' });
    expect([ok.status, ok.body.strength, ok.body.version]).toEqual([200, '20 mg', 2]);
    const stale = await as(patient, 'med-stale').patch(`${base(patient.uid)}/${med.id}`, {
      version: 1,
      strength: '40 mg',
    });
    expect([stale.status, stale.body.message]).toEqual([409, MESSAGES.medicationVersionConflict]);
    expect(await auditOf('med-stale')).toEqual([
      { action: 'write', resource_type: 'medication', resource_id: med.id, outcome: 'rejected' },
    ]);
    const list = (await as(patient).get(base(patient.uid))).body as MedicationListResponse;
    expect(list.current.find((m) => m.id === med.id)?.strength).toBe('20 mg');
  });

  it('answers 404 for an id that is not on their list', async () => {
    const other = await add(w.users.otherPatient, w.users.otherPatient.uid, { name: 'Other’s medicine' });
    const res = await as(patient).patch(`${base(patient.uid)}/${other.id}`, { version: 1, notes: 'x' });
    expect(res.status).toBe(404);
  });

  it('stops a medicine: it leaves the current list for the history, which pages with a cursor', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 22; i++) {
      const med = await add(patient, patient.uid, { name: `Course ${i}` });
      const res = await as(patient).post(`${base(patient.uid)}/${med.id}/status`, {
        status: 'stopped',
        on: '2025-01-02',
        reason: 'Course finished',
        version: 1,
      });
      expect([res.status, res.body.status, res.body.statusOn]).toEqual([200, 'stopped', '2025-01-02']);
      ids.push(med.id);
    }
    const list = (await as(patient).get(base(patient.uid))).body as MedicationListResponse;
    expect(list.current.some((m) => ids.includes(m.id))).toBe(false);
    const first = (await as(patient).get(`${base(patient.uid)}/history`)).body as MedicationHistoryPage;
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = (await as(patient).get(`${base(patient.uid)}/history?cursor=${first.nextCursor}`))
      .body as MedicationHistoryPage;
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((m) => m.id).sort()).toEqual([...ids].sort());
    // Last stopped first.
    expect(first.items[0]!.id).toBe(ids[ids.length - 1]);
    const bad = await as(patient).get(`${base(patient.uid)}/history?cursor=nonsense`);
    expect([bad.status, bad.body.message]).toEqual([400, MESSAGES.medicationCursorInvalid]);
  });

  it('pauses and restarts; a restart clears the reason', async () => {
    const med = await add(patient, patient.uid, { name: 'Sertraline' });
    const paused = await as(patient).post(`${base(patient.uid)}/${med.id}/status`, {
      status: 'paused',
      reason: 'Feeling sick',
      version: 1,
    });
    expect([paused.body.status, paused.body.statusReason]).toEqual(['paused', 'Feeling sick']);
    const list = (await as(patient).get(base(patient.uid))).body as MedicationListResponse;
    expect(list.current.find((m) => m.id === med.id)?.status).toBe('paused');
    const taking = await as(patient).post(`${base(patient.uid)}/${med.id}/status`, {
      status: 'taking',
      reason: 'ignored',
      version: 2,
    });
    expect([taking.body.status, taking.body.statusReason, taking.body.version]).toEqual(['taking', null, 3]);
  });

  it('sets a reminder on the version read', async () => {
    const med = await add(patient, patient.uid, { name: 'Levothyroxine' });
    const res = await as(patient).put(`${base(patient.uid)}/${med.id}/reminder`, {
      version: 1,
      reminder: { kind: 'refill', runsOutOn: '2030-05-01', daysBefore: 5 },
    });
    expect([res.status, res.body.reminder]).toEqual([
      200,
      { kind: 'refill', runsOutOn: '2030-05-01', daysBefore: 5 },
    ]);
  });

  it('deletes a medicine for good, and the delete is audited', async () => {
    const med = await add(patient, patient.uid, { name: 'Mistake' });
    const res = await as(patient, 'med-delete').delete(`${base(patient.uid)}/${med.id}`);
    expect(res.status).toBe(204);
    const rows = await t.dataSource.query('SELECT 1 FROM medications WHERE id = $1', [med.id]);
    expect(rows).toHaveLength(0);
    expect(await auditOf('med-delete')).toEqual([
      { action: 'delete', resource_type: 'medication', resource_id: med.id, outcome: 'allowed' },
    ]);
    const again = await as(patient, 'med-delete-again').delete(`${base(patient.uid)}/${med.id}`);
    expect(again.status).toBe(404);
    expect((await auditOf('med-delete-again'))[0]?.outcome).toBe('not_found');
  });

  it.each([
    ['an empty name', {}, 'name', MESSAGES.medicationNameRequired],
    ['a blank name', { name: '   ' }, 'name', MESSAGES.medicationNameRequired],
    ['a bad start date', { name: 'A', startedOn: '2024-13-40' }, 'startedOn', MESSAGES.medicationDateInvalid],
    ['a long note', { name: 'A', notes: 'x'.repeat(1001) }, 'notes', MESSAGES.medicationTextTooLong],
    ['an unknown field', { name: 'A', status: 'stopped' }, undefined, undefined],
  ])('refuses %s with 400', async (_what, body, field, message) => {
    const res = await as(patient).post(base(patient.uid), body);
    expect(res.status).toBe(400);
    if (field) expect(res.body.fields?.[field]).toBe(message);
  });

  it('refuses a bad reminder time and a missing version with catalogue messages', async () => {
    const med = await add(patient, patient.uid, { name: 'Metformin' });
    const time = await as(patient).put(`${base(patient.uid)}/${med.id}/reminder`, {
      version: 1,
      reminder: { kind: 'daily', time: '25:00' },
    });
    expect([time.status, time.body.message]).toEqual([400, MESSAGES.medicationTimeInvalid]);
    const version = await as(patient).patch(`${base(patient.uid)}/${med.id}`, { notes: 'x' });
    expect([version.status, version.body.message]).toEqual([400, MESSAGES.medicationVersionRequired]);
  });
});

describe('suggestions from the intake', () => {
  let patient: TestUser;
  beforeAll(async () => {
    patient = await patientWithRecord(t, {
      ...ROUTINE_RECORD,
      medications: 'Metformin 500mg twice daily\nEliquis 5 mg bd',
      riskMedicines: ['Blood thinners (e.g. warfarin, apixaban, rivaroxaban)'],
    });
  });

  it('proposes the named drugs and the kinds of medicine without a drug, never as medicines', async () => {
    const list = (await as(patient).get(base(patient.uid))).body as MedicationListResponse;
    expect(list.current).toEqual([]);
    expect(list.proposals.map((p) => [p.kind, p.medicineId ?? p.sourceText])).toEqual([
      ['drug', 'metformin'],
      ['drug', 'apixaban'],
      ['class', 'Reliever inhaler (e.g. salbutamol/albuterol)'],
      ['class', 'Inhaled corticosteroid (e.g. budesonide, fluticasone)'],
    ]);
    expect(list.proposals[0]).toMatchObject({
      name: 'Metformin',
      strength: '500 mg',
      frequency: 'twice a day',
    });
  });

  it('confirming a suggestion takes it off the proposals; confirming it again is a 409', async () => {
    const before = (await as(patient).get(base(patient.uid))).body as MedicationListResponse;
    const p = before.proposals[0]!;
    const med = await add(patient, patient.uid, { name: p.name!, strength: p.strength, proposalKey: p.key });
    expect(med.source).toBe('intake');
    const after = (await as(patient).get(base(patient.uid))).body as MedicationListResponse;
    expect(after.proposals.map((x) => x.key)).not.toContain(p.key);
    const again = await as(patient).post(base(patient.uid), { name: 'Metformin', proposalKey: p.key });
    expect([again.status, again.body.message]).toEqual([409, MESSAGES.medicationProposalUnknown]);
  });

  it('a dismissed suggestion stays dismissed; dismissing it again is a 404', async () => {
    const before = (await as(patient).get(base(patient.uid))).body as MedicationListResponse;
    const p = before.proposals.find((x) => x.kind === 'class')!;
    const path = `${base(patient.uid)}/proposals/${encodeURIComponent(p.key)}/dismiss`;
    expect((await as(patient).post(path)).status).toBe(204);
    const after = (await as(patient).get(base(patient.uid))).body as MedicationListResponse;
    expect(after.proposals.map((x) => x.key)).not.toContain(p.key);
    expect((await as(patient).post(path)).status).toBe(404);
  });
});

describe('a doctor, another patient and an admin', () => {
  it('a doctor caring for the patient reads the list and adds an entry that waits for the patient', async () => {
    const { patient, bookedDoctor } = w.users;
    expect((await as(bookedDoctor).get(base(patient.uid))).status).toBe(200);
    const med = await add(bookedDoctor, patient.uid, {
      name: 'Atorvastatin',
      strength: '20 mg',
      appointmentId: w.appointmentId,
    });
    expect(med).toMatchObject({
      source: 'doctor',
      confirmedAt: null,
      prescriberUid: bookedDoctor.uid,
      prescriber: 'Dr. Matrix',
    });
    // Only the patient confirms it.
    expect((await as(bookedDoctor).post(`${base(patient.uid)}/${med.id}/confirm`)).status).toBe(403);
    const confirmed = await as(patient).post(`${base(patient.uid)}/${med.id}/confirm`);
    expect([confirmed.status, confirmed.body.confirmedAt === null]).toEqual([200, false]);
    const twice = await as(patient).post(`${base(patient.uid)}/${med.id}/confirm`);
    expect([twice.status, twice.body.message]).toEqual([409, MESSAGES.medicationNotConfirmable]);
    // Nor does the doctor edit the patient's list.
    const edit = await as(bookedDoctor).patch(`${base(patient.uid)}/${med.id}`, { version: 2, notes: 'x' });
    expect(edit.status).toBe(403);
  });

  it('the doctor marks the list reviewed at their appointment; the patient cannot', async () => {
    const { patient, bookedDoctor } = w.users;
    const res = await as(bookedDoctor, 'med-review').post(`${base(patient.uid)}/review`, {
      appointmentId: w.appointmentId,
    });
    expect(res.status).toBe(200);
    expect((res.body as MedicationListResponse).lastReview).toMatchObject({
      doctorUid: bookedDoctor.uid,
      doctorName: 'Dr. Matrix',
      appointmentId: w.appointmentId,
    });
    expect(await auditOf('med-review')).toEqual([
      {
        action: 'medication.review',
        resource_type: 'medication',
        resource_id: w.appointmentId,
        outcome: 'allowed',
      },
    ]);
    const own = await as(patient).post(`${base(patient.uid)}/review`, { appointmentId: w.appointmentId });
    expect(own.status).toBe(403);
    // An appointment that is not theirs with this patient.
    const other = await as(bookedDoctor).post(`${base(patient.uid)}/review`, {
      appointmentId: '00000000-0000-4000-8000-000000000000',
    });
    expect([other.status, other.body.message]).toEqual([400, MESSAGES.medicationReviewNeedsVisit]);
  });

  it('a doctor whose care has lapsed, and another patient, are refused (and the refusal audited)', async () => {
    const { patient, unbookedDoctor, otherPatient } = w.users;
    const lapsed = await as(unbookedDoctor, 'med-lapsed').get(base(patient.uid));
    expect(lapsed.status).toBe(403);
    expect((await auditOf('med-lapsed')).map((r) => r.outcome)).toEqual(['denied']);
    expect((await as(unbookedDoctor).post(base(patient.uid), { name: 'X' })).status).toBe(403);
    expect((await as(otherPatient).get(base(patient.uid))).status).toBe(403);
    expect((await as(otherPatient).post(base(patient.uid), { name: 'X' })).status).toBe(403);
  });

  it('an admin reads only after stating a reason, and never writes', async () => {
    const { patient, admin } = w.users;
    await w.expireAccessGrants();
    const refused = await as(admin).get(base(patient.uid));
    expect([refused.status, refused.body.message]).toEqual([403, MESSAGES.accessReasonRequired]);
    const grant = await as(admin).post(`/api/patients/${patient.uid}/access-reason`, {
      reason: 'Checking the medicine list for support',
    });
    expect(grant.status).toBe(201);
    expect((await as(admin).get(base(patient.uid))).status).toBe(200);
    expect((await as(admin).get(`${base(patient.uid)}/history`)).status).toBe(200);
    expect((await as(admin).post(base(patient.uid), { name: 'X' })).status).toBe(403);
    await w.expireAccessGrants();
  });
});

describe('the clinical summary and the FHIR export read the confirmed list', () => {
  let patient: TestUser;
  beforeAll(async () => {
    patient = await patientWithRecord(t, { ...ROUTINE_RECORD, medications: 'paracetamol when needed' });
    await add(patient, patient.uid, {
      name: 'Warfarin',
      medicineId: 'warfarin',
      strength: '3 mg',
      dose: '1 tablet',
      frequency: 'once a day',
      startedOn: '2023-04-01',
    });
    const stopped = await add(patient, patient.uid, { name: 'Amoxicillin', startedOn: '2025-01-20' });
    await as(patient).post(`${base(patient.uid)}/${stopped.id}/status`, {
      status: 'stopped',
      on: '2025-01-27',
      version: 1,
    });
    // A doctor's entry the patient has not confirmed is in neither.
    await add(w.users.bookedDoctor, w.users.patient.uid, { name: 'Unconfirmed' });
  });

  it('a new submission’s summary lists the confirmed medicines first, then what only the intake named', async () => {
    const res = await as(patient).post('/api/patients', {
      uid: patient.uid,
      data: { ...ROUTINE_RECORD, medications: 'paracetamol when needed' },
    });
    expect(res.status).toBe(200);
    const sections = (res.body as { aiSummary: { sections: { title: string; lines: string[] }[] } }).aiSummary
      .sections;
    expect(sections.find((s) => s.title === 'Medications')?.lines.slice(0, 2)).toEqual([
      'Warfarin 3 mg — 1 tablet, once a day',
      'paracetamol when needed (reported at intake, not on the confirmed list)',
    ]);
  });

  it('the export has one MedicationStatement per confirmed medicine, with status, dosage and dates', async () => {
    const res = await request(t.http)
      .get(`/api/patients/${patient.uid}/fhir`)
      .set(authHeader(patient))
      .buffer(true)
      .parse((r, cb) => {
        let body = '';
        r.on('data', (c: Buffer) => (body += c.toString('utf8')));
        r.on('end', () => cb(null, body));
      });
    expect(res.status).toBe(200);
    const bundle = JSON.parse(res.body as string) as Bundle;
    expect(fhirSchemaErrors(bundle).slice(0, 5)).toEqual([]);
    const statements = bundle
      .entry!.map((e) => e.resource!)
      .filter((r): r is MedicationStatement => r.resourceType === 'MedicationStatement');
    expect(
      statements.map((s) => ({
        status: s.status,
        medication: s.medicationCodeableConcept?.text,
        dosage: s.dosage?.[0]?.text,
        effectiveDateTime: s.effectiveDateTime,
        effectivePeriod: s.effectivePeriod,
      })),
    ).toEqual([
      {
        status: 'active',
        medication: 'Warfarin 3 mg',
        dosage: '1 tablet, once a day',
        effectiveDateTime: '2023-04-01',
        effectivePeriod: undefined,
      },
      {
        status: 'stopped',
        medication: 'Amoxicillin',
        dosage: undefined,
        effectiveDateTime: undefined,
        effectivePeriod: { start: '2025-01-20', end: '2025-01-27' },
      },
    ]);
  });
});

describe('medication reminders', () => {
  /** Waits (polling, no fixed sleep) until the local mailbox holds a mail to `email`. */
  async function mailTo(email: string): Promise<MailSinkSummary[]> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const mails = ((await request(t.http).get('/api/dev/mail')).body as MailSinkSummary[]).filter((m) =>
        m.to.includes(email),
      );
      if (mails.length > 0 || Date.now() > deadline) return mails;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  afterAll(async () => {
    await request(t.http).post('/api/dev/clock').send({ offsetMinutes: 0 });
  });

  it('a refill reminder is mailed when the moved clock reaches it: no drug named, one-click unsubscribe', async () => {
    const patient = await registeredPatient(t);
    const taken = await add(patient, patient.uid, { name: 'Warfarin', strength: '3 mg' });
    const stopped = await add(patient, patient.uid, { name: 'Stopped medicine' });
    // Runs out in two clinic days; remind the day before it does (09:00 in the clinic's zone).
    const [{ runs_out: runsOutOn, due }] = await t.dataSource.query<{ runs_out: string; due: Date }[]>(
      `SELECT ((now() AT TIME ZONE $1)::date + 2)::text AS runs_out,
              (((now() AT TIME ZONE $1)::date + 1) + time '09:00') AT TIME ZONE $1 AS due`,
      [DEFAULT_CLINIC_TIME_ZONE],
    );
    for (const med of [taken, stopped]) {
      const res = await as(patient).put(`${base(patient.uid)}/${med.id}/reminder`, {
        version: 1,
        reminder: { kind: 'refill', runsOutOn, daysBefore: 1 },
      });
      expect(res.status).toBe(200);
    }
    await as(patient).post(`${base(patient.uid)}/${stopped.id}/status`, { status: 'stopped', version: 2 });
    const sweep = () => request(t.http).post('/api/dev/reminders/sweep');
    await sweep();
    expect(
      await t.dataSource.query('SELECT 1 FROM medication_reminders_sent WHERE medication_id = $1', [
        taken.id,
      ]),
    ).toEqual([]);

    // The clock moved to a minute after the reminder is due.
    const offsetMinutes = Math.ceil((new Date(due).getTime() - Date.now()) / 60_000) + 1;
    expect((await request(t.http).post('/api/dev/clock').send({ offsetMinutes })).status).toBe(200);
    await sweep();
    const mails = await mailTo(patient.email);
    expect(mails.map((m) => m.subject)).toEqual([MESSAGES.medicationReminderMailSubject]);
    const mail = (await request(t.http).get(`/api/dev/mail/${mails[0]!.id}`)).body as MailSinkMessage;
    expect(mail.text).toContain(MESSAGES.medicationReminderMailText);
    expect(`${mail.text}${mail.html}`).not.toMatch(/warfarin|3 mg|stopped medicine/i);
    expect(mail.headers['list-unsubscribe-post'] ?? mail.headers['List-Unsubscribe-Post']).toBe(
      'List-Unsubscribe=One-Click',
    );
    // Once per due instant, and none for the stopped medicine.
    await sweep();
    const sent = await t.dataSource.query<{ medication_id: string }[]>(
      'SELECT medication_id FROM medication_reminders_sent WHERE medication_id = ANY($1)',
      [[taken.id, stopped.id]],
    );
    expect(sent.map((r) => r.medication_id)).toEqual([taken.id]);
  });

  it('a daily reminder is due at its HH:MM in the clinic’s zone', async () => {
    await request(t.http).post('/api/dev/clock').send({ offsetMinutes: 0 });
    const patient = await registeredPatient(t);
    const med = await add(patient, patient.uid, { name: 'Levothyroxine' });
    const [{ time, due }] = await t.dataSource.query<{ time: string; due: Date }[]>(
      `SELECT to_char((now() + interval '2 hours') AT TIME ZONE $1, 'HH24:MI') AS time,
              date_trunc('minute', now() + interval '2 hours') AS due`,
      [DEFAULT_CLINIC_TIME_ZONE],
    );
    const set = await as(patient).put(`${base(patient.uid)}/${med.id}/reminder`, {
      version: 1,
      reminder: { kind: 'daily', time },
    });
    expect(set.status).toBe(200);
    const offsetMinutes = Math.ceil((new Date(due).getTime() - Date.now()) / 60_000) + 1;
    await request(t.http).post('/api/dev/clock').send({ offsetMinutes });
    await request(t.http).post('/api/dev/reminders/sweep');
    const sent = await t.dataSource.query<{ due_at: Date }[]>(
      'SELECT due_at FROM medication_reminders_sent WHERE medication_id = $1',
      [med.id],
    );
    expect(sent.map((r) => new Date(r.due_at).toISOString())).toEqual([new Date(due).toISOString()]);
    expect((await mailTo(patient.email)).map((m) => m.subject)).toEqual([
      MESSAGES.medicationReminderMailSubject,
    ]);
  });

  it('honours the reminders preference: none is recorded for a patient who turned reminders off', async () => {
    const patient = await registeredPatient(t);
    const prefs = await as(patient).put('/api/me/preferences', {
      emailBookingConfirmations: true,
      emailReminders: false,
      reminderLeadHours: 24,
      inAppNotifications: true,
    });
    expect(prefs.status).toBe(200);
    const med = await add(patient, patient.uid, { name: 'Metformin' });
    // The same refill reminder that is mailed in the case above, and the clock moved past it the same way.
    const [{ runs_out: runsOutOn, due }] = await t.dataSource.query<{ runs_out: string; due: Date }[]>(
      `SELECT ((now() AT TIME ZONE $1)::date + 2)::text AS runs_out,
              (((now() AT TIME ZONE $1)::date + 1) + time '09:00') AT TIME ZONE $1 AS due`,
      [DEFAULT_CLINIC_TIME_ZONE],
    );
    await request(t.http).post('/api/dev/clock').send({ offsetMinutes: 0 });
    const set = await as(patient).put(`${base(patient.uid)}/${med.id}/reminder`, {
      version: 1,
      reminder: { kind: 'refill', runsOutOn, daysBefore: 1 },
    });
    expect(set.status).toBe(200);
    const offsetMinutes = Math.ceil((new Date(due).getTime() - Date.now()) / 60_000) + 1;
    await request(t.http).post('/api/dev/clock').send({ offsetMinutes });
    await request(t.http).post('/api/dev/reminders/sweep');
    expect(
      await t.dataSource.query('SELECT 1 FROM medication_reminders_sent WHERE medication_id = $1', [med.id]),
    ).toEqual([]);
  });
});
