import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** The advisory lock one demo world fill holds. */
const WORLD_LOCK = 'medora-demo-world';

@Injectable()
export class DemoWorldRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * Runs `work` holding a session advisory lock, so API processes that share the database (replicas
   * behind the gateway) fill the demo world one at a time: the second finds every piece there.
   */
  async withLock(work: () => Promise<void>): Promise<void> {
    const lock = this.ds.createQueryRunner();
    await lock.connect();
    try {
      await lock.query(`SELECT pg_advisory_lock(hashtextextended($1, 0))`, [WORLD_LOCK]);
      await work();
    } finally {
      await lock.query(`SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [WORLD_LOCK]).catch(() => null);
      await lock.release();
    }
  }
}
