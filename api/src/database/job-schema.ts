import { PgBoss } from 'pg-boss';
import pg from 'pg';
import { APP_DB_ROLE } from './app-role.js';

/**
 * The job queue lives in the application's own database, in pg-boss's own schema (not
 * `public`: the entities, the schema-drift test and the migrations' readiness check see none of it).
 */
export const JOB_SCHEMA = 'pgboss';

/** One job per mail event; a job that keeps failing moves to MAIL_DEAD_QUEUE for an admin. */
export const MAIL_QUEUE_NAME = 'mail';
export const MAIL_DEAD_QUEUE = 'mail.dead';
/** The reminder sweep, scheduled every minute (one job per minute however many processes run). */
export const REMINDER_SWEEP_QUEUE = 'reminders.sweep';
/** The audit log's retention, scheduled daily (AUDIT_RETENTION_SCHEDULE; one job a day for all processes). */
export const AUDIT_RETENTION_QUEUE = 'audit.retention';
/** When it runs: every day at 03:17 UTC, away from the hour marks other cron jobs crowd. */
export const AUDIT_RETENTION_SCHEDULE = '17 3 * * *';

/** Dead letters wait this long for an admin before pg-boss deletes them (a year). */
const DEAD_LETTER_RETENTION_SECONDS = 365 * 24 * 3600;

/**
 * Installs (or upgrades) pg-boss's schema and creates the queues, as the database owner, then lets
 * the app role use them. Creating tables, indexes and partitions needs the owner, which serves no
 * traffic; so this runs with the migrations, under their advisory lock: `npm run migrate`
 * in production, at boot with MIGRATE_ON_BOOT (the local default). The serving processes start
 * pg-boss with `migrate: false` as APP_DB_ROLE. Idempotent: a second run changes nothing.
 */
export async function installJobSchema(ownerUrl: string): Promise<void> {
  const boss = new PgBoss({
    connectionString: ownerUrl,
    schema: JOB_SCHEMA,
    max: 2,
    supervise: false,
    schedule: false,
    registerInstance: false,
  });
  let failure: Error | undefined;
  boss.on('error', (error: Error) => (failure ??= error));
  await boss.start();
  try {
    await ensureQueue(boss, MAIL_DEAD_QUEUE, { retentionSeconds: DEAD_LETTER_RETENTION_SECONDS });
    await ensureQueue(boss, MAIL_QUEUE_NAME, { deadLetter: MAIL_DEAD_QUEUE });
    await ensureQueue(boss, REMINDER_SWEEP_QUEUE, { policy: 'singleton' });
    await ensureQueue(boss, AUDIT_RETENTION_QUEUE, { policy: 'singleton' });
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
  if (failure) throw failure;
  const client = new pg.Client({ connectionString: ownerUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    // DML and the queue functions; no DDL (the app role cannot alter what the owner created).
    await client.query(`GRANT USAGE ON SCHEMA ${JOB_SCHEMA} TO ${APP_DB_ROLE}`);
    await client.query(
      `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${JOB_SCHEMA} TO ${APP_DB_ROLE}`,
    );
    await client.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${JOB_SCHEMA} TO ${APP_DB_ROLE}`);
    await client.query(`GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${JOB_SCHEMA} TO ${APP_DB_ROLE}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function ensureQueue(
  boss: PgBoss,
  name: string,
  options: Parameters<PgBoss['createQueue']>[1],
): Promise<void> {
  if (await boss.getQueue(name)) return;
  await boss.createQueue(name, options);
}
