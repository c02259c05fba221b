import pg from 'pg';
import type { DataSource } from 'typeorm';
import { setAuditRetention } from '../audit/audit-retention.js';
import { installJobSchema } from './job-schema.js';
import { APP_DB_ROLE, ensureApiLogin, loginOf } from './app-role.js';
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
  options: {
    seed: boolean;
    auditRetentionMonths?: number | null;
    /**
     * The API's own DATABASE_URL: when it logs in as another role than `url`, that login is created
     * or brought into line (`ensureApiLogin`: only a member of APP_DB_ROLE, its password from the URL).
     */
    apiUrl?: string;
    warn?: (line: string) => void;
  },
): Promise<string[]> {
  return migrateDatabase(url, {
    afterMigrations: async (ds: DataSource) => {
      await installJobSchema(url);
      // The scheduled job (jobs/audit-retention) applies the policy; only the owner may set it.
      await setAuditRetention(ds, options.auditRetentionMonths ?? null);
      const api = options.apiUrl ? separateLogin(url, options.apiUrl) : undefined;
      if (api) await ensureApiLogin(url, api, options.warn);
      if (options.seed) await seedDemoData(ds);
    },
  });
}

/** The login of `apiUrl` when it is not the owner's of `ownerUrl` (one URL for both: none). */
function separateLogin(ownerUrl: string, apiUrl: string) {
  const api = loginOf(apiUrl);
  const owner = loginOf(ownerUrl);
  return api.user && owner.user && api.user !== owner.user ? api : undefined;
}

/**
 * What is wrong with serving as the login of `url`, or undefined when it is least privilege: a
 * superuser, the database's owner or a role with CREATEROLE can leave APP_DB_ROLE with
 * `RESET ROLE` / `SET ROLE` and then change the audit log.
 */
export async function servingLoginProblem(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{
      name: string;
      super: boolean;
      createrole: boolean;
      owner: boolean;
    }>(
      `SELECT r.rolname AS name, r.rolsuper AS super, r.rolcreaterole AS createrole,
              EXISTS (SELECT 1 FROM pg_database d WHERE d.datname = current_database()
                       AND pg_has_role(r.oid, d.datdba, 'MEMBER')) AS owner
         FROM pg_roles r WHERE r.rolname = session_user`,
    );
    const r = rows[0];
    if (!r) return undefined;
    const what = r.super
      ? 'a superuser'
      : r.owner
        ? "the database's owner"
        : r.createrole
          ? 'a role with CREATEROLE'
          : undefined;
    return what && `DATABASE_URL logs in as ${r.name}, ${what}`;
  } finally {
    await client.end().catch(() => undefined);
  }
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
