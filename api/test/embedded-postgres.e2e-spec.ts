import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/database/embedded.js';
import { freePort } from './free-port.js';

describe('embedded Postgres', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'medora-api-persist-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function query<T>(url: string, sql: string): Promise<T[]> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql)).rows as T[];
    } finally {
      await client.end();
    }
  }

  it('keeps its data across a stop and start in the same data dir', async () => {
    const port = await freePort();
    const first = await startEmbeddedPostgres({ dataDir: dir, port });
    try {
      expect(first.url).toMatch(/\/medora$/);
      await query(first.url, `CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')`);
    } finally {
      await first.stop();
    }
    expect(existsSync(path.join(dir, 'postgres', 'PG_VERSION'))).toBe(true);
    const second = await startEmbeddedPostgres({ dataDir: dir, port });
    try {
      expect(await query<{ v: string }>(second.url, 'SELECT v FROM kept')).toEqual([{ v: 'still here' }]);
    } finally {
      await second.stop();
    }
  });
});
