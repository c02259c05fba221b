import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { startEmbeddedPostgres } from '../src/database/embedded.js';
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

  // `npm start` without DATABASE_URL migrates as the embedded superuser, then serves as
  // medora_app, which may only INSERT and SELECT on audit_log — across restarts of the server too.
  it('serves as medora_app, which cannot change the audit log, also after a restart', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'medora-api-role-'));
    const server = await startEmbeddedPostgres({ dataDir, port });
    try {
      expect((await migrateDatabase(server.url)).length).toBeGreaterThan(0);
      const serve = async () => {
        const ds = new DataSource(servingDataSourceOptions(server.url, 2));
        await ds.initialize();
        try {
          const [who] = await ds.query<{ current_user: string }[]>('SELECT current_user');
          await ds.query(
            `INSERT INTO audit_log (action, resource_type, outcome) VALUES ('read', 'profile', 'allowed')`,
          );
          const refused = await ds.query('DELETE FROM audit_log').then(
            () => 'deleted',
            (e: { driverError?: { code?: string } }) => e.driverError?.code,
          );
          return { user: who!.current_user, refused };
        } finally {
          await ds.destroy();
        }
      };
      expect(await serve()).toEqual({ user: 'medora_app', refused: '42501' });
      await server.restart();
      expect(await migrateDatabase(server.url)).toEqual([]);
      expect(await serve()).toEqual({ user: 'medora_app', refused: '42501' });
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
