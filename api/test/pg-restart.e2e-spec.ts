/**
 * A Postgres restart during load. The API runs in-process on its own embedded server (the
 * global setup's server is shared by every other test file and must not be restarted) and serves
 * authenticated reads of patient data and some writes to several concurrent clients while the server
 * is restarted (`pg_ctl restart -m fast`) and while every connection of its database is terminated.
 *
 * Asserted are the issue's correctness limits: the process survives, fewer than 1 % of requests fail,
 * requests succeed again within 5 s of the fault ending, and every failure is a 503 with the generic
 * message (no SQL, table names, patient data or stack). The figures are printed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { createApp } from '../src/app.factory.js';
import { HTTP_MESSAGES } from '../src/common/http-messages.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../src/common/http-exception.filter.js';
import { loadConfig } from '../src/config/config.js';
import { connectionFailure } from '../src/database/connection-errors.js';
import {
  createThrowawayDatabase,
  startEmbeddedPostgres,
  type RunningPostgres,
} from '../src/database/embedded.js';
import { ResilientPool } from '../src/database/resilient-pool.js';
import { ROUTINE_RECORD } from '../src/summary/summary.fixtures.js';
import { freePort } from './free-port.js';
import { authHeader, signUpUser, testProjectId } from './helpers.js';

const DATABASE = 'medora_restart';
/** Concurrent clients of the load. */
const WORKERS = 8;
/** Requests answered before the fault, and at least this many after it. */
const BEFORE_FAULT = 300;
const AFTER_FAULT = 700;
/** "Succeeds again" means this many consecutive successful answers. */
const STREAK = 20;
const MAX_FAILED_RATIO = 0.01;
const RECOVERY_LIMIT_MS = 5_000;

const UNAVAILABLE = {
  statusCode: 503,
  error: 'Service Unavailable',
  message: HTTP_MESSAGES.serviceUnavailable,
};

let dir: string;
let port: number;
let server: RunningPostgres;
let app: NestFastifyApplication;
let base: string;
let patients: Patient[];

interface Patient {
  uid: string;
  headers: Record<string, string>;
  /** A name that exists nowhere else: finding it in an error body would be a leak of patient data. */
  name: string;
}

/** Runs SQL in the app's database as the superuser, on a connection of its own. */
async function admin<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

const postmasterStart = async () =>
  (await admin<{ t: Date }>('SELECT pg_postmaster_start_time() AS t'))[0]!.t.getTime();

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'medora-pg-restart-'));
  port = await freePort();
  server = await startEmbeddedPostgres({ dataDir: dir, port, database: DATABASE });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: server.url,
    FIREBASE_PROJECT_ID: testProjectId(),
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
    SEED_DEMO_DATA: 'true',
    // The load comes from one IP and hits /api/me thousands of times: the sign-in rate limit is not
    // what this file tests.
    RATE_LIMIT_SIGN_IN_PER_USER: '1000000',
    RATE_LIMIT_SIGN_IN_PER_IP: '1000000',
  });
  app = await createApp({ ...config, databaseUrl: server.url });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;

  const [doctor] = await admin<{ id: string; name: string; clinic: string; specialty: string }>(
    'SELECT id, name, clinic, specialty FROM doctors ORDER BY name LIMIT 1',
  );
  patients = [];
  for (let i = 0; i < 6; i++) {
    const user = await signUpUser();
    const p: Patient = { uid: user.uid, headers: authHeader(user), name: `Zebulon Restartwood ${i}` };
    expect((await post('/api/users', p, { uid: p.uid, role: 'patient' })).status).toBe(201);
    expect(
      (await post('/api/patients', p, { uid: p.uid, data: { ...ROUTINE_RECORD, name: p.name } })).status,
    ).toBe(201);
    await admin(
      `INSERT INTO appointments (patient_uid, doctor_id, starts_at, clinic, specialty, doctor_name)
       VALUES ($1, $2, now() + ($3 || ' days')::interval, $4, $5, $6)`,
      [p.uid, doctor!.id, String(i + 2), doctor!.clinic, doctor!.specialty, doctor!.name],
    );
    patients.push(p);
  }
}, 120_000);

