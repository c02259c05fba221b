import { randomBytes } from 'node:crypto';
import pg from 'pg';
import request, { type Response, type Test } from 'supertest';
import { S3ObjectStore } from '../src/storage/s3-object-store.js';
import { migrateStorage } from '../src/database/storage-migration.js';
import { ROUTINE_RECORD } from '../src/summary/summary.fixtures.js';
import {
  approvedDoctorAccount,
  bookableSlots,
  book,
  bookingBody,
  registeredPatient,
  seededDoctor,
} from './booking-helpers.js';
import { authHeader, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers.js';
import { startS3Server, type TestS3 } from './s3-server.js';

/**
 * With S3_* set, document, credential and prescription bytes live in an S3 bucket (a
 * real S3-protocol server here, s3rver), streamed both ways; access is decided before any byte is
 * read; `storage:migrate` moves Postgres-kept bytes into the bucket and back.
 */

let s3: TestS3;
let t: TestApp;

beforeAll(async () => {
  s3 = await startS3Server();
  // s3rver ignores SSE headers (a real AWS bucket honours them): asked for here to see them sent.
  t = await createTestApp({ env: { ...s3.env, S3_SSE: 'AES256' } });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await s3?.close();
});

/** A PDF of `size` bytes (a real header, random content). */
const pdf = (size: number) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size - 16), Buffer.from('\n%%EOF\n')]);

/** Collects a response body as bytes, whatever its content type. */
const binary = (req: Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

const s3Gets = () => s3.requests.filter((r) => r.method === 'GET').length;

const uploadDocument = (user: TestUser, bytes: Buffer, filename = 'scan.pdf') =>
  request(t.http)
    .post(`/api/patients/${user.uid}/documents`)
    .set(authHeader(user))
    .attach('file', bytes, { filename, contentType: 'application/octet-stream' });

async function fileRow(table: string, keyColumn: string, id: string) {
  const [row] = await t.dataSource.query<
    { storage: string; object_key: string | null; has_bytes: boolean }[]
  >(`SELECT storage, object_key, bytes IS NOT NULL AS has_bytes FROM ${table} WHERE ${keyColumn} = $1`, [id]);
  return row;
}

describe('documents in S3', () => {
  it('streams an upload into the bucket (encryption requested), back out, and deletes it', async () => {
    const user = await registeredPatient(t);
    // Above lib-storage's 5 MB part size: a multipart upload of two parts.
    const bytes = pdf(6 * 1024 * 1024 + 123);
    s3.requests.length = 0;
    const res: Response = await uploadDocument(user, bytes);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ size: bytes.length, hasFile: true, contentType: 'application/pdf' });

    const keys = (await s3.keys()).filter((k) => k.startsWith(`documents/${user.uid}/`));
    expect(keys).toHaveLength(1);
    expect(await fileRow('document_files', 'document_id', res.body.id as string)).toEqual({
      storage: 's3',
      object_key: keys[0],
      has_bytes: false,
    });
    const creates = s3.requests.filter((r) => r.method === 'POST' && r.url.includes('?uploads'));
    expect(creates).toHaveLength(1);
    expect(creates[0]!.headers['x-amz-server-side-encryption']).toBe('AES256');
    expect(s3.requests.filter((r) => r.method === 'PUT' && r.url.includes('partNumber='))).toHaveLength(2);

    const download = await binary(
      request(t.http)
        .get(`/api${res.body.fileUrl as string}`)
        .set(authHeader(user)),
    );
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(download.body as Buffer, bytes)).toBe(0);

    const removed = await request(t.http)
      .delete(`/api/patients/${user.uid}/documents/${res.body.id as string}`)
      .set(authHeader(user));
    expect(removed.status).toBe(204);
    expect(await s3.keys()).not.toContain(keys[0]);
  });

  it('refuses another account before any byte is read from the bucket', async () => {
    const [owner, other] = [await registeredPatient(t), await registeredPatient(t)];
    const bytes = pdf(2048);
    const up = await uploadDocument(owner, bytes);
    expect(up.status).toBe(201);
    const url = `/api${up.body.fileUrl as string}`;
    const before = s3Gets();
    expect((await request(t.http).get(url).set(authHeader(other))).status).toBe(403);
    expect(s3Gets()).toBe(before);
    const own = await binary(request(t.http).get(url).set(authHeader(owner)));
    expect(Buffer.compare(own.body as Buffer, bytes)).toBe(0);
    expect(s3Gets()).toBe(before + 1);
  });

  it('leaves no object behind for an upload refused by its content', async () => {
    const user = await registeredPatient(t);
    const before = await s3.keys();
    const res = await uploadDocument(user, Buffer.from('not a pdf at all, just text'), 'fake.pdf');
    expect(res.status).toBe(400);
    expect(await s3.keys()).toEqual(before);
  });
});

