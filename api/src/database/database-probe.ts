import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { resilientPoolOf } from './resilient-pool.js';

/** Whether the database answers, for the readiness route (health/). */
@Injectable()
export class DatabaseProbe {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * One attempt on the pool within `timeoutMs`, without the retries that let requests ride out a
   * restart: health reports the outage.
   */
  async answers(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const pool = resilientPoolOf(this.ds);
    try {
      await Promise.race([
        pool ? pool.probe() : this.ds.query('SELECT 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
        }),
      ]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
