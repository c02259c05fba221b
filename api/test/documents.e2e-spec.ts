import request from 'supertest';
import { parse } from 'content-disposition';
import { MESSAGES, formatMessage, type PatientDocument } from '@medora/shared';
import { ROUTINE_RECORD } from '../src/summary/summary.fixtures.js';
import { authHeader, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});

afterAll(async () => {
  await t?.close();
});

const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.from('1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'),
]);
const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);

async function patient(): Promise<TestUser> {
  const user = await signUpUser();
  await request(t.http).post('/api/users').set(authHeader(user)).send({ uid: user.uid, role: 'patient' });
  return user;
}

const upload = (user: TestUser, bytes: Buffer, filename: string, uid = user.uid, type?: string) => {
  const req = request(t.http).post(`/api/patients/${uid}/documents`).set(authHeader(user));
  if (type) void req.field('type', type);
  return req.attach('file', bytes, { filename, contentType: 'application/octet-stream' });
};

const documentCount = async (uid: string) =>
  Number(
    (
      await t.dataSource.query<{ n: string }[]>(
        'SELECT count(*) AS n FROM documents WHERE patient_uid = $1',
        [uid],
      )
    )[0]!.n,
  );

describe('POST /api/patients/:uid/documents', () => {
  it('answers 401 without a token', async () => {
    const res = await request(t.http)
      .post('/api/patients/x/documents')
      .send({ name: 'a.pdf', type: 'Medical Report' });
    expect(res.status).toBe(401);
  });

  it('answers 403 for another patient’s folder and stores nothing', async () => {
    const owner = await patient();
    const other = await patient();
    const res = await upload(other, PDF, 'report.pdf', owner.uid);
    expect(res.status).toBe(403);
    expect(await documentCount(owner.uid)).toBe(0);
  });

  it('stores the bytes and gives them back unchanged, with nosniff and an attachment name', async () => {
    const user = await patient();
    const res = await upload(user, PDF, '../../etc/Blood test.pdf', user.uid, 'chronicConditions');
    expect(res.status).toBe(201);
    const doc = res.body as PatientDocument;
    expect(doc).toMatchObject({
      name: 'Blood test.pdf',
      type: 'chronicConditions',
      contentType: 'application/pdf',
      size: PDF.length,
      hasFile: true,
    });
    const file = await request(t.http)
      .get(`/api/patients/${user.uid}/documents/${doc.id}/file`)
      .set(authHeader(user))
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    expect(Buffer.compare(file.body as Buffer, PDF)).toBe(0);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    // One helper on the `content-disposition` package, which quotes only when it must.
    expect(parse(file.headers['content-disposition'] as string)).toEqual({
      type: 'attachment',
      parameters: { filename: 'Blood test.pdf' },
    });
  });

  it('refuses a .pdf whose bytes are not a PDF with 400', async () => {
    const user = await patient();
    const res = await upload(user, Buffer.from('MZ this is an executable'), 'report.pdf');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.invalidFileContent);
    expect(await documentCount(user.uid)).toBe(0);
  });

  it('refuses a PNG named .pdf with 400 and accepts it named .png', async () => {
    const user = await patient();
    expect((await upload(user, PNG, 'scan.pdf')).status).toBe(400);
    const ok = await upload(user, PNG, 'scan.png');
    expect(ok.status).toBe(201);
    expect(ok.body.contentType).toBe('image/png');
  });

  it('answers 413 for a file over 10 MB and stores nothing', async () => {
    const user = await patient();
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    PDF.copy(big);
    const res = await upload(user, big, 'huge.pdf');
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(MESSAGES.fileTooLargeServer);
    expect(await documentCount(user.uid)).toBe(0);
  });

  it('answers 413 at once for a body declared far above 10 MB', async () => {
    const user = await patient();
    const big = Buffer.alloc(11 * 1024 * 1024, 0x20);
    PDF.copy(big);
    const res = await upload(user, big, 'declared.pdf');
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(MESSAGES.fileTooLargeServer);
  });

  it('accepts a file of exactly 10 MB', async () => {
    const user = await patient();
    const max = Buffer.alloc(10 * 1024 * 1024, 0x20);
    PDF.copy(max);
    const res = await upload(user, max, 'max.pdf');
    expect(res.status).toBe(201);
    expect(res.body.size).toBe(max.length);
  });

  it('creates a metadata-only record from the spec’s JSON body', async () => {
    const user = await patient();
    const res = await request(t.http)
      .post(`/api/patients/${user.uid}/documents`)
      .set(authHeader(user))
      .send({ name: 'old-report.pdf', type: 'Medical Report', fileUrl: '' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'old-report.pdf',
      type: 'Medical Report',
      hasFile: false,
      fileUrl: '',
    });
  });

  it('answers 400 for a JSON body without a name', async () => {
    const user = await patient();
    const res = await request(t.http)
      .post(`/api/patients/${user.uid}/documents`)
      .set(authHeader(user))
      .send({ type: 'Medical Report' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('name');
  });
});

describe('server-set fileUrl and clean names', () => {
  it('refuses a patient-supplied fileUrl with 400 and stores nothing', async () => {
    const user = await patient();
    for (const fileUrl of ['javascript:alert(document.cookie)', 'https://evil.example/x.pdf']) {
      const res = await request(t.http)
        .post(`/api/patients/${user.uid}/documents`)
        .set(authHeader(user))
        .send({ name: 'report.pdf', type: 'Medical Report', fileUrl });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ fileUrl: MESSAGES.serverSetField });
    }
    expect(await documentCount(user.uid)).toBe(0);
  });

  it('derives fileUrl from the route: the download path with a file, empty without', async () => {
    const user = await patient();
    const meta = await request(t.http)
      .post(`/api/patients/${user.uid}/documents`)
      .set(authHeader(user))
      .send({ name: 'old.pdf', type: 'Medical Report' });
    expect(meta.status).toBe(201);
    expect(meta.body.fileUrl).toBe('');
    const stored = await upload(user, PDF, 'new.pdf');
    expect(stored.body.fileUrl).toBe(`/patients/${user.uid}/documents/${stored.body.id}/file`);
    await expect(
      t.dataSource.query(`UPDATE documents SET file_url = 'javascript:alert(1)' WHERE id = $1`, [
        meta.body.id,
      ]),
    ).rejects.toThrow(/ck_documents_file_url_server/);
  });

  it('strips bidi control characters from an uploaded file name', async () => {
    const user = await patient();
    const res = await upload(user, PDF, 'scan\u202Egnp.\u2066pdf\u200F.pdf');
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('scangnp.pdf.pdf');
    const list = await request(t.http).get(`/api/patients/${user.uid}/documents`).set(authHeader(user));
    expect(list.body[0].name).toBe('scangnp.pdf.pdf');
  });
});

