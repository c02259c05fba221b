import { MESSAGES } from '@medora/shared';
import type { DataSource, EntityManager } from 'typeorm';
import { ApiException } from './http-exception.filter.js';

/**
 * A clinic zone is stored only when Postgres knows it too (issue 13 §3): the queries convert with
 * `AT TIME ZONE`, and a zone only Node knows ('US/Pacific-New') would make every one of them fail.
 */
export async function assertDatabaseTimeZone(
  db: DataSource | EntityManager,
  timeZone: string,
): Promise<void> {
  const rows = await db.query<unknown[]>(`SELECT 1 FROM pg_timezone_names WHERE name = $1`, [timeZone]);
  if (rows.length === 0) {
    throw new ApiException(400, MESSAGES.timeZoneUnsupported, { timeZone: MESSAGES.timeZoneUnsupported });
  }
}
