import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import request from 'supertest';
import { buildTasks, isStale } from '../../scripts/lib/build.js';
import { stopProcessGroup } from '../../scripts/lib/auth-emulator.js';
import { waitForHttp } from '../../scripts/lib/wait.js';
import { findRepoRoot } from '../src/config/config.js';
import { createThrowawayDatabase } from '../src/database/embedded.js';
import { MIGRATIONS } from '../src/database/migrations/index.js';
import { bookableSlots, bookingBody, type SeededDoctor } from './booking-helpers.js';
import { freePort } from './free-port.js';
import { authHeader, signUpUser, testProjectId, type TestUser } from './helpers.js';
import { startS3Server, type TestS3 } from './s3-server.js';
import { TEST_ENV, clockEnv } from './test-env.js';

/**
 * Many API processes, one truth: two real API processes (the production build,
 * `node api/dist/main.js`) on one Postgres database, one Redis (a key prefix of this run) and one S3
 * bucket (s3rver) behave as one API. The second process starts once the first is ready: at boot each
 * process migrates, and two processes migrating at the same moment are another change's concern
 * (an advisory lock around migrations); the check here is that the migrations ran once.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `medora-test:${randomUUID()}:`;
const root = findRepoRoot();

let db: { url: string; drop: () => Promise<void> };
let s3: TestS3;
const processes: ChildProcess[] = [];
let urls: [string, string];

/** Builds api/dist when its sources are newer (a fresh clone has none). */
async function ensureApiBuild(): Promise<void> {
  const task = buildTasks().rest.find((t) => t.pkg === '@medora/api')!;
  if (!(await isStale(root, task))) return;
  const built = spawnSync('npm', ['run', 'build', '--silent', '-w', '@medora/api'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`API build failed:\n${built.stdout}${built.stderr}`);
}

async function startApi(): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'api', 'dist', 'main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      ...clockEnv(),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      API_PORT: String(port),
      DATABASE_URL: db.url,
      FIREBASE_PROJECT_ID: testProjectId(),
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
      SEED_DEMO_DATA: 'true',
      DB_POOL_SIZE: '6',
      REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      ...s3.env,
      // The sign-in limit is what the rate-limit test counts; bookings race from one address.
      RATE_LIMIT_SIGN_IN_PER_USER: '3',
      RATE_LIMIT_BOOKING_PER_IP: '10000',
      RATE_LIMIT_BOOKING_PER_USER: '1000',
      RATE_LIMIT_UPLOAD_PER_IP: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  processes.push(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`API exited with ${code}:\n${output.slice(-3000)}`))),
  );
  await Promise.race([waitForHttp(`${base}/api/health`, 90_000, true), exited]);
  return base;
}

async function sql<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

async function patient(base: string): Promise<TestUser> {
  const user = await signUpUser();
  await request(base)
    .post('/api/users')
    .set(authHeader(user))
    .send({ uid: user.uid, role: 'patient' })
    .expect(201);
  return user;
}

beforeAll(async () => {
  await ensureApiBuild();
  s3 = await startS3Server();
  db = await createThrowawayDatabase(process.env[TEST_ENV.dbServerUrl]!, process.env[TEST_ENV.dbPrefix]!);
  const first = await startApi();
  urls = [first, await startApi()];
}, 240_000);

afterAll(async () => {
  for (const child of processes) await stopProcessGroup(child);
  await db?.drop();
  await s3?.close();
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
}, 60_000);

it('ran each migration once', async () => {
  const rows = await sql<{ name: string; n: number }>(
    `SELECT name, count(*)::int AS n FROM migrations GROUP BY name ORDER BY name`,
  );
  expect(rows).toHaveLength(MIGRATIONS.length);
  expect(rows.filter((r) => r.n !== 1)).toEqual([]);
});

it('counts a rate limit across both processes', async () => {
  const user = await signUpUser();
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) {
    statuses.push(
      (
        await request(urls[i % 2]!)
          .get('/api/me')
          .set(authHeader(user))
      ).status,
    );
  }
  // RATE_LIMIT_SIGN_IN_PER_USER=3 in total, not 3 per process (which would allow all five).
  expect(statuses).toEqual([200, 200, 200, 429, 429]);
});

describe('booking', () => {
  let doctor: SeededDoctor;
  let slots: string[];
  const body = (user: TestUser, date: string) => bookingBody(user, doctor, date);

  beforeAll(async () => {
    [doctor] = (await sql(
      `SELECT id, name, clinic, specialty, time_zone AS "timeZone", schedule FROM doctors WHERE seed_key = 'demo-doctor-general-medicine'`,
    )) as SeededDoctor[];
    slots = bookableSlots(doctor);
  });

  it('gives one slot to exactly one of 50 concurrent patients split over both processes', async () => {
    const patients: TestUser[] = [];
    for (let i = 0; i < 50; i += 10) {
      patients.push(
        ...(await Promise.all(Array.from({ length: 10 }, (_, j) => patient(urls[(i + j) % 2]!)))),
      );
    }
    const date = slots[0]!;
    const results = await Promise.all(
      patients.map((p, i) =>
        request(urls[i % 2]!)
          .post('/api/appointments')
          .set(authHeader(p))
          .send(body(p, date)),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const rows = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM appointments WHERE doctor_id = $1 AND status <> 'Cancelled'`,
      [doctor.id],
    );
    expect(rows[0]!.n).toBe(1);
  }, 120_000);

  it('answers an Idempotency-Key replayed on the other process with the same booking', async () => {
    const user = await patient(urls[0]);
    const key = randomUUID();
    const send = (base: string) =>
      request(base)
        .post('/api/appointments')
        .set(authHeader(user))
        .set('Idempotency-Key', key)
        .send(body(user, slots[1]!));
    const first = await send(urls[0]);
    expect(first.status).toBe(201);
    // The replay is answered as on one process (appointments.e2e-spec): 200 with the same booking.
    const replay = await send(urls[1]);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    const rows = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM appointments WHERE patient_uid = $1`,
      [user.uid],
    );
    expect(rows[0]!.n).toBe(1);
  });
});

it('downloads through one process a document uploaded through the other', async () => {
  const user = await patient(urls[0]);
  const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(200_000), Buffer.from('\n%%EOF\n')]);
  const up = await request(urls[0])
    .post(`/api/patients/${user.uid}/documents`)
    .set(authHeader(user))
    .attach('file', bytes, { filename: 'scan.pdf', contentType: 'application/pdf' });
  expect(up.status).toBe(201);
  expect((await s3.keys()).some((k) => k.startsWith(`documents/${user.uid}/`))).toBe(true);
  const down = await request(urls[1])
    .get(`/api${up.body.fileUrl as string}`)
    .set(authHeader(user))
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  expect(down.status).toBe(200);
  expect(Buffer.compare(down.body as Buffer, bytes)).toBe(0);
});