describe('prescriptions in S3', () => {
  it('stores the upload in the bucket and decides access before any GetObject', async () => {
    const general = await seededDoctor(t, 'demo-doctor-general-medicine');
    const { user: doc, doctor } = await approvedDoctorAccount(t, {
      name: 'Dr S3',
      clinic: 'Bucket Clinic',
      timeZone: general.timeZone,
      schedule: general.schedule,
    });
    const patient = await registeredPatient(t);
    const stranger = await registeredPatient(t);
    await request(t.http)
      .post('/api/patients')
      .set(authHeader(patient))
      .send({ uid: patient.uid, data: ROUTINE_RECORD })
      .expect(201);
    const booked = await book(t, patient, bookingBody(patient, doctor, bookableSlots(doctor)[0]!));
    expect(booked.status).toBe(201);
    const id = booked.body.id as string;
    const bytes = pdf(4096);
    const rx = await request(t.http)
      .post(`/api/provider/appointments/${id}/prescription`)
      .set(authHeader(doc))
      .attach('file', bytes, 'rx.pdf');
    expect(rx.status).toBe(201);
    const row = await fileRow('prescription_files', 'appointment_id', id);
    expect(row).toMatchObject({ storage: 's3', has_bytes: false });
    expect(await s3.keys()).toContain(row!.object_key);

    const before = s3Gets();
    const denied = await request(t.http)
      .get(`/api/appointments/${id}/prescription`)
      .set(authHeader(stranger));
    expect(denied.status).toBe(403);
    expect(s3Gets()).toBe(before);
    const own = await binary(
      request(t.http).get(`/api/appointments/${id}/prescription`).set(authHeader(patient)),
    );
    expect(own.status).toBe(200);
    expect(Buffer.compare(own.body as Buffer, bytes)).toBe(0);

    // A replaced prescription's object goes with it.
    const again = await request(t.http)
      .post(`/api/provider/appointments/${id}/prescription`)
      .set(authHeader(doc))
      .attach('file', pdf(1024), 'rx2.pdf');
    expect(again.status).toBe(201);
    const keys = await s3.keys();
    expect(keys).not.toContain(row!.object_key);
    expect(keys).toContain((await fileRow('prescription_files', 'appointment_id', id))!.object_key);
  });
});

describe('credentials in S3', () => {
  it('stores a credential once (a retried upload leaves one object), served to an admin only', async () => {
    const user = await signUpUser();
    await request(t.http)
      .post('/api/users')
      .set(authHeader(user))
      .send({ uid: user.uid, role: 'doctor' })
      .expect(201);
    const bytes = pdf(3000);
    const send = () =>
      request(t.http)
        .post(`/api/doctors/${user.uid}/credentials`)
        .set(authHeader(user))
        .field('type', 'degree')
        .field('documentName', 'degree.pdf')
        .attach('file', bytes, { filename: 'degree.pdf', contentType: 'application/pdf' });
    const first = await send();
    expect(first.status).toBe(201);
    expect((await send()).body).toMatchObject({ id: first.body.id });
    expect((await s3.keys()).filter((k) => k.startsWith(`credentials/${user.uid}/`))).toHaveLength(1);

    const admin = await registeredPatient(t);
    await t.dataSource.query(`UPDATE users SET role = 'admin' WHERE firebase_uid = $1`, [admin.uid]);
    const url = `/api/admin/credentials/${first.body.id as string}/file`;
    const before = s3Gets();
    expect((await request(t.http).get(url).set(authHeader(user))).status).toBe(403);
    expect(s3Gets()).toBe(before);
    const seen = await binary(request(t.http).get(url).set(authHeader(admin)));
    expect(seen.status).toBe(200);
    expect(Buffer.compare(seen.body as Buffer, bytes)).toBe(0);
  });
});

describe('storage:migrate', () => {
  it('moves bytea rows into the bucket and back, idempotently; the API serves them throughout', async () => {
    const user = await registeredPatient(t);
    const bytes = pdf(5000);
    // A document stored before S3 was configured: its bytes in Postgres.
    const [doc] = await t.dataSource.query<{ id: string }[]>(
      `INSERT INTO documents (patient_uid, name, type, content_type, size) VALUES ($1, 'old.pdf', 'Medical Report', 'application/pdf', $2)
       RETURNING id`,
      [user.uid, bytes.length],
    );
    await t.dataSource.query(`INSERT INTO document_files (document_id, bytes) VALUES ($1, $2)`, [
      doc!.id,
      bytes,
    ]);
    const url = `/api/patients/${user.uid}/documents/${doc!.id}/file`;
    const served = async () => {
      const res = await binary(request(t.http).get(url).set(authHeader(user)));
      expect(res.status).toBe(200);
      return Buffer.compare(res.body as Buffer, bytes);
    };
    expect(await served()).toBe(0);

    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    const store = new S3ObjectStore(s3.config);
    try {
      const toS3 = await migrateStorage(client, store, 'to-s3');
      expect(toS3.moved.document_files).toBeGreaterThanOrEqual(1);
      const key = `documents/${user.uid}/${doc!.id}`;
      expect(await fileRow('document_files', 'document_id', doc!.id)).toEqual({
        storage: 's3',
        object_key: key,
        has_bytes: false,
      });
      expect(await s3.keys()).toContain(key);
      expect(await served()).toBe(0);
      // Nothing left to move: a second run (or a resumed one) changes nothing.
      expect(await migrateStorage(client, store, 'to-s3')).toEqual({
        moved: { document_files: 0, credential_files: 0, prescription_files: 0 },
      });

      const back = await migrateStorage(client, store, 'to-db');
      expect(back.moved.document_files).toBeGreaterThanOrEqual(1);
      expect(await fileRow('document_files', 'document_id', doc!.id)).toEqual({
        storage: 'db',
        object_key: null,
        has_bytes: true,
      });
      expect(await s3.keys()).toEqual([]);
      expect(await served()).toBe(0);
    } finally {
      store.destroy();
      await client.end();
    }
  });
});