describe('per-patient document quota', () => {
  const QUOTA = { files: 3, bytes: 1000 };
  let q: TestApp;

  beforeAll(async () => {
    q = await createTestApp({
      seed: false,
      env: { DOCUMENT_QUOTA_FILES: String(QUOTA.files), DOCUMENT_QUOTA_BYTES: String(QUOTA.bytes) },
    });
  }, 60_000);

  afterAll(async () => {
    await q?.close();
  });

  async function quotaPatient(): Promise<TestUser> {
    const user = await signUpUser();
    await request(q.http).post('/api/users').set(authHeader(user)).send({ uid: user.uid, role: 'patient' });
    return user;
  }
  const send = (user: TestUser, bytes: Buffer, filename: string) =>
    request(q.http)
      .post(`/api/patients/${user.uid}/documents`)
      .set(authHeader(user))
      .attach('file', bytes, { filename, contentType: 'application/octet-stream' });
  const count = async (uid: string) =>
    (
      await q.dataSource.query<{ n: number }[]>(
        'SELECT count(*)::int AS n FROM documents WHERE patient_uid = $1',
        [uid],
      )
    )[0]!.n;

  it('answers 413 past the number of files, for uploads and metadata records, until one is deleted', async () => {
    const user = await quotaPatient();
    for (let i = 0; i < QUOTA.files; i++) expect((await send(user, PDF, `r${i}.pdf`)).status).toBe(201);
    const over = await send(user, PDF, 'one-more.pdf');
    expect(over.status).toBe(413);
    expect(over.body).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: formatMessage('documentQuotaFiles', { max: QUOTA.files }),
    });
    const meta = await request(q.http)
      .post(`/api/patients/${user.uid}/documents`)
      .set(authHeader(user))
      .send({ name: 'old.pdf', type: 'Medical Report' });
    expect(meta.status).toBe(413);
    expect(await count(user.uid)).toBe(QUOTA.files);

    const list = await request(q.http).get(`/api/patients/${user.uid}/documents`).set(authHeader(user));
    const del = await request(q.http)
      .delete(`/api/patients/${user.uid}/documents/${list.body[0].id}`)
      .set(authHeader(user));
    expect(del.status).toBe(204);
    expect((await send(user, PDF, 'again.pdf')).status).toBe(201);
  });

  it('answers 413 past the bytes, and counts each patient apart', async () => {
    const user = await quotaPatient();
    const big = Buffer.alloc(600, 0x20);
    PDF.copy(big);
    expect((await send(user, big, 'a.pdf')).status).toBe(201);
    const over = await send(user, big, 'b.pdf');
    expect(over.status).toBe(413);
    expect(over.body.message).toBe(formatMessage('documentQuotaBytes', { max: '1000 bytes' }));
    expect(await count(user.uid)).toBe(1);
    const other = await quotaPatient();
    expect((await send(other, big, 'b.pdf')).status).toBe(201);
  });

  it('holds under parallel uploads of one patient', async () => {
    const user = await quotaPatient();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => send(user, PDF, `p${i}.pdf`)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(QUOTA.files);
    expect(answers.filter((r) => r.status === 413)).toHaveLength(6 - QUOTA.files);
    expect(await count(user.uid)).toBe(QUOTA.files);
  });
});

