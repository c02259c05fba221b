import { QueryFailedError, type DataSource } from 'typeorm';
import { resilientPoolOf } from '../database/resilient-pool.js';

/**
 * One statement on the DataSource's own pool, for the hottest read paths (the guard's caller lookup,
 * the benchmarked list reads): the same pool, connection handling and errors as `ds.query`, without a
 * TypeORM QueryRunner per statement (its object graph, subscriber broadcasts and the extra turns it
 * holds the connection for cost a measurable share of a small read). The statement still goes through
 * the DataSource's logger, so query logging and the tests that count statements see it.
 */
export async function leanQuery<T>(
  ds: DataSource,
  sql: string,
  params: unknown[],
  /**
   * A statement name: pg prepares the statement once per connection and then only binds and runs it
   * (for statements run on nearly every request; a name must always go with the same text).
   */
  name?: string,
): Promise<T[]> {
  // The DataSource's own pool (found through its public options); skipping the QueryRunner is the
  // point (the bench ratios depend on it). Without it, fall back to the ordinary path.
  const pool = resilientPoolOf(ds);
  if (!pool) return ds.query<T[]>(sql, params);
  // As the QueryRunner does: a failed connect surfaces as the driver's own error.
  const client = await pool.connect();
  ds.logger.logQuery(sql, params);
  try {
    const { rows } = await client.query(
      name ? { name, text: sql, values: params } : { text: sql, values: params },
    );
    client.release();
    return rows as T[];
  } catch (error) {
    // The pool (or its wrapper) decides whether the connection is still usable, as for the QueryRunner.
    client.release();
    ds.logger.logQueryError(error instanceof Error ? error : String(error), sql, params);
    throw new QueryFailedError(sql, params, error as Error);
  }
}
