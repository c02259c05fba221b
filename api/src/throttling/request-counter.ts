import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { RATE_LIMIT_POLICIES, type RateLimitConfig, type RateLimitPolicy } from '../config/config.js';

export type TakeResult = { allowed: true } | { allowed: false; retryAfterMs: number };

/** Who a count is of: the verified uid, or the client address (its bucket). */
export type CountedBy = 'user' | 'ip';

/**
 * The counters behind `@RateLimit` (rate-limiter-flexible): per policy and per user/IP, `limit`
 * requests in a fixed window of RATE_LIMIT_WINDOW_SECONDS that starts with a key's first request.
 * With a Redis client every API process shares the counts (keys under `keyPrefix`); a command that
 * fails (Redis down, not ready) is counted by the insurance limiter in this process's memory instead,
 * so an outage makes the limits per process, never a 5xx. Without Redis, memory only.
 */
export class RequestCounter {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(config: RateLimitConfig, redis?: { client: Redis; keyPrefix: string }) {
    const duration = Math.max(1, Math.round(config.windowMs / 1000));
    for (const policy of RATE_LIMIT_POLICIES) {
      for (const by of ['user', 'ip'] as const) {
        const points = config.policies[policy][by === 'user' ? 'perUser' : 'perIp'];
        const keyPrefix = `rl:${policy}:${by}`;
        const memory = new RateLimiterMemory({ points, duration, keyPrefix });
        this.limiters.set(
          `${policy}:${by}`,
          redis
            ? new RateLimiterRedis({
                storeClient: redis.client,
                points,
                duration,
                keyPrefix: `${redis.keyPrefix}${keyPrefix}`,
                rejectIfRedisNotReady: true,
                insuranceLimiter: memory,
              })
            : memory,
        );
      }
    }
  }

  /** Counts one request of `key` unless it already had its limit in the window. */
  async take(policy: RateLimitPolicy, by: CountedBy, key: string): Promise<TakeResult> {
    const limiter = this.limiters.get(`${policy}:${by}`)!;
    try {
      await limiter.consume(key);
      return { allowed: true };
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return { allowed: false, retryAfterMs: refusal.msBeforeNext };
      // Redis failed and so did the insurance limiter (it cannot): let the request through rather
      // than answer 500 for a counter.
      return { allowed: true };
    }
  }
}
