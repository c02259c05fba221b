import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../database/typeorm-options.js';

/** Rows deleted per statement: short transactions, so inserts of the serving API never wait long. */
export const AUDIT_RETENTION_BATCH = 10_000;

/**
 * The audit log's retention (docs/product.md#audit-trail). Deletes the rows older than `months` months,
 * oldest first, in batches of `AUDIT_RETENTION_BATCH` (each found through the time index
 * `idx_audit_log_created`), and returns how many went. Runs as the owner of `url`: the serving role
 * `medora_app` may only INSERT and SELECT on audit_log, so the API itself can never remove a row.
 */
export async function pruneAuditLog(url: string, months: number): Promise<number> {
  const ds = new DataSource({ ...dataSourceOptions(url, 1), migrationsRun: false });
  let deleted = 0;
  try {
    await ds.initialize();
    for (;;) {
      const rows = await ds.query<{ n: number }[]>(
        `WITH gone AS (
           DELETE FROM audit_log WHERE id IN (
             SELECT id FROM audit_log WHERE created_at < now() - make_interval(months => $1)
              ORDER BY created_at LIMIT $2)
           RETURNING 1)
         SELECT count(*)::int AS n FROM gone`,
        [months, AUDIT_RETENTION_BATCH],
      );
      const n = rows[0]?.n ?? 0;
      deleted += n;
      if (n < AUDIT_RETENTION_BATCH) return deleted;
    }
  } finally {
    if (ds.isInitialized) await ds.destroy();
  }
}
