/**
 * `npm run bench:scale`: how the API's reads cost as the data grows. Seeds S (the demo
 * doctors), M (1,000 approved doctors, 50,000 patients, 300,000 appointments, 1,000,000 audit rows)
 * and L (10,000 doctors, 200,000 patients, 2,000,000 appointments, 5,000,000 audit rows) into the
 * stack's own embedded Postgres with set-based SQL (`lib/bench/scale/seed.ts`), each size on top of
 * the one before, and measures every endpoint of `lib/bench/scale/endpoints.ts` at each size with
 * 10 connections: p50, p99, req/s, bytes (and gzip bytes through the gateway), the SQL statements and DB time per
 * request (pg_stat_statements), the API's CPU per request, and each statement's plan (index or
 * sequential scan). Then `POST /api/appointments` on distinct free slots. A report, not a test: it
 * exits 0 and prints PASS/FAIL against the targets (at the largest size measured).
 *
 *   npm run bench:scale                          S, M and L
 *   npm run bench:scale -- --sizes S,M           some sizes
 *   BENCH_PORT_BASE=48000 npm run bench:scale    every port in 48000–48999
 *   BENCH_SCALE_DURATION=5 npm run bench:scale   seconds per measured run (default 3)
 *
 * The stack runs as `npm start` runs it (production build, local mode against the Auth emulator,
 * LOG_LEVEL=silent) on its own ports (BENCH_PORT_OFFSET, default 25000, or BENCH_PORT_BASE) and a
 * temporary data folder, deleted at the end. The tokens are real emulator tokens: a patient, the
 * provider account of the heavy doctor (~2,000 appointments) and an admin.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../api/src/database/embedded.js';
import { Stack } from './lib/stack.js';
import { resolvePorts } from './lib/ports.js';
import { registeredUser, type BenchUser } from './lib/bench/fixture.js';
import { childPid } from './lib/bench/process-cpu.js';
import { benchStackEnv, cleanupOnce, numberFromEnv, portsInBlock } from './lib/bench/stack-env.js';
import {
  SCALE_BOOKING_ENDPOINT,
  SCALE_ENDPOINTS,
  type ScaleCaller,
  type ScaleContext,
} from './lib/bench/scale/endpoints.js';
import {
  figures,
  freeSlots,
  measureBooking,
  measureRead,
  probe,
  StatementLog,
  type MeasuredRun,
} from './lib/bench/scale/measure.js';
import {
  describeScans,
  growthTable,
  scaleTable,
  SCALE_TARGETS,
  type ScaleFigures,
} from './lib/bench/scale/report.js';
import { currentCounts, seedHeavyDoctor, seedStep } from './lib/bench/scale/seed.js';
import {
  HEAVY_DOCTOR_APPOINTMENTS,
  parseSizes,
  seedPlan,
  SIZES,
  type SizeName,
} from './lib/bench/scale/sizes.js';

const root = path.resolve(__dirname, '..');

function sizesArg(argv: string[]): string | undefined {
  const i = argv.findIndex((a) => a === '--sizes' || a.startsWith('--sizes='));
  if (i < 0) return undefined;
  return argv[i]!.includes('=') ? argv[i]!.split('=')[1] : argv[i + 1];
}

const SETTINGS = {
  sizes: parseSizes(sizesArg(process.argv.slice(2))),
  portOffset: numberFromEnv('BENCH_PORT_OFFSET', 25000, 0),
  portBase: process.env.BENCH_PORT_BASE ? numberFromEnv('BENCH_PORT_BASE', 0, 1024) : null,
  duration: numberFromEnv('BENCH_SCALE_DURATION', 3, 1),
  warmup: numberFromEnv('BENCH_SCALE_WARMUP', 1, 1),
  /** Bookings per POST run at most (each takes another free slot). */
  bookings: numberFromEnv('BENCH_SCALE_BOOKINGS', 1500, 10),
  poolSize: numberFromEnv('DB_POOL_SIZE', 10, 1),
};

/** Statements a request runs at least this often (per request) get their plan printed. */
const PLAN_MIN_CALLS_PER_REQUEST = 0.5;

function stackEnv(dataDir: string): NodeJS.ProcessEnv {
  return benchStackEnv({
    dataDir,
    portOffset: SETTINGS.portOffset,
    poolSize: SETTINGS.poolSize,
    extra: {
      ...(SETTINGS.portBase !== null ? portsInBlock(SETTINGS.portBase) : {}),
      // The booking run books hundreds of slots for a few patients: the per-user limits would answer 429.
      BOOKING_MAX_PER_HOUR: '10000',
      BOOKING_MAX_UPCOMING: '10000',
      RATE_LIMIT_BOOKING_PER_USER: '1000000',
      RATE_LIMIT_BOOKING_PER_IP: '1000000',
    },
  });
}

/**
 * Prepares the cluster the API will start (same data folder and port): pg_stat_statements loaded at
 * server start, and WAL room for bulk loading. The API then finds the cluster initialised and starts it.
 */
