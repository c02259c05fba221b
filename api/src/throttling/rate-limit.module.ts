import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { CONFIG, type Config } from '../config/config.js';
import { connectRedis } from './redis.js';
import { RequestCounter } from './request-counter.js';

/** The Redis client (null without REDIS_URL). */
export const REDIS = Symbol('REDIS');

/**
 * The counters behind `@RateLimit`: in Redis when REDIS_URL is set, so that every API process counts
 * together, in this process's memory otherwise. Our own route guard instead of
 * @nestjs/throttler's: its guard would be one more global guard with no defined order relative to the
 * AuthGuard (the per-user count needs the verified uid), and the package is CommonJS requiring the
 * ESM-only @nestjs/common 12, which Jest's CommonJS runtime cannot load on Node 20.
 */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [CONFIG],
      useFactory: (config: Config): Redis | null => (config.redis ? connectRedis(config.redis.url) : null),
    },
    {
      provide: RequestCounter,
      inject: [CONFIG, REDIS],
      useFactory: (config: Config, client: Redis | null) =>
        new RequestCounter(
          config.rateLimit,
          client && config.redis ? { client, keyPrefix: config.redis.keyPrefix } : undefined,
        ),
    },
  ],
  exports: [RequestCounter, REDIS],
})
export class RateLimitModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis | null) {}

  onApplicationShutdown(): void {
    this.redis?.disconnect();
  }
}
