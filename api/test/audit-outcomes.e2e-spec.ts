import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { authHeader, createTestApp, type TestApp, type TestUser } from './helpers.js';
import { PDF, World } from './support/authz/world.js';

/**
 * An audit row states what the caller actually got: 'allowed' only once the object was found under
 * the path's owner and read or changed, 'not_found' for another owner's id under one's own path or a
 * random id, 'denied' when the access rule refused, 'rejected' for another refusal. One route per kind
 * (read, download, delete, update), called with one's own id, another patient's and one that does not
 * exist; each call carries its own User-Agent and its rows are read back by it.
 */

let t: TestApp;
let w: World;
/** The other patient's document: patient A asks for it under A's own path. */
let othersDocument: string;
let othersVisit: string;
let othersAppointment: string;
let calls = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { LOG_LEVEL: 'silent' } });
  w = await World.build(t);
  const b = w.users.otherPatient;
  const doc = await request(t.http)
    .post(`/api/patients/${b.uid}/documents`)
    .set(authHeader(b))
    .field('type', 'Medical Report')
    .attach('file', PDF, { filename: 'b.pdf', contentType: 'application/pdf' });
  expect(doc.status).toBe(201);
  othersDocument = (doc.body as { id: string }).id;
  othersVisit = await visitOf(b);
  const [row] = await t.dataSource.query<{ id: string }[]>(
    `INSERT INTO appointments (patient_uid, doctor_id, starts_at, notes, clinic, specialty, doctor_name)
     VALUES ($1, $2, now() + interval '90 days', 'B', 'c', 's', 'd') RETURNING id`,
    [b.uid, w.bookedDoctor.id],
  );
  othersAppointment = row!.id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function visitOf(user: TestUser): Promise<string> {
  const [row] = await t.dataSource.query<{ id: string }[]>(
    'SELECT id FROM patient_visits WHERE firebase_uid = $1 LIMIT 1',
    [user.uid],
  );
  return row!.id;
}

type Method = 'get' | 'post' | 'delete';

/** Calls as `user` and returns the status and the outcome of every row the call wrote. */
async function call(user: TestUser, method: Method, path: string) {
  const userAgent = `audit-outcomes/${++calls}`;
  const res = await request(t.http)[method](path).set(authHeader(user)).set('User-Agent', userAgent);
  const rows = await t.dataSource.query<{ outcome: string; action: string }[]>(
    'SELECT outcome, action FROM audit_log WHERE user_agent = $1 ORDER BY created_at',
    [userAgent],
  );
  return { status: res.status, outcomes: rows.map((r) => `${r.action} ${r.outcome}`) };
}

describe('download: GET /api/patients/{uid}/documents/{id}/file', () => {
  const path = (uid: string, id: string) => `/api/patients/${uid}/documents/${id}/file`;

  it('own document: 200, allowed', async () => {
    const a = w.users.patient;
    expect(await call(a, 'get', path(a.uid, w.documentId))).toEqual({
      status: 200,
      outcomes: ['download allowed'],
    });
  });

  it("another patient's document under one's own path: 404, not_found (never allowed)", async () => {
    const a = w.users.patient;
    expect(await call(a, 'get', path(a.uid, othersDocument))).toEqual({
      status: 404,
      outcomes: ['download not_found'],
    });
  });

  it("a doctor's attempt at an id that is not the patient's, and a random id: not_found", async () => {
    const a = w.users.patient;
    expect(await call(w.users.bookedDoctor, 'get', path(a.uid, othersDocument))).toEqual({
      status: 404,
      outcomes: ['download not_found'],
    });
    expect(await call(a, 'get', path(a.uid, randomUUID()))).toEqual({
      status: 404,
      outcomes: ['download not_found'],
    });
  });

  it("under another patient's path: 403, denied", async () => {
    const a = w.users.patient;
    const b = w.users.otherPatient;
    expect(await call(a, 'get', path(b.uid, othersDocument))).toEqual({
      status: 403,
      outcomes: ['download denied'],
    });
  });
});

describe('delete: DELETE /api/patients/{uid}/documents/{id}', () => {
  const path = (uid: string, id: string) => `/api/patients/${uid}/documents/${id}`;

  it("another patient's document under one's own path: 404, not_found, and the document stays", async () => {
    const a = w.users.patient;
    expect(await call(a, 'delete', path(a.uid, othersDocument))).toEqual({
      status: 404,
      outcomes: ['delete not_found'],
    });
    const b = w.users.otherPatient;
    expect((await call(b, 'get', path(b.uid, othersDocument) + '/file')).status).toBe(200);
  });

  it('a random id: 404, not_found; own document: 204, allowed', async () => {
    const a = w.users.patient;
    expect(await call(a, 'delete', path(a.uid, randomUUID()))).toEqual({
      status: 404,
      outcomes: ['delete not_found'],
    });
    const own = await w.freshDocument();
    expect(await call(a, 'delete', path(a.uid, own))).toEqual({ status: 204, outcomes: ['delete allowed'] });
  });
});

describe('read: GET /api/patients/{uid}/visits/{id}', () => {
  const path = (uid: string, id: string) => `/api/patients/${uid}/visits/${id}`;

  it("own visit: allowed; another patient's under one's own path and a random id: not_found", async () => {
    const a = w.users.patient;
    expect(await call(a, 'get', path(a.uid, await visitOf(a)))).toEqual({
      status: 200,
      outcomes: ['read allowed'],
    });
    expect(await call(a, 'get', path(a.uid, othersVisit))).toEqual({
      status: 404,
      outcomes: ['read not_found'],
    });
    expect(await call(a, 'get', path(a.uid, randomUUID()))).toEqual({
      status: 404,
      outcomes: ['read not_found'],
    });
  });
});

describe('update: POST /api/appointments/{id}/cancel', () => {
  const path = (id: string) => `/api/appointments/${id}/cancel`;

  it("another patient's appointment: 403, denied; a random id: 404, not_found", async () => {
    const a = w.users.patient;
    expect(await call(a, 'post', path(othersAppointment))).toEqual({
      status: 403,
      outcomes: ['cancel denied'],
    });
    expect(await call(a, 'post', path(randomUUID()))).toEqual({
      status: 404,
      outcomes: ['cancel not_found'],
    });
  });

  it('own appointment: 200, allowed; once more: 409, rejected (not allowed)', async () => {
    const a = w.users.patient;
    const own = await w.freshAppointment();
    expect(await call(a, 'post', path(own))).toEqual({ status: 200, outcomes: ['cancel allowed'] });
    expect(await call(a, 'post', path(own))).toEqual({ status: 409, outcomes: ['cancel rejected'] });
  });
});
