import pg from 'pg';
import type { DataSource } from 'typeorm';
import { setAuditRetention } from '../audit/audit-retention.js';
import { installJobSchema } from './job-schema.js';
import { APP_DB_ROLE } from './app-role.js';
import { seedDemoData } from './seed/demo-data.js';
import { migrateDatabase } from './typeorm-options.js';

/**
 * The one-off setup of a database: pending migrations, the job queue's schema
 * (pg-boss's own, installed or upgraded as the owner), the audit retention policy
 * (AUDIT_RETENTION_MONTHS), then the demo doctors when SEED_DEMO_DATA is
 * on, all under the migration advisory lock. `npm run migrate` runs it, and the API at boot when
 * MIGRATE_ON_BOOT is on (the `npm start` default).
 */
export async function migrateAndSeed(
  url: string,
  options: { seed: boolean; auditRetentionMonths?: number | null },
): Promise<string[]> {
  return migrateDatabase(url, {
    afterMigrations: async (ds: DataSource) => {
      await installJobSchema(url);
      // The scheduled job (jobs/audit-retention) applies the policy; only the owner may set it.
      await setAuditRetention(ds, options.auditRetentionMonths ?? null);
      if (options.seed) await seedDemoData(ds);
    },
  });
}

/**
 * An API that does not migrate (MIGRATE_ON_BOOT=false) serves as APP_DB_ROLE, which the first
 * migrations create: on a database that was never migrated it stops with this advice instead of the
 * server's "invalid value for parameter role".
 */
export async function assertMigratedOnce(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [APP_DB_ROLE]);
    if (found.rowCount === 0) {
      throw new Error(
        `The database has never been migrated (no role ${APP_DB_ROLE}): run \`npm run migrate\` ` +
          '(or the migrate job) first, or start with MIGRATE_ON_BOOT=true',
      );
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}
