import { Logger } from '@nestjs/common';
import pg from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { APP_ROLE_CONNECTION_OPTIONS } from './app-role.js';
import { connectionFailure } from './connection-errors.js';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';
import { POOL_HOLDER, resilientPg, type PoolHolder } from './resilient-pool.js';

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
    // The holder lets code find the pool through these public options (resilientPoolOf).
    extra: { max: poolSize, connectionTimeoutMillis: 20_000, [POOL_HOLDER]: {} satisfies PoolHolder },
  };
}

/**
 * The options the API serves traffic with: the same database, every connection switched to
 * the app role (app-role.ts: only SELECT and INSERT on audit_log), and no migrations — those run
 * before, as the owner (`migrateDatabase`).
 */
export function servingDataSourceOptions(
  url: string,
  poolSize = 10,
  statementTimeoutMs?: number,
): DataSourceOptions {
  const options = dataSourceOptions(url, poolSize);
  return {
    ...options,
    migrationsRun: false,
    extra: {
      ...(options.extra as object),
      options: APP_ROLE_CONNECTION_OPTIONS,
      // A statement that runs (or waits for a lock) longer than this is cancelled by the
      // server (SQLSTATE 57014) and answered 503; the startup packet sets it, no extra round trip.
      ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}),
    },
  } as DataSourceOptions;
}

/**
 * Key of the session-level advisory lock every migration run holds: two runs at once
 * (`npm run migrate` twice, replicas with MIGRATE_ON_BOOT) apply each migration once, one after the
 * other. Advisory locks are per database, so runs on different databases of one server do not wait.
 */
export const MIGRATION_LOCK_KEY = 1_769_040_000;

/** Names of the checked-in migrations, oldest first, as the `migrations` table records them. */
export const MIGRATION_NAMES: readonly string[] = MIGRATIONS.map(
  (M) => (new M() as { name?: string }).name ?? M.name,
);

/**
 * The checked-in migrations that `ds` has not applied yet (readiness). A database without
 * a migrations table has applied none.
 */
export async function pendingMigrations(ds: DataSource): Promise<string[]> {
  const exists = await ds.query<{ t: string | null }[]>(`SELECT to_regclass('migrations')::text AS t`);
  if (!exists[0]?.t) return [...MIGRATION_NAMES];
  const rows = await ds.query<{ name: string }[]>('SELECT name FROM migrations');
  const applied = new Set(rows.map((r) => r.name));
  return MIGRATION_NAMES.filter((name) => !applied.has(name));
}

/**
 * Applies pending migrations as the owner of `url` (MIGRATION_DATABASE_URL, else DATABASE_URL) on a
 * short-lived connection of its own, then closes it. Returns the names of the applied migrations.
 * The whole run, and `afterMigrations` (the seed), holds MIGRATION_LOCK_KEY: a concurrent run waits,
 * then finds nothing pending.
 */
export async function migrateDatabase(
  url: string,
  options: { afterMigrations?: (ds: DataSource) => Promise<void> } = {},
): Promise<string[]> {
  const lock = new pg.Client({ connectionString: url });
  lock.on('error', () => undefined);
  await lock.connect();
  const ds = new DataSource({ ...dataSourceOptions(url, 1), migrationsRun: false });
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await ds.initialize();
    const applied = (await ds.runMigrations({ transaction: 'each' })).map((m) => m.name);
    await options.afterMigrations?.(ds);
    return applied;
  } finally {
    if (ds.isInitialized) await ds.destroy();
    // Ending the session releases the lock.
    await lock.end().catch(() => undefined);
  }
}
