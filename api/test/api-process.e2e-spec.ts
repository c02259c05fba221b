import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEMO_DOCTORS } from '@medora/shared';
import { createThrowawayDatabase } from '../src/database/embedded.js';
import { migrateAndSeed } from '../src/database/migrate.js';
import { MIGRATION_NAMES } from '../src/database/typeorm-options.js';
import { buildApi, getOnce, queryRows, runBuilt, waitFor200, type Outcome } from './api-process.js';
import { freePort } from './free-port.js';
import { testProjectId } from './helpers.js';
import { TEST_ENV } from './test-env.js';

/**
 * The real, built API as a child process: production refuses to start without
 * real settings, `npm run migrate` twice at once applies each migration once, and SIGTERM under load
 * drains the server without failing a request it accepted.
 */

const SLOW = 120_000;

const serverUrl = () => process.env[TEST_ENV.dbServerUrl]!;
const prefix = () => process.env[TEST_ENV.dbPrefix]!;

beforeAll(async () => {
  await buildApi();
}, SLOW);

describe('NODE_ENV=production fails closed', () => {
  it(
    'refuses to start without DATABASE_URL and never starts the embedded PostgreSQL',
    async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'medora-prod-refuse-'));
      try {
        const proc = runBuilt('main.js', {
          NODE_ENV: 'production',
          FIREBASE_PROJECT_ID: 'medora-prod',
          DATA_DIR: dataDir,
          EMBEDDED_PG_PORT: String(await freePort()),
          API_PORT: String(await freePort()),
        });
        const { code, output } = await proc.exited;
        expect(code).not.toBe(0);
        expect(output).toContain('DATABASE_URL is required with NODE_ENV=production');
        expect(existsSync(path.join(dataDir, 'postgres'))).toBe(false);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    SLOW,
  );

  it(
    'refuses a demo project and the Auth emulator',
    async () => {
      const proc = runBuilt('main.js', {
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        FIREBASE_PROJECT_ID: 'demo-medora',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
        API_PORT: String(await freePort()),
      });
      const { code, output } = await proc.exited;
      expect(code).not.toBe(0);
      expect(output).toContain('FIREBASE_AUTH_EMULATOR_HOST is set with NODE_ENV=production');
    },
    SLOW,
  );
});

describe('npm run migrate', () => {
  it(
    'two runs at once on a fresh database apply each migration once and both exit 0',
    async () => {
      const db = await createThrowawayDatabase(serverUrl(), prefix());
      try {
        const env = { NODE_ENV: 'test', DATABASE_URL: db.url, SEED_DEMO_DATA: 'true' };
        const runs = [
          runBuilt('database/run-migrations.js', env),
          runBuilt('database/run-migrations.js', env),
        ];
        const results = await Promise.all(runs.map((r) => r.exited));
        expect(results.map((r) => r.code)).toEqual([0, 0]);
        // One applied everything, the other waited for the lock and found nothing to do.
        expect(results.map((r) => r.output.includes('No pending migrations')).sort()).toEqual([false, true]);
        const recorded = await queryRows<{ name: string; n: string }>(
          db.url,
          'SELECT name, count(*) AS n FROM migrations GROUP BY name',
        );
        expect(recorded.map((r) => r.name).sort()).toEqual([...MIGRATION_NAMES].sort());
        expect(recorded.every((r) => r.n === '1')).toBe(true);
        const [doctors] = await queryRows<{ n: string }>(
          db.url,
          'SELECT count(*) AS n FROM doctors WHERE seed_key IS NOT NULL',
        );
        expect(Number(doctors!.n)).toBe(DEMO_DOCTORS.length);
      } finally {
        await db.drop();
      }
    },
    SLOW,
  );
});

