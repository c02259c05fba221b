import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import type { Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { buildRuntimeConfig } from '../../shared/src/runtime-config-env.js';
import { dnsServer } from '../../scripts/lib/dns-stub.js';
import { createGateway } from '../../scripts/lib/gateway.js';
import {
  findNginx,
  NGINX_TEMPLATES,
  renderSite,
  startNginx,
  type RunningNginx,
} from '../../scripts/lib/nginx.js';
import { stopProcessGroup } from '../../scripts/lib/auth-emulator.js';
import { createThrowawayDatabase } from '../src/database/embedded.js';
import { buildApi } from './api-process.js';
import { startApiProcess, type ApiProcess } from './api-replica.js';
import { bookableSlots, bookingBody, type SeededDoctor } from './booking-helpers.js';
import { freePort } from './free-port.js';
import { authHeader, signUpUser, testProjectId, type TestUser } from './helpers.js';
import { startS3Server, type TestS3 } from './s3-server.js';
import { TEST_ENV, clockEnv } from './test-env.js';

/**
 * A rolling restart under load: three real API processes (the production build) on one Postgres,
 * one Redis and one S3 bucket, behind the real nginx running the rendered gateway.conf, which finds
 * them by one name (a small DNS server answers it with 127.0.0.2–4, as Docker's DNS answers `api`
 * with one address per replica). While clients send GETs and booking POSTs with an Idempotency-Key
 * through nginx, each replica in turn gets SIGTERM and is started again on its address. No request
 * may fail. Without nginx: fails under CI=true, skips elsewhere.
 */

const NGINX = findNginx();
if (!NGINX && process.env.CI === 'true') throw new Error('nginx is missing: CI must install it.');
const describeNginx = NGINX ? describe : describe.skip;

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const HOSTS = ['127.0.0.2', '127.0.0.3', '127.0.0.4'];
const NAME = 'api.medora.test';
/** The pre-stop delay under test: readiness 503 while the replica still serves. */
const SHUTDOWN_DELAY_MS = 1_000;
/** At most this many requests in all, whatever happens (the load is bounded). */
const MAX_REQUESTS = 20_000;
const CLIENTS = 6;

const prefix = `medora-test:${randomUUID()}:`;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'medora-rolling-'));
chmodSync(tmp, 0o755);
let db: { url: string; drop: () => Promise<void> };
let s3: TestS3;
let dns: Socket | undefined;
let nginx: RunningNginx | undefined;
let port: number;
let gatewayBase: string;
const replicas: ApiProcess[] = [];
const everyProcess: ApiProcess[] = [];

function apiEnv(): Record<string, string | undefined> {
  return {
    ...clockEnv(),
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: db.url,
    FIREBASE_PROJECT_ID: testProjectId(),
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
    SEED_DEMO_DATA: 'true',
    DB_POOL_SIZE: '4',
    REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    ...s3.env,
    SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
    // One client address (nginx) and few users send thousands of requests: no limit may answer 429.
    RATE_LIMIT_SIGN_IN_PER_USER: '1000000',
    RATE_LIMIT_SIGN_IN_PER_IP: '1000000',
    RATE_LIMIT_WRITE_PER_USER: '1000000',
    RATE_LIMIT_WRITE_PER_IP: '1000000',
    RATE_LIMIT_BOOKING_PER_IP: '1000000',
    RATE_LIMIT_BOOKING_PER_USER: '1000000',
  };
}

