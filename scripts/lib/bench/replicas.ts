/**
 * One API process against two on this machine, both sharing one Postgres and one Redis
 * (rate limits), measured with autocannon on a hot read and on booking. What it shows is correctness
 * and no regression with two processes (one slot is still booked exactly once; every read answers
 * 2xx), not a speed-up: two processes share the machine's two cores with Postgres and autocannon.
 *
 *   npx tsx scripts/lib/bench/replicas.ts           standalone (needs api/dist: npm run build)
 *   BENCH_DURATION=10 npx tsx scripts/lib/bench/replicas.ts
 *
 * Ports: BENCH_PORT_OFFSET + 600 … + 620 (default offset 24000). Redis: REDIS_URL (default
 * redis://127.0.0.1:6379), under a key prefix of this run that is deleted at the end.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import {
  availableDates,
  formatAppointmentDate,
  slotsFor,
  type DoctorsWithContextResponse,
} from '@medora/shared';
import { startEmbeddedPostgres, type RunningPostgres } from '../../../api/src/database/embedded.js';
import { startAuthEmulator, type RunningAuthEmulator } from '../auth-emulator.js';
import { pooled, runLoad, type LoadRun } from './load.js';
import { spawnServer, type SpawnedServer } from './spawn-server.js';

export interface ReplicaRow {
  processes: 1 | 2;
  route: string;
  rps: number;
  p50: number;
  p99: number;
  /** Booking: 201 answers (must be 1: one slot), 409s, anything else (must be 0). */
  created: number;
  conflicts: number;
  /** Non-2xx answers of the read, or other than 201/409 of the booking, plus socket errors. */
  failed: number;
}

export interface ReplicaOptions {
  root: string;
  portOffset: number;
  durationSeconds: number;
  connections: number;
  redisUrl: string;
  log: (line: string) => void;
}

const PROJECT = 'demo-medora-bench';

async function json<T>(url: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const res = await fetch(url, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
  });
  const text = await res.text();
  if (!res.ok)
    throw Object.assign(new Error(`${url} answered ${res.status}: ${text}`), { status: res.status });
  return (text ? JSON.parse(text) : null) as T;
}

