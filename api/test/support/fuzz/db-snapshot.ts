import type { DataSource } from 'typeorm';

/**
 * Tables left out of the comparison: the audit log records every access check, allowed or denied, by
 * design, and migrations only change on deploy.
 */
const NOT_COMPARED = ['audit_log', 'migrations'];

/** Row count and a checksum of every row, per table of the public schema. */
export async function snapshotTables(ds: DataSource): Promise<Record<string, string>> {
  const tables = (await ds.query(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND NOT (table_name = ANY($1))
      ORDER BY table_name`,
    [NOT_COMPARED],
  )) as { name: string }[];
  const snapshot: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = (await ds.query(
      `SELECT count(*)::int AS n,
              coalesce(md5(string_agg(md5(t::text), '' ORDER BY md5(t::text))), '') AS sum
         FROM "${name}" t`,
    )) as { n: number; sum: string }[];
    snapshot[name] = `${row!.n} rows, ${row!.sum}`;
  }
  return snapshot;
}
