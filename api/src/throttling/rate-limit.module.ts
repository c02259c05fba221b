import { Global, Module } from '@nestjs/common';
import { CONFIG, type Config } from '../config/config.js';
import { SlidingWindowCounter } from './sliding-window.js';

/**
 * The counters behind `@RateLimit`, one set per API process. A small limiter of our own instead of
 * @nestjs/throttler: its guard would be one more global guard with no defined order relative to the
 * AuthGuard (the per-user count needs the verified uid), and the package is CommonJS requiring the
 * ESM-only @nestjs/common 12, which Jest's CommonJS runtime cannot load on Node 20.
 */
@Global()
@Module({
  providers: [
    {
      provide: SlidingWindowCounter,
      inject: [CONFIG],
      useFactory: (config: Config) => new SlidingWindowCounter(config.rateLimit.windowMs),
    },
  ],
  exports: [SlidingWindowCounter],
})
export class RateLimitModule {}