afterAll(async () => {
  await app?.close();
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

function post(route: string, p: Patient, body: unknown): Promise<Response> {
  return fetch(`${base}${route}`, {
    method: 'POST',
    headers: { ...p.headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

interface Call {
  label: string;
  send: () => Promise<Response>;
  /** The answer a healthy API gives. */
  ok: (status: number, body: string) => boolean;
}

interface Outcome {
  label: string;
  start: number;
  end: number;
  ok: boolean;
  status: number;
  body: string;
  retryAfter: string | null;
}

const parse = (body: string): unknown => {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
};
const json = (body: string) => (parse(body) ?? {}) as Record<string, unknown>;

/** Per patient: nine authenticated reads of their own data and one write (a repeat save of the record). */
function callsOf(p: Patient): Call[] {
  const get = (route: string) => () => fetch(`${base}${route}`, { headers: p.headers });
  const me: Call = {
    label: 'GET /api/me',
    send: get('/api/me'),
    ok: (s, b) =>
      s === 200 && json(b).registered === true && (json(b).user as { uid?: string })?.uid === p.uid,
  };
  const appointments: Call = {
    label: 'GET /api/appointments',
    send: get(`/api/appointments?uid=${p.uid}`),
    ok: (s, b) => s === 200 && Array.isArray(parse(b)) && (parse(b) as unknown[]).length === 1,
  };
  const record: Call = {
    label: 'GET /api/patients/:uid',
    send: get(`/api/patients/${p.uid}`),
    ok: (s, b) => s === 200 && (json(b).data as { name?: string })?.name === p.name,
  };
  const save: Call = {
    label: 'POST /api/patients',
    send: () => post('/api/patients', p, { uid: p.uid, data: { ...ROUTINE_RECORD, name: p.name } }),
    ok: (s, b) => s === 200 && (json(b).data as { name?: string })?.name === p.name,
  };
  return [me, appointments, record, me, appointments, record, me, appointments, record, save];
}

/** Steady load from WORKERS concurrent clients until `stop()`; outcomes are kept in the order answered. */
class Load {
  readonly outcomes: Outcome[] = [];
  private stopped = false;
  private readonly workers: Promise<void>[];
  private waiter: { until: () => boolean; resolve: () => void } | undefined;

  constructor(private readonly calls: Call[]) {
    this.workers = Array.from({ length: WORKERS }, (_, w) =>
      this.worker(Math.floor((w * calls.length) / WORKERS)),
    );
  }

  /** Resolves once `until()` holds after an answer; rejects when it has not within `limitMs`. */
  waitFor(until: () => boolean, limitMs: number, what: string): Promise<void> {
    if (until()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = undefined;
        reject(new Error(`${what}: not within ${limitMs} ms (${this.outcomes.length} answers)`));
      }, limitMs);
      this.waiter = {
        until,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
    });
  }

  async stop(): Promise<Outcome[]> {
    this.stopped = true;
    await Promise.all(this.workers);
    return this.outcomes;
  }

  private async worker(offset: number): Promise<void> {
    for (let i = offset; !this.stopped; i++) {
      const call = this.calls[i % this.calls.length]!;
      const start = performance.now();
      let outcome: Omit<Outcome, 'end'>;
      try {
        const res = await call.send();
        const body = await res.text();
        outcome = {
          label: call.label,
          start,
          ok: call.ok(res.status, body),
          status: res.status,
          body,
          retryAfter: res.headers.get('retry-after'),
        };
      } catch (error) {
        // No answer at all (the process died or dropped the connection): a failure like any other.
        outcome = { label: call.label, start, ok: false, status: 0, body: String(error), retryAfter: null };
      }
      this.outcomes.push({ ...outcome, end: performance.now() });
      if (this.waiter?.until()) {
        const { resolve } = this.waiter;
        this.waiter = undefined;
        resolve();
      }
    }
  }
}

/** The end of the first run of STREAK consecutive successes answered at or after `from`. */
function recoveredAt(outcomes: Outcome[], from: number): number | undefined {
  let run = 0;
  for (let i = 0; i < outcomes.length; i++) {
    const o = outcomes[i]!;
    if (o.end < from) continue;
    run = o.ok ? run + 1 : 0;
    if (run === STREAK) return outcomes[i - STREAK + 1]!.end;
  }
  return undefined;
}

interface Figures {
  total: number;
  failed: Outcome[];
  faultMs: number;
  recoveryMs: number | undefined;
}

/** Load; the fault once BEFORE_FAULT answers are in; load until recovered and AFTER_FAULT more answers. */
async function faultUnderLoad(name: string, fault: () => Promise<void>): Promise<Figures> {
  const calls = [...Array(10).keys()].flatMap((k) => patients.map((p) => callsOf(p)[k]!));
  const load = new Load(calls);
  let faultStart: number;
  let faultEnd: number;
  try {
    await load.waitFor(() => load.outcomes.length >= BEFORE_FAULT, 60_000, 'warm-up');
    faultStart = performance.now();
    await fault();
    faultEnd = performance.now();
    const after = () => load.outcomes.filter((o) => o.end >= faultEnd).length;
    await load
      .waitFor(
        () => after() >= AFTER_FAULT && recoveredAt(load.outcomes, faultEnd) !== undefined,
        60_000,
        `${name}: recovery`,
      )
      .catch(() => undefined); // reported by the assertions below, with the figures
  } finally {
    await load.stop();
  }
  const outcomes = load.outcomes;
  const failed = outcomes.filter((o) => !o.ok);
  const recovered = recoveredAt(outcomes, faultEnd);
  const figures: Figures = {
    total: outcomes.length,
    failed,
    faultMs: faultEnd - faultStart,
    recoveryMs: recovered === undefined ? undefined : Math.max(0, recovered - faultEnd),
  };
  const slowest = Math.max(...outcomes.map((o) => o.end - o.start));
  const byLabel = [...new Set(failed.map((o) => `${o.label} ${o.status}`))].join(', ');
  console.log(
    `${name}: ${figures.total} requests, ${failed.length} failed ` +
      `(${((100 * failed.length) / figures.total).toFixed(2)} %${byLabel ? `: ${byLabel}` : ''}); ` +
      `fault took ${figures.faultMs.toFixed(0)} ms; recovered ` +
      `${figures.recoveryMs === undefined ? 'never' : `${figures.recoveryMs.toFixed(0)} ms`} after it ` +
      `(first ${STREAK} consecutive successes); slowest request ${slowest.toFixed(0)} ms`,
  );
  return figures;
}

/** What an error body must never contain: SQL, schema names, driver text, patient data, a stack. */
function leaksIn(body: string): string[] {
  const forbidden = [
    /\b(select|insert|update|delete)\b/i,
    /\b(from|where|returning)\s/i,
    /patient_profiles|firebase_uid|audit_log|appointments|notification_reads|\busers\b|\bdoctors\b/i,
    /terminating connection|Connection terminated|ECONN|57P0\d|database system/i,
    /\bat .+:\d+:\d+/,
    ...patients.flatMap((p) => [p.name, p.uid]),
  ];
  return forbidden.filter((f) => (typeof f === 'string' ? body.includes(f) : f.test(body))).map(String);
}

function expectWithinLimits(figures: Figures): void {
  for (const o of figures.failed) {
    expect({ status: o.status, body: json(o.body), retryAfter: o.retryAfter }).toEqual({
      status: 503,
      body: UNAVAILABLE,
      retryAfter: String(DATABASE_RETRY_AFTER_SECONDS),
    });
    expect(leaksIn(o.body)).toEqual([]);
  }
  expect(figures.failed.length / figures.total).toBeLessThan(MAX_FAILED_RATIO);
  expect(figures.recoveryMs).toBeDefined();
  expect(figures.recoveryMs!).toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
}

async function expectHealthy(): Promise<void> {
  const res = await fetch(`${base}/api/health`);
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ status: 'ok', database: { status: 'up' } });
}

describe('the API under load', () => {
  it('survives pg_ctl restart -m fast of its database server', async () => {
    const startedBefore = await postmasterStart();
    const figures = await faultUnderLoad('pg_ctl restart -m fast', () => server.restart());
    // A real restart: a new postmaster.
    expect(await postmasterStart()).toBeGreaterThan(startedBefore);
    expectWithinLimits(figures);
    await expectHealthy();
  }, 180_000);

  it('survives pg_terminate_backend of every connection of its database', async () => {
    let terminated = 0;
    const figures = await faultUnderLoad('pg_terminate_backend (all)', async () => {
      const [row] = await admin<{ n: number }>(
        `SELECT count(*)::int AS n FROM (
           SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()
         ) killed`,
        [DATABASE],
      );
      terminated = row!.n;
    });
    expect(terminated).toBeGreaterThan(0);
    expectWithinLimits(figures);
    await expectHealthy();
  }, 180_000);

  it('answers 503 with Retry-After while the server is down, says so in health, and serves again once it is back', async () => {
    const p = patients[0]!;
    await server.stop();
    try {
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: 'degraded', database: { status: 'down' } });

      // Waits out the retry window, then gives up with the generic answer.
      const res = await fetch(`${base}/api/patients/${p.uid}`, { headers: p.headers });
      const body = await res.text();
      expect(res.status).toBe(503);
      expect(JSON.parse(body)).toEqual(UNAVAILABLE);
      expect(res.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(leaksIn(body)).toEqual([]);
    } finally {
      server = await startEmbeddedPostgres({ dataDir: dir, port, database: DATABASE });
    }
    const res = await fetch(`${base}/api/patients/${p.uid}`, { headers: p.headers });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { name: string } }).data.name).toBe(p.name);
    await expectHealthy();
  }, 60_000);
});