async function prepareCluster(dataDir: string, port: number): Promise<void> {
  const server = await startEmbeddedPostgres({ dataDir, port });
  const db = new pg.Client({ connectionString: server.url });
  await db.connect();
  try {
    await db.query(`ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`);
    await db.query(`ALTER SYSTEM SET max_wal_size = '4GB'`);
    await db.query(`ALTER SYSTEM SET checkpoint_timeout = '30min'`);
  } finally {
    await db.end();
    await server.stop();
  }
}

interface Accounts {
  patient: BenchUser;
  doctor: BenchUser;
  admin: BenchUser;
  /** Patients who book in the POST run (a patient's bookings are serialised by the API). */
  bookers: BenchUser[];
}

async function createAccounts(api: string, authEmulator: string, db: pg.Client): Promise<Accounts> {
  const opts = { api, authEmulator };
  const patient = await registeredUser(opts, 'patient');
  const doctor = await registeredUser(opts, 'doctor');
  const admin = await registeredUser(opts, 'patient');
  // The only way to become admin is outside the API (npm run admin:create does this UPDATE).
  await db.query(`UPDATE users SET role = 'admin' WHERE firebase_uid = $1`, [admin.uid]);
  const bookers: BenchUser[] = [];
  for (let i = 0; i < SCALE_TARGETS.connections; i++) bookers.push(await registeredUser(opts, 'patient'));
  return { patient, doctor, admin, bookers };
}

async function context(db: pg.Client, patientUid: string, heavyDoctorId: string): Promise<ScaleContext> {
  const appointment = await db.query<{ id: string }>(
    `SELECT id FROM appointments WHERE doctor_id = $1 AND status <> 'Cancelled' AND starts_at > now()
      ORDER BY starts_at LIMIT 1`,
    [heavyDoctorId],
  );
  const application = await db.query<{ id: string }>(
    `SELECT id FROM doctors WHERE verification_status = 'pending' AND onboarding_completed AND seed_key IS NULL
      ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return {
    patientUid,
    heavyDoctorId,
    heavyAppointmentId: appointment.rows[0]!.id,
    applicationId: application.rows[0]?.id ?? null,
    today: day(0),
    monthAhead: day(30),
  };
}

/** Plans of the statements a run executed at least every other request, for the EXPLAIN section. */
async function planLines(log: StatementLog, m: MeasuredRun): Promise<string[]> {
  const lines: string[] = [];
  const requests = Math.max(1, m.run.requests);
  for (const s of m.statements) {
    if (s.calls / requests < PLAN_MIN_CALLS_PER_REQUEST) continue;
    const scans = await log.scans(s.query);
    if (scans === null) continue;
    const text = s.query.replace(/\s+/g, ' ').trim();
    lines.push(
      `  - ${(s.totalMs / s.calls).toFixed(2)} ms × ${(s.calls / requests).toFixed(1)}/request — ` +
        `${describeScans(scans)} — \`${text.length > 110 ? `${text.slice(0, 110)}…` : text}\``,
    );
  }
  return lines;
}

async function measureSize(
  size: SizeName,
  api: string,
  /** The gateway's origin: what a browser downloads (compressed when the gateway compresses). */
  gateway: string,
  ctx: ScaleContext,
  tokens: Record<ScaleCaller, Record<string, string>>,
  accounts: Accounts,
  db: pg.Client,
  statements: StatementLog,
  apiPid: number | undefined,
  explain: string[],
): Promise<ScaleFigures[]> {
  const rows: ScaleFigures[] = [];
  for (const endpoint of SCALE_ENDPOINTS) {
    const pathname = endpoint.path(ctx);
    if (pathname === null) {
      console.log(`  ${endpoint.name}: nothing to ask for at ${size}, skipped`);
      continue;
    }
    const url = api + pathname;
    const headers = tokens[endpoint.caller];
    const probed = await probe({ api: url, gateway: gateway + pathname }, headers);
    const m = await measureRead({
      url,
      headers,
      durationSeconds: SETTINGS.duration,
      warmupSeconds: SETTINGS.warmup,
      apiPid,
      statements,
    });
    const row = figures(endpoint.name, size, 'read', probed, m);
    rows.push(row);
    console.log(
      `  ${endpoint.name}: ${probed.status}, p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, ` +
        `${Math.round(row.rps)} req/s, ${probed.bytes} bytes`,
    );
    explain.push(
      `- \`${endpoint.name}\` at ${size} (${probed.status}):`,
      ...(await planLines(statements, m)),
    );
  }
  const slots = (await freeSlots(db, 200)).slice(0, SETTINGS.bookings);
  if (slots.length === 0) {
    console.log(`  ${SCALE_BOOKING_ENDPOINT}: no free slot at ${size}, skipped`);
    return rows;
  }
  const m = await measureBooking({
    url: `${api}/api/appointments`,
    durationSeconds: SETTINGS.duration,
    apiPid,
    statements,
    patients: accounts.bookers,
    slots,
  });
  const status = m.run.non2xx === 0 && m.run.requests > 0 ? 201 : 0;
  const row = figures(SCALE_BOOKING_ENDPOINT, size, 'write', { status, bytes: NaN, gzipBytes: null }, m);
  rows.push(row);
  console.log(
    `  ${SCALE_BOOKING_ENDPOINT}: ${m.run.requests} bookings (${m.run.non2xx} non-2xx), ` +
      `p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, ${Math.round(row.rps)} req/s`,
  );
  explain.push(`- \`${SCALE_BOOKING_ENDPOINT}\` at ${size}:`, ...(await planLines(statements, m)));
  return rows;
}

