import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';

/**
 * The API's Redis connection (REDIS_URL). Commands fail at once while it is down instead of queueing
 * (`enableOfflineQueue: false`), so a caller can fall back (the rate limits count in memory then);
 * it reconnects in the background and says so once per outage, not once per retry.
 */
export function connectRedis(url: string, logger = new Logger('Redis')): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    // Back off up to 5 s between attempts, for as long as the process lives.
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    logger.warn(`Redis unreachable (${error.message}): rate limits are counted per process until it is back`);
  });
  client.on('ready', () => {
    if (down) logger.log('Redis reachable again: rate limits are shared again');
    down = false;
  });
  return client;
}
