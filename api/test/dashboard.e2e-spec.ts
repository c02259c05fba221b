import request from 'supertest';
import { parse } from 'content-disposition';
import type { Response } from 'supertest';
import {
  MESSAGES,
  type Appointment,
  type AuditEntry,
  type AuditPage,
  type PatientDocument,
} from '@medora/shared';
import { authHeader, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers.js';
import {
  book,
  bookableSlots,
  bookingBody,
  registeredPatient,
  seededDoctor,
  type SeededDoctor,
} from './booking-helpers.js';

let t: TestApp;
let cardio: SeededDoctor;
let admin: TestUser;
let doctorUser: TestUser;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

beforeAll(async () => {
  t = await createTestApp();
  cardio = await seededDoctor(t, 'demo-doctor-cardiology');
  admin = await registeredPatient(t);
  await t.dataSource.query(`UPDATE users SET role = 'admin' WHERE firebase_uid = $1`, [admin.uid]);
  // A doctor account linked to the seeded cardiologist (onboarding links them).
  doctorUser = await signUpUser();
  await request(t.http)
    .post('/api/users')
    .set(authHeader(doctorUser))
    .send({ uid: doctorUser.uid, role: 'patient' });
  await t.dataSource.query(`UPDATE users SET role = 'doctor' WHERE firebase_uid = $1`, [doctorUser.uid]);
  await t.dataSource.query(
    `UPDATE doctors SET user_id = (SELECT id FROM users WHERE firebase_uid = $1) WHERE id = $2`,
    [doctorUser.uid, cardio.id],
  );
});

afterAll(async () => {
  await t?.close();
});

const used = new Set<string>();
function nextSlot(doctor: SeededDoctor): string {
  const slot = bookableSlots(doctor).find((s) => !used.has(`${doctor.id} ${s}`));
  if (!slot) throw new Error('out of slots');
  used.add(`${doctor.id} ${slot}`);
  return slot;
}

const binary = (req: request.Test) =>
  req.buffer(true).parse((r, cb) => {
    const chunks: Buffer[] = [];
    r.on('data', (c: Buffer) => chunks.push(c));
    r.on('end', () => cb(null, Buffer.concat(chunks)));
  });

const upload = (user: TestUser, bytes: Buffer, filename: string, uid = user.uid) =>
  request(t.http)
    .post(`/api/patients/${uid}/documents`)
    .set(authHeader(user))
    .attach('file', bytes, { filename, contentType: 'application/octet-stream' });

async function auditRows(filter: Record<string, string>): Promise<AuditEntry[]> {
  const res = await request(t.http).get('/api/audit').query(filter).set(authHeader(admin));
  expect(res.status).toBe(200);
  return (res.body as AuditPage).items;
}

describe('documents: round trip, delete and a booked doctor', () => {
  it('uploads, lists (metadata only), downloads the same bytes, deletes row and bytes — all audited', async () => {
    const user = await registeredPatient(t);
    const up = await upload(user, PDF, 'scan.pdf');
    expect(up.status).toBe(201);
    const doc = up.body as PatientDocument;

    const bell = await request(t.http).get('/api/notifications').set(authHeader(user));
    expect(JSON.stringify(bell.body)).toContain(`document:${doc.id}`);

    const list = await request(t.http).get(`/api/patients/${user.uid}/documents`).set(authHeader(user));
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain('bytes');

    const file: Response = await binary(
      request(t.http).get(`/api/patients/${user.uid}/documents/${doc.id}/file`).set(authHeader(user)),
    );
    expect(file.status).toBe(200);
    expect(Buffer.compare(file.body as Buffer, PDF)).toBe(0);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(parse(file.headers['content-disposition'] as string)).toEqual({
      type: 'attachment',
      parameters: { filename: 'scan.pdf' },
    });

    const del = await request(t.http)
      .delete(`/api/patients/${user.uid}/documents/${doc.id}`)
      .set(authHeader(user));
    expect(del.status).toBe(204);
    const left = await t.dataSource.query<{ n: number }[]>(
      `SELECT (SELECT count(*) FROM documents WHERE id = $1)::int + (SELECT count(*) FROM document_files WHERE document_id = $1)::int AS n`,
      [doc.id],
    );
    expect(left[0]!.n).toBe(0);
    const again = await request(t.http)
      .delete(`/api/patients/${user.uid}/documents/${doc.id}`)
      .set(authHeader(user));
    expect(again.status).toBe(404);

    const rows = await auditRows({ actor: user.uid, resourceType: 'document' });
    expect(rows.map((r) => `${r.action}:${r.outcome}`)).toEqual(
      expect.arrayContaining(['create:allowed', 'list:allowed', 'download:allowed', 'delete:allowed']),
    );
    expect(rows.find((r) => r.action === 'download')).toMatchObject({
      resourceId: doc.id,
      actorRole: 'patient',
    });
  });

  it('refuses a spoofed PDF (400) and an oversize file (413)', async () => {
    const user = await registeredPatient(t);
    const spoofed = await upload(user, Buffer.from('MZ not a pdf at all'), 'evil.pdf');
    expect(spoofed.status).toBe(400);
    expect(spoofed.body.message).toBe(MESSAGES.invalidFileContent);
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const over = await upload(user, big, 'big.pdf').catch((e: { status?: number }) => e);
    expect((over as { status?: number }).status).toBe(413);
  });

  it('makes a path-traversal name harmless', async () => {
    const user = await registeredPatient(t);
    const res = await upload(user, PDF, '..\\..\\..\\windows/../../etc/passwd.pdf');
    expect(res.status).toBe(201);
    const doc = res.body as PatientDocument;
    expect(doc.name).not.toMatch(/[\\/]|\.\./);
    expect(doc.fileUrl).toBe(`/patients/${user.uid}/documents/${doc.id}/file`);
  });

  it('answers 401 without a token and 403 (audited as denied) for another patient’s documents', async () => {
    const owner = await registeredPatient(t);
    const other = await registeredPatient(t);
    const doc = (await upload(owner, PDF, 'mine.pdf')).body as PatientDocument;
    expect((await request(t.http).get(`/api/patients/${owner.uid}/documents`)).status).toBe(401);
    const list = await request(t.http).get(`/api/patients/${owner.uid}/documents`).set(authHeader(other));
    expect(list.status).toBe(403);
    const file = await request(t.http)
      .get(`/api/patients/${owner.uid}/documents/${doc.id}/file`)
      .set(authHeader(other));
    expect(file.status).toBe(403);
    const del = await request(t.http)
      .delete(`/api/patients/${owner.uid}/documents/${doc.id}`)
      .set(authHeader(other));
    expect(del.status).toBe(403);
    expect(await t.dataSource.query('SELECT 1 FROM documents WHERE id = $1', [doc.id])).toHaveLength(1);

    const denied = await auditRows({ actor: other.uid, outcome: 'denied' });
    expect(denied.map((r) => r.action).sort()).toEqual(['delete', 'download', 'list']);
    expect(denied.every((r) => r.resourceType === 'document')).toBe(true);
  });

  it('lets a doctor the patient booked with read (list + download) but not delete', async () => {
    const patient = await registeredPatient(t);
    const doc = (await upload(patient, PDF, 'ecg.pdf')).body as PatientDocument;
    // Before any booking: no access.
    const before = await request(t.http)
      .get(`/api/patients/${patient.uid}/documents`)
      .set(authHeader(doctorUser));
    expect(before.status).toBe(403);
    expect((await book(t, patient, bookingBody(patient, cardio, nextSlot(cardio)))).status).toBe(201);

    const list = await request(t.http)
      .get(`/api/patients/${patient.uid}/documents`)
      .set(authHeader(doctorUser));
    expect(list.status).toBe(200);
    const file: Response = await binary(
      request(t.http)
        .get(`/api/patients/${patient.uid}/documents/${doc.id}/file`)
        .set(authHeader(doctorUser)),
    );
    expect(Buffer.compare(file.body as Buffer, PDF)).toBe(0);
    const del = await request(t.http)
      .delete(`/api/patients/${patient.uid}/documents/${doc.id}`)
      .set(authHeader(doctorUser));
    expect(del.status).toBe(403);
    const up = await upload(doctorUser, PDF, 'x.pdf', patient.uid);
    expect(up.status).toBe(403);

    // What the appointment card shows and opens is on the audit trail, as the doctor's own rows.
    const rows = await auditRows({ actor: doctorUser.uid, resourceType: 'document' });
    const ofPatient = rows.filter((r) => r.detail === `patient ${patient.uid}`);
    expect(ofPatient.map((r) => `${r.action}:${r.outcome}`)).toEqual(
      expect.arrayContaining(['list:denied', 'list:allowed', 'download:allowed', 'delete:denied']),
    );
    expect(ofPatient.find((r) => r.action === 'download')).toMatchObject({
      resourceId: doc.id,
      actorRole: 'doctor',
    });
  });
});

describe('appointments: cancel and .ics', () => {
  it('cancels an upcoming appointment, frees its slot for another patient, and refuses a second cancel', async () => {
    const a = await registeredPatient(t);
    const b = await registeredPatient(t);
    const date = nextSlot(cardio);
    const booked = (await book(t, a, bookingBody(a, cardio, date))).body as Appointment;
    expect((await book(t, b, bookingBody(b, cardio, date))).status).toBe(409);

    const byOther = await request(t.http).post(`/api/appointments/${booked.id}/cancel`).set(authHeader(b));
    expect(byOther.status).toBe(403);

    const res = await request(t.http).post(`/api/appointments/${booked.id}/cancel`).set(authHeader(a));
    expect(res.status).toBe(200);
    expect((res.body as Appointment).status).toBe('Cancelled');

    const again = await request(t.http).post(`/api/appointments/${booked.id}/cancel`).set(authHeader(a));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MESSAGES.appointmentNotCancellable);

    expect((await book(t, b, bookingBody(b, cardio, date))).status).toBe(201);

    const rows = await auditRows({ resourceType: 'appointment', resourceId: booked.id });
    expect(rows.map((r) => `${r.actorUid === a.uid ? 'a' : 'b'}:${r.action}:${r.outcome}`)).toEqual(
      expect.arrayContaining(['a:create:allowed', 'a:cancel:allowed', 'b:cancel:denied']),
    );
  });

  it('exports an .ics with UTC start, +30 min end, doctor, clinic and UID', async () => {
    const p = await registeredPatient(t);
    const booked = (await book(t, p, bookingBody(p, cardio, nextSlot(cardio)))).body as Appointment;
    const res = await request(t.http).get(`/api/appointments/${booked.id}/ics`).set(authHeader(p));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="?medora-appointment-.*\.ics"?$/,
    );
    const text = res.text;
    const start = new Date(booked.startsAt);
    const utc = (d: Date) =>
      d
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    expect(text).toContain(`DTSTART:${utc(start)}`);
    expect(text).toContain(`DTEND:${utc(new Date(start.getTime() + 30 * 60_000))}`);
    expect(text).toContain(`SUMMARY:Appointment with ${cardio.name}`);
    expect(text).toContain('LOCATION:');
    expect(text).toContain(`UID:${booked.id}@medora`);
    const other = await registeredPatient(t);
    expect(
      (await request(t.http).get(`/api/appointments/${booked.id}/ics`).set(authHeader(other))).status,
    ).toBe(403);

    // The doctor's consultation length, when the doctor record has one.
    const hasColumn = await t.dataSource.query(
      `SELECT 1 FROM information_schema.columns WHERE table_name = 'doctors' AND column_name = 'consultation_duration'`,
    );
    if (hasColumn.length > 0) {
      await t.dataSource.query(`UPDATE doctors SET consultation_duration = 45 WHERE id = $1`, [cardio.id]);
      const longer = await request(t.http).get(`/api/appointments/${booked.id}/ics`).set(authHeader(p));
      expect(longer.text).toContain(`DTEND:${utc(new Date(start.getTime() + 45 * 60_000))}`);
      await t.dataSource.query(`UPDATE doctors SET consultation_duration = 30 WHERE id = $1`, [cardio.id]);
    }
  });
});

