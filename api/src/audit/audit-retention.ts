import type { DataSource } from 'typeorm';

/** Rows deleted per statement: short transactions, so inserts of the serving API never wait long. */
export const AUDIT_RETENTION_BATCH = 10_000;

/** Runs one statement; a TypeORM DataSource or EntityManager `query`. */
type Query = Pick<DataSource, 'query'>;

/**
 * Writes the owner's retention policy (docs/product.md#audit-trail): rows older than `months` months go,
 * null keeps them for ever. Runs with the migrations, as the owner (the app role may only read it).
 */
export async function setAuditRetention(db: Query, months: number | null): Promise<void> {
  await db.query(`UPDATE audit_retention_policy SET months = $1, updated_at = now()`, [months]);
}

/**
 * The audit log's retention: deletes the rows older than the owner's policy, oldest first, in batches of
 * `AUDIT_RETENTION_BATCH` (each found through the time index `idx_audit_log_created`), and returns how
 * many went. Through `prune_audit_log`, the owner's function (migration AuditRetentionJob), so the app
 * role that runs the scheduled job can trigger the policy without any right to delete rows itself.
 */
export async function pruneAuditLog(db: Query): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = await db.query<{ n: number }[]>(`SELECT prune_audit_log($1) AS n`, [AUDIT_RETENTION_BATCH]);
    const n = rows[0]?.n ?? 0;
    deleted += n;
    if (n < AUDIT_RETENTION_BATCH) return deleted;
  }
}