async function startReplica(i: number): Promise<ApiProcess> {
  const api = await startApiProcess(apiEnv(), HOSTS[i]!, port, '/api/health/ready');
  replicas[i] = api;
  everyProcess.push(api);
  return api;
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

const send = (url: string, init: RequestInit = {}) => fetch(`${gatewayBase}${url}`, init);

describeNginx('a rolling restart of three API replicas behind nginx', () => {
  beforeAll(async () => {
    await buildApi();
    s3 = await startS3Server();
    db = await createThrowawayDatabase(process.env[TEST_ENV.dbServerUrl]!, process.env[TEST_ENV.dbPrefix]!);
    port = await freePort();
    // One at a time: the first migrates and seeds.
    for (let i = 0; i < HOSTS.length; i++) await startReplica(i);
    dns = dnsServer({ [NAME]: HOSTS });
    await new Promise<void>((resolve) => dns!.bind(0, '127.0.0.1', resolve));
    const gatewayPort = await freePort();
    const dead = `127.0.0.1:${await freePort()}`;
    renderSite(
      path.join(tmp, 'conf.d'),
      NGINX_TEMPLATES.gateway,
      {
        NGINX_PORT: String(gatewayPort),
        NGINX_RESOLVER: `127.0.0.1:${(dns.address() as AddressInfo).port}`,
        API_UPSTREAM: `${NAME}:${port}`,
        SHELL_UPSTREAM: dead,
        LANDING_UPSTREAM: dead,
        PATIENT_UPSTREAM: dead,
        BOOKING_UPSTREAM: dead,
        PROVIDER_UPSTREAM: dead,
        NGINX_ACCESS_LOG: path.join(tmp, 'access.log'),
      },
      buildRuntimeConfig({ MEDORA_MODE: 'local' }),
      'gateway',
    );
    gatewayBase = `http://127.0.0.1:${gatewayPort}`;
    nginx = await startNginx(NGINX!, tmp, `${gatewayBase}/healthz`);
  }, 300_000);

  afterAll(async () => {
    await nginx?.stop();
    for (const api of everyProcess) await stopProcessGroup(api.child);
    dns?.close();
    await db?.drop();
    await s3?.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    rmSync(tmp, { recursive: true, force: true });
  }, 60_000);

  it('answers a 10 MB JSON body 413 directly, through nginx and through the Node gateway', async () => {
    const body = JSON.stringify({ text: 'a'.repeat(10 * 1024 * 1024) });
    const post = (base: string) =>
      fetch(`${base}/api/users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const gateway: Server = createGateway({ api: replicas[0]!.base, shell: replicas[0]!.base, remotes: {} });
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', () => r()));
    try {
      const node = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
      const statuses: Record<string, number> = {};
      for (const [name, base] of [
        ['direct', replicas[0]!.base],
        ['nginx', gatewayBase],
        ['node gateway', node],
      ] as const) {
        const started = performance.now();
        const res = await post(base);
        await res.arrayBuffer();
        statuses[name] = res.status;
        console.log(
          `10 MB JSON POST ${name}: ${res.status} in ${Math.round(performance.now() - started)} ms`,
        );
      }
      expect(statuses).toEqual({ direct: 413, nginx: 413, 'node gateway': 413 });
    } finally {
      await new Promise((r) => gateway.close(r));
    }
  }, 60_000);

  it('loses no request while each replica in turn is stopped with SIGTERM and started again', async () => {
    const [doctor] = (await sql(
      `SELECT id, name, clinic, specialty, time_zone AS "timeZone", schedule FROM doctors WHERE seed_key = 'demo-doctor-general-medicine'`,
    )) as SeededDoctor[];
    const slots = bookableSlots(doctor!);
    // One patient, booking and Idempotency-Key per client: the first POST books, the rest replay.
    const clients: Array<{ user: TestUser; key: string; body: unknown }> = [];
    for (let i = 0; i < CLIENTS; i++) {
      const user = await signUpUser();
      const created = await send('/api/users', {
        method: 'POST',
        headers: { ...authHeader(user), 'content-type': 'application/json' },
        body: JSON.stringify({ uid: user.uid, role: 'patient' }),
      });
      expect(created.status).toBe(201);
      clients.push({ user, key: randomUUID(), body: bookingBody(user, doctor!, slots[i]!) });
    }

    const counts = { get: 0, post: 0 };
    const failures: string[] = [];
    let running = true;
    const client = async ({ user, key, body }: (typeof clients)[number]) => {
      while (running && counts.get + counts.post < MAX_REQUESTS) {
        const isGet = (counts.get + counts.post) % 2 === 0;
        const res = isGet
          ? await send('/api/me', { headers: authHeader(user) }).catch((e: Error) => e)
          : await send('/api/appointments', {
              method: 'POST',
              headers: {
                ...authHeader(user),
                'content-type': 'application/json',
                'idempotency-key': key,
              },
              body: JSON.stringify(body),
            }).catch((e: Error) => e);
        if (isGet) counts.get++;
        else counts.post++;
        if (res instanceof Error) {
          failures.push(`${isGet ? 'GET' : 'POST'} ${res.message}`);
          continue;
        }
        const text = await res.text();
        const ok = isGet ? res.status === 200 : res.status === 201 || res.status === 200;
        if (!ok) failures.push(`${isGet ? 'GET' : 'POST'} ${res.status} ${text.slice(0, 160)}`);
      }
    };
    const load = Promise.all(clients.map(client));

    const restarts: string[] = [];
    try {
      for (let i = 0; i < HOSTS.length; i++) {
        const old = replicas[i]!;
        const started = performance.now();
        old.child.kill('SIGTERM');
        const code = await old.exited;
        const stopped = performance.now();
        await startReplica(i);
        restarts.push(
          `${HOSTS[i]}: exited ${code} after ${Math.round(stopped - started)} ms, ready again after ${Math.round(performance.now() - stopped)} ms`,
        );
        expect(code).toBe(0);
      }
    } finally {
      running = false;
      await load;
    }
    console.log(
      [
        `Rolling restart of ${HOSTS.length} replicas under load (${CLIENTS} clients):`,
        ...restarts,
        `requests: ${counts.get + counts.post} (GET ${counts.get}, POST ${counts.post}), failed: ${failures.length}`,
        ...failures.slice(0, 20),
      ].join('\n'),
    );
    expect(failures).toEqual([]);
    // Every client's booking exists once, however often its POST was replayed or retried.
    const rows = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM appointments WHERE patient_uid = ANY($1)`,
      [clients.map((c) => c.user.uid)],
    );
    expect(rows[0]!.n).toBe(CLIENTS);
  }, 300_000);
});