describe('profile audit and GET /api/audit', () => {
  it('audits profile reads, including denied ones', async () => {
    const p = await registeredPatient(t);
    const other = await registeredPatient(t);
    await request(t.http).get(`/api/patients/${p.uid}`).set(authHeader(p));
    await request(t.http).get(`/api/patients/${p.uid}`).set(authHeader(other));
    const rows = await auditRows({ resourceType: 'profile', resourceId: p.uid });
    expect(
      rows.map((r) => `${r.actorUid === p.uid ? 'owner' : 'other'}:${r.action}:${r.outcome}`).sort(),
      // The owner has no record yet (404): the row says so instead of 'allowed'.
    ).toEqual(['other:read:denied', 'owner:read:not_found']);
  });

  it('is admin-only: 401 without a token, 403 for a patient', async () => {
    expect((await request(t.http).get('/api/audit')).status).toBe(401);
    const p = await registeredPatient(t);
    expect((await request(t.http).get('/api/audit').set(authHeader(p))).status).toBe(403);
  });

  it('filters, limits (≤ 500) and sorts newest first', async () => {
    const rows = await auditRows({ limit: '3' });
    expect(rows.length).toBeLessThanOrEqual(3);
    const times = rows.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const bad = await request(t.http).get('/api/audit').query({ limit: '501' }).set(authHeader(admin));
    expect(bad.status).toBe(400);
    const future = await auditRows({ from: '2999-01-01T00:00:00Z' });
    expect(future).toEqual([]);
  });
});
