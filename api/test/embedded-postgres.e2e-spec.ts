import { mkdtempSync, readFileSync, rmSync, existsSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { withLogin } from '../src/database/app-role.js';
import {
  EMBEDDED_API_PASSWORD_FILE,
  embeddedApiUrl,
  startEmbeddedPostgres,
} from '../src/database/embedded.js';
import { migrateDatabase, servingDataSourceOptions } from '../src/database/typeorm-options.js';
import { queryRows } from './api-process.js';
import { freePort } from './free-port.js';

describe('embedded Postgres', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'medora-api-persist-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps its data across a stop and start in the same data dir', async () => {
    const port = await freePort();
    const first = await startEmbeddedPostgres({ dataDir: dir, port });
    try {
      expect(first.url).toMatch(/\/medora$/);
      await queryRows(first.url, `CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')`);
    } finally {
      await first.stop();
    }
    expect(existsSync(path.join(dir, 'postgres', 'PG_VERSION'))).toBe(true);
    const second = await startEmbeddedPostgres({ dataDir: dir, port });
    try {
      expect(await queryRows<{ v: string }>(second.url, 'SELECT v FROM kept')).toEqual([{ v: 'still here' }]);
    } finally {
      await second.stop();
    }
  });

  // `npm start` without DATABASE_URL migrates as the embedded superuser, then serves as medora_app
  // through the login medora_api (this install's random password under DATA_DIR/secrets), which may
  // only INSERT and SELECT on audit_log and cannot get back to the superuser — across restarts too.
  it('serves as medora_app through its own login, which cannot change the audit log, also after a restart', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'medora-api-role-'));
    const server = await startEmbeddedPostgres({ dataDir, port });
    try {
      const apiUrl = await embeddedApiUrl(server.url, dataDir);
      expect((await migrateDatabase(server.url)).length).toBeGreaterThan(0);
      const secretFile = path.join(dataDir, 'secrets', EMBEDDED_API_PASSWORD_FILE);
      const password = readFileSync(secretFile, 'utf8').trim();
      expect(password).toMatch(/^[0-9a-f]{64}$/);
      expect(statSync(secretFile).mode & 0o077).toBe(0);
      expect(decodeURIComponent(new URL(apiUrl).password)).toBe(password);
      const serve = async (url: string) => {
        const ds = new DataSource(servingDataSourceOptions(url, 2));
        await ds.initialize();
        try {
          const [who] = await ds.query<{ current_user: string; session_user: string }[]>(
            'SELECT current_user, session_user',
          );
          await ds.query(
            `INSERT INTO audit_log (action, resource_type, outcome) VALUES ('read', 'profile', 'allowed')`,
          );
          const code = (e: { driverError?: { code?: string } }) => e.driverError?.code;
          const refused = await ds.query('DELETE FROM audit_log').then(() => 'deleted', code);
          const escape = await ds.query('SET ROLE postgres').then(() => 'escaped', code);
          return { user: who!.current_user, login: who!.session_user, refused, escape };
        } finally {
          await ds.destroy();
        }
      };
      const expected = { user: 'medora_app', login: 'medora_api', refused: '42501', escape: '42501' };
      expect(await serve(apiUrl)).toEqual(expected);
      await server.restart();
      expect(await migrateDatabase(server.url)).toEqual([]);
      // The next start finds the same password and leaves the login as it is.
      expect(await embeddedApiUrl(server.url, dataDir)).toBe(apiUrl);
      expect(await serve(apiUrl)).toEqual(expected);
      // The password is this install's: a guess (the superuser's) does not log in.
      await expect(
        queryRows(withLogin(server.url, { user: 'medora_api', password: 'postgres' }), 'SELECT 1'),
      ).rejects.toThrow(/password authentication failed/);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