describe('GET /api/patients/:uid/documents', () => {
  it('lists the owner’s documents without their bytes; 403 for another patient; 404 for a missing file', async () => {
    const user = await patient();
    const other = await patient();
    await upload(user, PDF, 'a.pdf');
    const list = await request(t.http).get(`/api/patients/${user.uid}/documents`).set(authHeader(user));
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).not.toHaveProperty('bytes');
    expect(list.body[0].fileUrl).toBe(`/patients/${user.uid}/documents/${list.body[0].id}/file`);
    const forbidden = await request(t.http).get(`/api/patients/${user.uid}/documents`).set(authHeader(other));
    expect(forbidden.status).toBe(403);
    const stolen = await request(t.http)
      .get(`/api/patients/${user.uid}/documents/${list.body[0].id}/file`)
      .set(authHeader(other));
    expect(stolen.status).toBe(403);
    const missing = await request(t.http)
      .get(`/api/patients/${user.uid}/documents/00000000-0000-4000-8000-000000000000/file`)
      .set(authHeader(user));
    expect(missing.status).toBe(404);
  });
});

describe('DELETE /api/patients/:uid/documents/:id and the record', () => {
  const save = (user: TestUser, data: Record<string, unknown>) =>
    request(t.http).post('/api/patients').set(authHeader(user)).send({ uid: user.uid, data });
  const record = async (user: TestUser) =>
    (await request(t.http).get(`/api/patients/${user.uid}`).set(authHeader(user))).body as {
      data: Record<string, unknown>;
    };

  it('forgets a deleted per-question upload and a deleted final-step report, keeping the others', async () => {
    const user = await patient();
    const chronic = (await upload(user, PDF, 'HbA1c.pdf', user.uid, 'chronicConditions'))
      .body as PatientDocument;
    const a = (await upload(user, PDF, 'scan-a.pdf', user.uid, 'Medical Report')).body as PatientDocument;
    await upload(user, PDF, 'scan-b.pdf', user.uid, 'Medical Report');
    const saved = await save(user, {
      ...ROUTINE_RECORD,
      chronicConditions_document: 'HbA1c.pdf',
      medicalReports: 'scan-a.pdf, scan-b.pdf',
    });
    expect(saved.status).toBe(201);

    const del = (id: string) =>
      request(t.http).delete(`/api/patients/${user.uid}/documents/${id}`).set(authHeader(user));
    expect((await del(chronic.id)).status).toBe(204);
    let data = (await record(user)).data;
    expect(data.chronicConditions_document).toBeUndefined();
    expect(data.medicalReports).toBe('scan-a.pdf, scan-b.pdf');

    expect((await del(a.id)).status).toBe(204);
    data = (await record(user)).data;
    expect(data.medicalReports).toBe('scan-b.pdf');
    expect(data.name).toBe(ROUTINE_RECORD.name);
  });

  it('keeps the name while another document of that name and type is left', async () => {
    const user = await patient();
    const first = (await upload(user, PDF, 'same.pdf', user.uid, 'medications')).body as PatientDocument;
    await upload(user, PDF, 'same.pdf', user.uid, 'medications');
    await save(user, { ...ROUTINE_RECORD, medications_document: 'same.pdf' });
    const res = await request(t.http)
      .delete(`/api/patients/${user.uid}/documents/${first.id}`)
      .set(authHeader(user));
    expect(res.status).toBe(204);
    expect((await record(user)).data.medications_document).toBe('same.pdf');
  });

  it('still answers 404 for an unknown document and 403 for another patient', async () => {
    const owner = await patient();
    const other = await patient();
    const doc = (await upload(owner, PDF, 'x.pdf', owner.uid, 'Medical Report')).body as PatientDocument;
    const missing = await request(t.http)
      .delete(`/api/patients/${owner.uid}/documents/00000000-0000-4000-8000-000000000000`)
      .set(authHeader(owner));
    expect(missing.status).toBe(404);
    const denied = await request(t.http)
      .delete(`/api/patients/${owner.uid}/documents/${doc.id}`)
      .set(authHeader(other));
    expect(denied.status).toBe(403);
    expect(await documentCount(owner.uid)).toBe(1);
  });
});
