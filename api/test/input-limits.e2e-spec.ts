import { performance } from 'node:perf_hooks';
import request from 'supertest';
import { MESSAGES, formatMessage } from '@medora/shared';
import { JSON_LIMITS, MAX_ERROR_FIELDS } from '../src/common/input-limits.js';
import {
  authHeader,
  createTestApp,
  signUpUser,
  testProjectId,
  type TestApp,
  type TestUser,
} from './helpers.js';

/**
 * Bad input gets a fast, small answer. Key count and depth are refused before
 * validation, and an error body names at most MAX_ERROR_FIELDS fields. Correctness only: times are
 * printed, never asserted.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** A signed-up account whose email the Auth emulator marks verified, with a fresh ID token. */
async function verifiedUser(): Promise<TestUser> {
  const user = await signUpUser();
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST!;
  const projectId = testProjectId();
  const update = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: user.uid, emailVerified: true }),
    },
  );
  if (!update.ok) throw new Error(`emulator update failed: ${update.status} ${await update.text()}`);
  const signIn = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: 'secret-password', returnSecureToken: true }),
    },
  );
  const body = (await signIn.json()) as { idToken: string };
  return { ...user, idToken: body.idToken };
}

async function registeredPatient(): Promise<TestUser> {
  const user = await verifiedUser();
  const res = await request(t.http)
    .post('/api/users')
    .set(authHeader(user))
    .send({ uid: user.uid, role: 'patient' });
  expect(res.status).toBe(201);
  return user;
}

/** `{"k0":0,"k1":0,...}` as text, `count` keys. */
const manyKeys = (count: number) =>
  `{${Array.from({ length: count }, (_, i) => `"k${i.toString(36)}":0`).join(',')}}`;

describe('JSON bodies past the shape limits', () => {
  it('answers a 1 MB intake with 90,000 unknown keys with a small 413', async () => {
    const patient = await registeredPatient();
    const data = manyKeys(90_000);
    const payload = `{"uid":${JSON.stringify(patient.uid)},"data":${data}}`;
    expect(payload.length).toBeGreaterThan(700_000);
    const started = performance.now();
    const res = await request(t.http)
      .post('/api/patients')
      .set(authHeader(patient))
      .set('content-type', 'application/json')
      .send(payload);
    console.log(`90,000-key body answered ${res.status} in ${Math.round(performance.now() - started)} ms`);
    expect(res.status).toBe(413);
    expect(res.text.length).toBeLessThan(4096);
    expect(res.body).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: formatMessage('jsonTooManyKeys', { max: JSON_LIMITS.maxKeys }),
    });
  });

  it('refuses a body nested deeper than the limit with 400', async () => {
    const patient = await registeredPatient();
    const deep = '{"a":'.repeat(50) + '1' + '}'.repeat(50);
    const res = await request(t.http)
      .post('/api/patients')
      .set(authHeader(patient))
      .set('content-type', 'application/json')
      .send(`{"uid":${JSON.stringify(patient.uid)},"data":${deep}}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(formatMessage('jsonTooDeep', { max: JSON_LIMITS.maxDepth }));
  });

  it('refuses a body with too many array items with 413, before authentication', async () => {
    const items = `[${Array.from({ length: JSON_LIMITS.maxArrayItems + 1 }, () => '0').join(',')}]`;
    const res = await request(t.http)
      .post('/api/users')
      .set('content-type', 'application/json')
      .send(`{"uid":${items}}`);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(formatMessage('jsonTooManyItems', { max: JSON_LIMITS.maxArrayItems }));
  });

  it('still validates bodies at the limits; brackets, colons and commas inside strings do not count', async () => {
    const patient = await registeredPatient();
    const post = (payload: string) =>
      request(t.http)
        .post('/api/users')
        .set(authHeader(patient))
        .set('content-type', 'application/json')
        .send(payload);
    const tooMany = formatMessage('jsonTooManyKeys', { max: JSON_LIMITS.maxKeys });
    const head = `"uid":${JSON.stringify(patient.uid)},"role":"patient"`;
    const extra = (n: number) => manyKeys(n).slice(1, -1);

    const atLimit = await post(`{${head},${extra(JSON_LIMITS.maxKeys - 2)}}`);
    expect(atLimit.status).toBe(400);
    expect(atLimit.body.message).toBe(MESSAGES.unknownField);
    const overLimit = await post(`{${head},${extra(JSON_LIMITS.maxKeys - 1)}}`);
    expect(overLimit.status).toBe(413);
    expect(overLimit.body.message).toBe(tooMany);

    const note = await post(`{${head},"note":${JSON.stringify('{[:,'.repeat(5000))}}`);
    expect(note.status).toBe(400);
    expect(note.body.message).not.toBe(tooMany);

    // Depth 10 exactly (the object and 9 lists) is parsed and reaches validation: a role is no list.
    const lists = `${'['.repeat(JSON_LIMITS.maxDepth - 1)}${']'.repeat(JSON_LIMITS.maxDepth - 1)}`;
    const atDepth = await post(`{"uid":${JSON.stringify(patient.uid)},"role":${lists}}`);
    expect(atDepth.status).toBe(400);
    expect(atDepth.body.message).not.toBe(formatMessage('jsonTooDeep', { max: JSON_LIMITS.maxDepth }));
  });
});

describe('error bodies', () => {
  it(`name at most ${MAX_ERROR_FIELDS} fields when 100 are bad`, async () => {
    const patient = await registeredPatient();
    const data = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`unknown${i}`, 'x']));
    const res = await request(t.http)
      .post('/api/patients')
      .set(authHeader(patient))
      .send({ uid: patient.uid, data });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.unknownField);
    const fields = Object.keys(res.body.fields as Record<string, string>);
    expect(fields.length).toBeGreaterThan(0);
    expect(fields.length).toBeLessThanOrEqual(MAX_ERROR_FIELDS);
  });
});
