import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { resilientPoolOf } from './resilient-pool.js';
import { pendingMigrations } from './typeorm-options.js';

/** Whether the database answers, for the readiness route (health/). */
@Injectable()
export class DatabaseProbe {
  /** Applied migrations stay applied: once current, the question is not asked again. */
  private current = false;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * Whether every migration this version knows is recorded in the database: an API that
   * does not migrate on boot is not ready until `npm run migrate` has run. 'unknown' when the database
   * does not answer within `timeoutMs`.
   */
  async migrationsState(timeoutMs: number): Promise<'current' | 'pending' | 'unknown'> {
    if (this.current) return 'current';
    try {
      const pending = await withTimeout(pendingMigrations(this.ds), timeoutMs);
      this.current = pending.length === 0;
      return this.current ? 'current' : 'pending';
    } catch {
      return 'unknown';
    }
  }

  /**
   * One attempt on the pool within `timeoutMs`, without the retries that let requests ride out a
   * restart: health reports the outage.
   */
  async answers(timeoutMs: number): Promise<boolean> {
    const pool = resilientPoolOf(this.ds);
    try {
      await withTimeout(pool ? pool.probe() : this.ds.query('SELECT 1'), timeoutMs);
      return true;
    } catch {
      return false;
    }
  }
}

async function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