describe('ResilientPool on a real server', () => {
  let pool: ResilientPool;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const db = await createThrowawayDatabase(server.url, 'pool_test');
    drop = db.drop;
    pool = new ResilientPool({ connectionString: db.url, max: 4 });
    await pool.query('CREATE TABLE marks (v int NOT NULL)');
  });

  afterAll(async () => {
    await pool?.end();
    await drop?.();
  });

  const count = async (v: number) =>
    Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM marks WHERE v = $1', [v])).rows[0]!.n);
  const pidOf = async (client: pg.PoolClient) =>
    (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;

  /** Terminates backend `pid` once it is running a statement (so that statement is in flight). */
  async function terminateWhenActive(pid: number): Promise<void> {
    for (;;) {
      const [row] = await admin<{ state: string | null }>(
        'SELECT state FROM pg_stat_activity WHERE pid = $1',
        [pid],
      );
      if (row?.state === 'active') break;
    }
    await admin('SELECT pg_terminate_backend($1)', [pid]);
  }

  it('runs a read again on a new connection when its connection is terminated mid-statement', async () => {
    const client = await pool.connect();
    try {
      const pid = await pidOf(client);
      const [result] = await Promise.all([
        client.query<{ v: number }>('SELECT 7 AS v FROM pg_sleep(0.5)'),
        terminateWhenActive(pid),
      ]);
      expect(result.rows).toEqual([{ v: 7 }]);
      expect(await pidOf(client)).not.toBe(pid);
    } finally {
      client.release();
    }
  });

  it('never repeats a write that was in flight when its connection died', async () => {
    const client = await pool.connect();
    let error: unknown;
    try {
      const pid = await pidOf(client);
      const [outcome] = await Promise.allSettled([
        client.query('INSERT INTO marks (v) SELECT 1 FROM pg_sleep(0.5)'),
        terminateWhenActive(pid),
      ]);
      error = outcome.status === 'rejected' ? outcome.reason : undefined;
    } finally {
      client.release();
    }
    expect(connectionFailure(error)).toBe('57P01');
    expect(await count(1)).toBe(0);
  });

  it('moves a transaction that has only begun to a new connection, and commits it once', async () => {
    const client = await pool.connect();
    try {
      const pid = await pidOf(client);
      await client.query('START TRANSACTION');
      await admin('SELECT pg_terminate_backend($1)', [pid]);
      await client.query('INSERT INTO marks (v) VALUES (2)');
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect(await count(2)).toBe(1);
  });

  it('fails a transaction that has done work when its connection dies, and leaves nothing behind', async () => {
    const client = await pool.connect();
    let error: unknown;
    try {
      const pid = await pidOf(client);
      await client.query('START TRANSACTION');
      await client.query('INSERT INTO marks (v) VALUES (3)');
      await admin('SELECT pg_terminate_backend($1)', [pid]);
      error = await client.query('INSERT INTO marks (v) VALUES (3)').then(
        () => undefined,
        (e: unknown) => e,
      );
      await client.query('ROLLBACK').catch(() => undefined);
    } finally {
      client.release();
    }
    expect(connectionFailure(error)).toBeDefined();
    expect(await count(3)).toBe(0);
  });
});
