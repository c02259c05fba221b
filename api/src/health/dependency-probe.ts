import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { DependencyState } from '@medora/shared';
import { FileStore } from '../storage/file-store.js';
import { REDIS } from '../throttling/rate-limit.module.js';

/** Whether the shared dependencies besides the database answer, for the readiness route. */
@Injectable()
export class DependencyProbe {
  constructor(
    private readonly files: FileStore,
    @Optional() @Inject(REDIS) private readonly redis?: Redis | null,
  ) {}

  /** Redis answers a PING within `timeoutMs`; `off` without REDIS_URL. */
  async redisState(timeoutMs: number): Promise<DependencyState> {
    if (!this.redis) return 'off';
    return (await answersWithin(this.redis.ping(), timeoutMs)) ? 'up' : 'down';
  }

  /** The bucket answers a HeadBucket within `timeoutMs`; `off` while file bytes stay in Postgres. */
  async objectStoreState(timeoutMs: number): Promise<DependencyState> {
    if (!this.files.s3) return 'off';
    return (await answersWithin(this.files.s3.probe(), timeoutMs)) ? 'up' : 'down';
  }
}

async function answersWithin(work: Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      work,
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), timeoutMs))),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
