import type { DataSource } from 'typeorm';
import { resilientPoolOf } from './resilient-pool.js';

/** Connections of the serving pool right now (pg-pool's counters), for the metrics. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** Reads the DataSource's pg pool (resilientPoolOf); undefined before it exists. */
export function poolStats(dataSource: DataSource): PoolStats | undefined {
  const pool = resilientPoolOf(dataSource);
  if (!pool) return undefined;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max };
}
