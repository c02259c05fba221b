import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAuthEmulator, type RunningAuthEmulator } from '../../scripts/lib/auth-emulator.js';
import { findRepoRoot } from '../src/config/config.js';
import { migrateAndSeed } from '../src/database/migrate.js';
import { ensureApiLogin } from '../src/database/app-role.js';
import pg from 'pg';
import {
  createThrowawayDatabase,
  dropDatabases,
  listDatabases,
  startEmbeddedPostgres,
  withDatabase,
  type RunningPostgres,
} from '../src/database/embedded.js';
import { freePort } from './free-port.js';
import { TEST_ENV, TEST_PROJECT_ID } from './test-env.js';

export interface TestInfra {
  /** Variables for process.env of the test workers. */
  env: Record<string, string>;
  teardown: () => Promise<void>;
}

/**
 * Real Postgres and a real Auth emulator for the API tests. DATABASE_URL set: its server is used, but
 * every test app works in its own throwaway database (never the real one). Unset: an embedded server
 * in a temp dir on a free port. FIREBASE_AUTH_EMULATOR_HOST unset: an emulator on free ports.
 */
export async function startTestInfra(env: NodeJS.ProcessEnv = process.env): Promise<TestInfra> {
  const tempDirs: string[] = [];
  const prefix = `medora_test_${Date.now().toString(36)}`;
  let postgres: RunningPostgres | undefined;
  let emulator: RunningAuthEmulator | undefined;
  let serverUrl = env.DATABASE_URL?.trim() || '';
  const out: Record<string, string> = {};
  const cleanup = async () => {
    await emulator?.stop();
    await postgres?.stop();
    for (const d of tempDirs) rmSync(d, { recursive: true, force: true });
  };
  try {
    if (!serverUrl) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'medora-api-pg-'));
      tempDirs.push(dir);
      postgres = await startEmbeddedPostgres({
        dataDir: dir,
        port: await freePort(),
        database: 'medora_test',
      });
      serverUrl = postgres.url;
    }
    if (!env.FIREBASE_AUTH_EMULATOR_HOST?.trim()) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'medora-api-emu-'));
      tempDirs.push(dir);
      emulator = await startAuthEmulator({
        projectId: TEST_PROJECT_ID,
        port: await freePort(),
        hubPort: await freePort(),
        loggingPort: await freePort(),
        dataDir: dir,
        repoRoot: findRepoRoot(),
      });
      out.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
      out.FIREBASE_PROJECT_ID = TEST_PROJECT_ID;
    }
  } catch (error) {
    await cleanup();
    throw error;
  }
  // The API's login for this run. Roles belong to the whole server, which other runs may share (a
  // DATABASE_URL server): a name of this run's own, so no two runs change one role's password.
  const apiLogin = { user: `${prefix}_api`, password: randomBytes(24).toString('hex') };
  try {
    await ensureApiLogin(serverUrl, apiLogin);
  } catch (error) {
    await cleanup();
    throw error;
  }
  out[TEST_ENV.dbServerUrl] = serverUrl;
  out[TEST_ENV.dbPrefix] = prefix;
  try {
    // Migrated once here; every test app starts on a copy (helpers.ts createTestApp).
    for (const [key, seed] of [
      [TEST_ENV.dbTemplateSeeded, true],
      [TEST_ENV.dbTemplateBare, false],
    ] as const) {
      const template = await createThrowawayDatabase(serverUrl, `${prefix}_template`);
      await migrateAndSeed(template.url, { seed });
      out[key] = template.name;
    }
  } catch (error) {
    await dropDatabases(serverUrl, await listDatabases(serverUrl, prefix)).catch(() => undefined);
    await cleanup();
    throw error;
  }
  out[TEST_ENV.dbApiUser] = apiLogin.user;
  out[TEST_ENV.dbApiPassword] = apiLogin.password;
  return {
    env: out,
    teardown: async () => {
      try {
        // Throwaway databases a failed test left behind (each test app drops its own on close).
        await dropDatabases(serverUrl, await listDatabases(serverUrl, prefix));
        if (!postgres) await dropRole(serverUrl, apiLogin.user);
      } finally {
        await cleanup();
      }
    },
  };
}

/** Drops this run's login from a shared server (its databases are gone, so it holds no privileges). */
async function dropRole(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    await client.query(`DROP ROLE IF EXISTS ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
