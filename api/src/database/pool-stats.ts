import type pg from 'pg';
import type { DataSource } from 'typeorm';

/** Connections of the serving pool right now (pg-pool's counters), for the metrics. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** Reads the TypeORM postgres driver's pg pool; undefined before it exists or after it closed. */
export function poolStats(dataSource: DataSource): PoolStats | undefined {
  const pool = (dataSource.driver as unknown as { master?: pg.Pool }).master;
  if (!pool) return undefined;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max };
}
