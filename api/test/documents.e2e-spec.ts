import request from 'supertest';
import { MESSAGES, type PatientDocument } from '@medora/shared';
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
    expect(file.headers['content-disposition']).toContain('attachment; filename="Blood test.pdf"');
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
