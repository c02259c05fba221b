import { DataSource } from 'typeorm';
import { createThrowawayDatabase } from '../src/database/embedded.js';
import { dataSourceOptions, migrateDatabase } from '../src/database/typeorm-options.js';
import { TEST_ENV } from './test-env.js';

/**
 * Entities and migrations cannot drift: on an empty database migrated from scratch,
 * TypeORM's schema diff of the entities is empty. The diff runs as the database's owner (the
 * throwaway URL's user), not as the serving role `medora_app`, which may not read every catalogue.
 */
describe('schema drift', () => {
  let db: { url: string; drop: () => Promise<void> };
  let ds: DataSource;

  beforeAll(async () => {
    db = await createThrowawayDatabase(process.env[TEST_ENV.dbServerUrl]!, process.env[TEST_ENV.dbPrefix]!);
    await migrateDatabase(db.url);
    ds = new DataSource(dataSourceOptions(db.url, 1));
    await ds.initialize();
  });

  afterAll(async () => {
    if (ds?.isInitialized) await ds.destroy();
    await db?.drop();
  });

  it('the migrated schema is exactly what the entities describe (no SQL left to run)', async () => {
    const sql = await ds.driver.createSchemaBuilder().log();
    expect(sql.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('every table the migrations create has an entity', async () => {
    const rows: { table_name: string }[] = await ds.query(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'migrations'`,
    );
    const mapped = new Set(ds.entityMetadatas.map((m) => m.tableName));
    expect(
      rows
        .map((r) => r.table_name)
        .filter((t) => !mapped.has(t))
        .sort(),
    ).toEqual([]);
  });
});