/** An emulator account with a verified email, registered as a patient through the API. */
async function patient(emulator: string, api: string): Promise<{ uid: string; idToken: string }> {
  const email = `bench-${randomUUID()}@bench.medora`;
  const idt = `http://${emulator}/identitytoolkit.googleapis.com/v1`;
  const body = (b: object) => ({ method: 'POST', body: JSON.stringify(b) });
  const up = await json<{ localId: string }>(
    `${idt}/accounts:signUp?key=any`,
    body({ email, password: 'bench-password', returnSecureToken: true }),
  );
  await fetch(`${idt}/projects/${PROJECT}/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: up.localId, emailVerified: true }),
  });
  const signedIn = await json<{ idToken: string }>(
    `${idt}/accounts:signInWithPassword?key=any`,
    body({ email, password: 'bench-password', returnSecureToken: true }),
  );
  await json(`${api}/api/users`, {
    method: 'POST',
    token: signedIn.idToken,
    body: JSON.stringify({ uid: up.localId, role: 'patient' }),
  });
  return { uid: up.localId, idToken: signedIn.idToken };
}

/** POSTs `body` to `url` for the duration; counts answers by status. */
function bookingLoad(
  url: string,
  token: string,
  body: string,
  connections: number,
  durationSeconds: number,
): Promise<{ statuses: Map<number, number>; run: LoadRun }> {
  return new Promise((resolve, reject) => {
    const statuses = new Map<number, number>();
    const latencies: number[] = [];
    let errors = 0;
    const instance = autocannon(
      {
        url,
        method: 'POST',
        connections,
        duration: durationSeconds,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      },
      (error, result) => {
        if (error) return reject(error);
        const sorted = [...latencies].sort((a, b) => a - b);
        resolve({
          statuses,
          run: {
            latencies: sorted,
            rps: result.requests.total / durationSeconds,
            p50: sorted[Math.floor(sorted.length / 2)] ?? NaN,
            p99: sorted[Math.floor(sorted.length * 0.99)] ?? NaN,
            requests: result.requests.total,
            non2xx: result.non2xx,
            errors: errors + result.errors + result.timeouts,
          },
        });
      },
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      latencies.push(responseTime);
    });
    instance.on('reqError', () => errors++);
  });
}

/** Runs `load` against each URL at once with the connections split between them; pools the figures. */
async function split<T extends { run: LoadRun }>(
  urls: string[],
  connections: number,
  load: (url: string, connections: number) => Promise<T>,
): Promise<T[]> {
  const each = Math.max(1, Math.floor(connections / urls.length));
  return Promise.all(urls.map((u) => load(u, each)));
}

/** Measures the hot read and booking with one API process, then with two; returns a row per case. */
export async function measureReplicas(opts: ReplicaOptions): Promise<ReplicaRow[]> {
  const main = path.join(opts.root, 'api', 'dist', 'main.js');
  if (!existsSync(main)) throw new Error('api/dist/main.js is missing: run `npm run build` first');
  const base = opts.portOffset + 600;
  // Each its own temp folder: the embedded server (run as its own user under root) opens only its own.
  const pgDir = mkdtempSync(path.join(os.tmpdir(), 'medora-bench-replicas-pg-'));
  const emulatorDir = mkdtempSync(path.join(os.tmpdir(), 'medora-bench-replicas-emu-'));
  const prefix = `medora-bench:${randomUUID()}:`;
  const servers: SpawnedServer[] = [];
  let postgres: RunningPostgres | undefined;
  let emulator: RunningAuthEmulator | undefined;
  const stopAll = async () => {
    for (const server of servers) await server.stop();
    await emulator?.stop();
    await postgres?.stop();
    for (const d of [pgDir, emulatorDir]) rmSync(d, { recursive: true, force: true });
  };
  try {
    postgres = await startEmbeddedPostgres({
      dataDir: pgDir,
      port: base,
      database: 'medora_bench',
    });
    emulator = await startAuthEmulator({
      projectId: PROJECT,
      port: base + 1,
      hubPort: base + 2,
      loggingPort: base + 3,
      dataDir: emulatorDir,
      repoRoot: opts.root,
    });
  } catch (error) {
    await stopAll();
    throw error;
  }
  const pgUrl = postgres.url;
  const emulatorHost = emulator.host;
  const env = (port: number): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    NODE_ENV: 'development',
    LOG_LEVEL: 'log',
    API_PORT: String(port),
    DATABASE_URL: pgUrl,
    FIREBASE_PROJECT_ID: PROJECT,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    SEED_DEMO_DATA: 'true',
    REDIS_URL: opts.redisUrl,
    REDIS_KEY_PREFIX: prefix,
    // What is measured is the API under load, not its throttles.
    RATE_LIMIT_SIGN_IN_PER_USER: '1000000',
    RATE_LIMIT_SIGN_IN_PER_IP: '1000000',
    RATE_LIMIT_BOOKING_PER_USER: '1000000',
    RATE_LIMIT_BOOKING_PER_IP: '1000000',
    BOOKING_MAX_PER_HOUR: '10000',
    BOOKING_MAX_UPCOMING: '10000',
  });
  const start = async (i: number) => {
    const server = await spawnServer(`api-${i}`, [main], {
      cwd: opts.root,
      env: env(base + 10 + i),
      readyText: 'API listening',
    });
    servers.push(server);
    return `http://127.0.0.1:${base + 10 + i}`;
  };
  const rows: ReplicaRow[] = [];
  try {
    // The first process migrates and seeds; the second starts once it is ready.
    const urls = [await start(0)];
    const user = await patient(emulatorHost, urls[0]!);
    const context = await json<DoctorsWithContextResponse>(
      `${urls[0]}/api/doctors-with-context/${user.uid}`,
      {
        token: user.idToken,
      },
    );
    const doctor = context.doctors[0]!;
    const slots = availableDates(doctor.schedule, { timeZone: doctor.timeZone }).flatMap(({ date }) =>
      slotsFor(doctor.schedule, date).map((t) => formatAppointmentDate(date, t)),
    );
    const readPath = `/api/doctors-with-context/${user.uid}`;
    for (const processes of [1, 2] as const) {
      if (processes === 2) urls.push(await start(1));
      opts.log(
        `${processes} API process${processes === 2 ? 'es' : ''}: warming up, then ${opts.durationSeconds} s per route…`,
      );
      const headers = { authorization: `Bearer ${user.idToken}` };
      await split(urls, opts.connections, async (u, c) => ({
        run: await runLoad({ url: u + readPath, headers, connections: c, durationSeconds: 2 }),
      }));
      const reads = await split(urls, opts.connections, async (u, c) => ({
        run: await runLoad({
          url: u + readPath,
          headers,
          connections: c,
          durationSeconds: opts.durationSeconds,
        }),
      }));
      const readRuns = reads.map((r) => r.run);
      rows.push({
        processes,
        route: 'GET /api/doctors-with-context/:uid',
        rps: readRuns.reduce((n, r) => n + r.rps, 0),
        ...pooled(readRuns),
        created: 0,
        conflicts: 0,
        failed: readRuns.reduce((n, r) => n + r.non2xx + r.errors, 0),
      });
      // Every request books the same slot (one per setup): exactly one may win.
      const body = JSON.stringify({
        uid: user.uid,
        date: slots[processes]!,
        doctorId: doctor.id,
        doctor: doctor.name,
        clinic: doctor.clinic,
        specialty: doctor.specialty,
        notes: 'Benchmark visit',
        prescriptionUrl: null,
        bookedAt: new Date().toISOString(),
      });
      const bookings = await split(urls, opts.connections, (u, c) =>
        bookingLoad(`${u}/api/appointments`, user.idToken, body, c, opts.durationSeconds),
      );
      const count = (status: number) => bookings.reduce((n, b) => n + (b.statuses.get(status) ?? 0), 0);
      const total = bookings.reduce((n, b) => n + b.run.requests, 0);
      rows.push({
        processes,
        route: 'POST /api/appointments (one slot)',
        rps: bookings.reduce((n, b) => n + b.run.rps, 0),
        ...pooled(bookings.map((b) => b.run)),
        created: count(201),
        conflicts: count(409),
        failed: total - count(201) - count(409) + bookings.reduce((n, b) => n + b.run.errors, 0),
      });
    }
    return rows;
  } finally {
    await stopAll();
    const redis = new Redis(opts.redisUrl);
    const keys = await redis.keys(`${prefix}*`).catch(() => []);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  }
}

/** The rows as a Markdown table. */
export function replicaTable(rows: ReplicaRow[]): string {
  const head = '| API processes | route | req/s | p50 ms | p99 ms | 201 | 409 | failed |';
  const line = '|---|---|---:|---:|---:|---:|---:|---:|';
  const body = rows.map(
    (r) =>
      `| ${r.processes} | ${r.route} | ${Math.round(r.rps)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ` +
      `${r.route.startsWith('POST') ? r.created : '–'} | ${r.route.startsWith('POST') ? r.conflicts : '–'} | ${r.failed} |`,
  );
  return [head, line, ...body].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  const offset = Number(process.env.BENCH_PORT_OFFSET ?? 24000);
  measureReplicas({
    root: path.resolve(__dirname, '..', '..', '..'),
    portOffset: offset,
    durationSeconds: Number(process.env.BENCH_DURATION ?? 5),
    connections: 10,
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    log: (line) => console.log(line),
  }).then(
    (rows) => {
      console.log(replicaTable(rows));
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