describe('graceful shutdown on SIGTERM', () => {
  it(
    'finishes every accepted request under load, turns new ones away with 503, then exits 0',
    async () => {
      const db = await createThrowawayDatabase(serverUrl(), prefix());
      const locker = new pg.Client({ connectionString: db.url });
      try {
        // A replica: migrations ran before (the migrate job), it does not migrate itself.
        await migrateAndSeed(db.url, { seed: true });
        const port = await freePort();
        const api = runBuilt('main.js', {
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          API_PORT: String(port),
          DATABASE_URL: db.url,
          FIREBASE_PROJECT_ID: testProjectId(),
          FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST!,
          MIGRATE_ON_BOOT: 'false',
          SHUTDOWN_GRACE_MS: '15000',
          // The reads wait on a lock for as long as the test holds it.
          DB_STATEMENT_TIMEOUT_MS: '60000',
        });
        await waitFor200(port, '/api/health/ready', api);

        // Load: 12 clients, each a loop of requests on new connections. A client leaves once it is
        // turned away (503), and all leave once readiness is seen at 503, as a load balancer takes
        // the instance out.
        const outcomes: Outcome[] = [];
        let takenOut = false;
        const client = async (i: number) => {
          for (let n = 0; !takenOut; n++) {
            const outcome = await getOnce(port, (i + n) % 3 === 0 ? '/api/health/live' : '/api/doctors');
            outcomes.push(outcome);
            if (outcome.error || outcome.status === 503) return;
          }
        };
        const load = Promise.all(Array.from({ length: 12 }, (_, i) => client(i)));
        while (outcomes.filter((o) => o.status === 200).length < 100)
          await new Promise((r) => setTimeout(r, 20));

        // Hold the doctors table so that reads pile up in flight, then send SIGTERM.
        await locker.connect();
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE doctors IN ACCESS EXCLUSIVE MODE');
        const waiting = async () =>
          Number(
            (
              await queryRows<{ n: string }>(
                db.url,
                `SELECT count(*) AS n FROM pg_stat_activity
                 WHERE datname = current_database() AND wait_event_type = 'Lock'`,
              )
            )[0]!.n,
          );
        while ((await waiting()) < 3) await new Promise((r) => setTimeout(r, 20));
        // Reads the server holds at SIGTERM (waiting on the lock): each of them must end with 200.
        const held = await waiting();
        const sigtermAt = performance.now();
        api.child.kill('SIGTERM');
        // Readiness turns 503 and new work is turned away while those reads still wait; then let
        // them finish.
        let ready: Outcome;
        do ready = await getOnce(port, '/api/health/ready');
        while (ready.status === 200);
        expect(ready.status).toBe(503);
        const turnedAway = await getOnce(port, '/api/doctors');
        expect(turnedAway.status).toBe(503);
        takenOut = true;
        await locker.query('ROLLBACK');
        const exit = await api.exited;
        await load;

        expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 0, signal: null });
        expect(exit.output).not.toMatch(/Shutdown failed|Closed \d+ connection/);
        // No request failed: every one got a complete HTTP answer (no reset, no refusal under load).
        const failed = outcomes.filter((o) => o.error);
        expect({ sigtermAt, failed }).toEqual({ sigtermAt, failed: [] });
        // 200 until shutdown began; 503 only for requests the server read after it began (a request
        // still on its way at SIGTERM is turned away like a new one: a proper answer, not a reset).
        expect(outcomes.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
        expect(outcomes.filter((o) => o.status === 503).every((o) => o.endedAt >= sigtermAt)).toBe(true);
        // The reads the server held at SIGTERM finished with 200. Other requests of that moment were
        // still on their way (sent, not yet read by the server) and may be turned away with a 503.
        const inFlight = outcomes.filter((o) => o.startedAt < sigtermAt && o.endedAt > sigtermAt);
        expect(inFlight.filter((o) => o.status === 200).length).toBeGreaterThanOrEqual(held);
        expect(inFlight.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
        // After the exit, new connections are refused.
        expect((await getOnce(port, '/api/health/live')).error).toBe('ECONNREFUSED');
      } finally {
        await locker.end().catch(() => undefined);
        await db.drop();
      }
    },
    SLOW,
  );
});
