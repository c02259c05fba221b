import { Logger } from '@nestjs/common';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { APP_ROLE_CONNECTION_OPTIONS } from './app-role.js';
import { connectionFailure } from './connection-errors.js';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';
import { resilientPg } from './resilient-pool.js';

/**
 * One place for the DataSource options of the app, the CLI and the tests. The schema only ever changes
 * through migrations: `synchronize` stays off.
 */
export function dataSourceOptions(url: string, poolSize = 10): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    // pg with a pool that rides out a database restart (resilient-pool.ts).
    driver: resilientPg,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    synchronize: false,
    // Migrations run as the owner before the app connects (`migrateDatabase`), never by the serving pool.
    migrationsRun: false,
    logging: false,
    // An idle pooled connection that dies (restart, pg_terminate_backend) is dropped by the pool; one
    // line says so, without the driver's text.
    poolErrorHandler: (error: unknown) =>
      new Logger('Database').warn(`Dropped an idle connection (${connectionFailure(error) ?? 'error'})`),
    // A burst (50 patients on one slot) queues for a pooled connection; 5 s turned a busy moment on a
    // loaded 2-core machine into failed requests. A down database still fails fast (connect errors).
    extra: { max: poolSize, connectionTimeoutMillis: 20_000 },
  };
}

/**
 * The options the API serves traffic with (issue 13): the same database, every connection switched to
 * the app role (app-role.ts: only SELECT and INSERT on audit_log), and no migrations — those run
 * before, as the owner (`migrateDatabase`).
 */
export function servingDataSourceOptions(url: string, poolSize = 10): DataSourceOptions {
  const options = dataSourceOptions(url, poolSize);
  return {
    ...options,
    migrationsRun: false,
    extra: { ...(options.extra as object), options: APP_ROLE_CONNECTION_OPTIONS },
  } as DataSourceOptions;
}

/**
 * Applies pending migrations as the owner of `url` (MIGRATION_DATABASE_URL, else DATABASE_URL) on a
 * short-lived connection of its own, then closes it. Returns the names of the applied migrations.
 */
export async function migrateDatabase(url: string): Promise<string[]> {
  const ds = new DataSource({ ...dataSourceOptions(url, 1), migrationsRun: false });
  try {
    await ds.initialize();
    return (await ds.runMigrations({ transaction: 'each' })).map((m) => m.name);
  } finally {
    if (ds.isInitialized) await ds.destroy();
  }
}