async function main(): Promise<void> {
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 60_000).toFixed(1)} min`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'medora-bench-scale-'));
  const env = stackEnv(dataDir);
  const stack = new Stack({ root, dev: false, env, log: (l) => console.log(l) });
  let db: pg.Client | undefined;
  const cleanup = cleanupOnce(async () => {
    await db?.end().catch(() => undefined);
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  try {
    const ports = resolvePorts(env);
    await prepareCluster(dataDir, ports.EMBEDDED_PG_PORT);
    console.log(`Starting the stack as \`npm start\` runs it (production build), API on ${ports.API_PORT}…`);
    await stack.start();
    const api = `http://127.0.0.1:${stack.ports.API_PORT}`;
    db = new pg.Client({
      connectionString: `postgres://postgres:postgres@127.0.0.1:${stack.ports.EMBEDDED_PG_PORT}/medora`,
    });
    await db.connect();
    await db.query(`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`);
    const statements = new StatementLog(db);
    const apiPid = childPid(process.pid, path.join('api', 'dist', 'main.js'));
    const accounts = await createAccounts(api, `http://127.0.0.1:${stack.ports.AUTH_EMULATOR_PORT}`, db);
    const bearer = (u: BenchUser) => ({ authorization: `Bearer ${u.idToken}` });
    const tokens: Record<ScaleCaller, Record<string, string>> = {
      patient: bearer(accounts.patient),
      doctor: bearer(accounts.doctor),
      admin: bearer(accounts.admin),
      public: {},
    };

    const rows: ScaleFigures[] = [];
    const explain: string[] = [];
    const seeding: string[] = [];
    let heavyDoctorId: string | undefined;
    for (const size of SETTINGS.sizes) {
      const seedStart = Date.now();
      console.log(`\n## Seeding ${size} (${elapsed()} since start)`);
      const plan = seedPlan(SIZES[size], await currentCounts(db));
      await seedStep(db, plan, (l) => console.log(l));
      if (plan.unplaced > 0) {
        console.log(
          `  ${plan.unplaced.toLocaleString('en-US')} appointments not placed: no new doctors at ${size}`,
        );
      }
      heavyDoctorId ??= await seedHeavyDoctor(db, {
        doctorUid: accounts.doctor.uid,
        patientUid: accounts.patient.uid,
        count: HEAVY_DOCTOR_APPOINTMENTS,
        log: (l) => console.log(l),
      });
      await db.query('ANALYZE');
      const counts = await currentCounts(db);
      const seconds = (Date.now() - seedStart) / 1000;
      seeding.push(
        `${size}: ${counts.approvedDoctors.toLocaleString('en-US')} approved doctors, ` +
          `${counts.patients.toLocaleString('en-US')} patients, ${counts.appointments.toLocaleString('en-US')} appointments, ` +
          `${counts.auditRows.toLocaleString('en-US')} audit rows, ${counts.pendingApplications.toLocaleString('en-US')} pending ` +
          `applications — seeded in ${seconds.toFixed(0)} s; load average ${os.loadavg()[0]!.toFixed(1)} when measured`,
      );
      console.log(`  ${seeding[seeding.length - 1]}`);
      console.log(
        `\n## Measuring ${size} (${SCALE_TARGETS.connections} connections, ${SETTINGS.duration} s each)`,
      );
      const ctx = await context(db, accounts.patient.uid, heavyDoctorId);
      rows.push(
        ...(await measureSize(
          size,
          api,
          `http://127.0.0.1:${stack.ports.GATEWAY_PORT}`,
          ctx,
          tokens,
          accounts,
          db,
          statements,
          apiPid,
          explain,
        )),
      );
    }

    console.log(`\n# bench:scale — ${new Date().toISOString()}, ${elapsed()}`);
    console.log(
      `${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(
          ' ',
        )}; ${SCALE_TARGETS.connections} connections, ${SETTINGS.duration} s per run; DB pool ${SETTINGS.poolSize}.\n`,
    );
    for (const line of seeding) console.log(`- ${line}`);
    console.log('\n## Every run\n');
    console.log(scaleTable(rows));
    console.log('\n## Growth and targets\n');
    console.log(growthTable(rows));
    console.log('\n## Plans of the statements each request runs (EXPLAIN GENERIC_PLAN)\n');
    for (const line of explain) console.log(line);
  } finally {
    await cleanup();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
