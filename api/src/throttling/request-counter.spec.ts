import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { RateLimitConfig } from '../config/config.js';
import { connectRedis } from './redis.js';
import { RequestCounter } from './request-counter.js';

/** Redis of the machine (CI starts one); each run counts under its own prefix and deletes it. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const config = (perUser: number, windowSeconds = 60): RateLimitConfig => ({
  windowMs: windowSeconds * 1000,
  policies: {
    signIn: { perUser, perIp: 100 },
    upload: { perUser: 1, perIp: 100 },
    booking: { perUser: 1, perIp: 100 },
    write: { perUser: 1, perIp: 100 },
    autosave: { perUser: 1, perIp: 100 },
    export: { perUser: 1, perIp: 100 },
  },
});

async function takeMany(counter: RequestCounter, n: number, key = 'u1') {
  const results = [];
  for (let i = 0; i < n; i++) results.push(await counter.take('signIn', 'user', key));
  return results.map((r) => r.allowed);
}

const quietLogger = { warn: jest.fn(), log: jest.fn() };

describe('RequestCounter in memory (no REDIS_URL)', () => {
  it('allows `limit` requests per key and refuses the next with the time left in the window', async () => {
    const counter = new RequestCounter(config(3));
    expect(await takeMany(counter, 4)).toEqual([true, true, true, false]);
    const refused = await counter.take('signIn', 'user', 'u1');
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) {
      expect(refused.retryAfterMs).toBeGreaterThan(55_000);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
    }
    expect(await takeMany(counter, 1, 'u2')).toEqual([true]);
  });

  it('keeps policies and user/IP counts apart', async () => {
    const counter = new RequestCounter(config(1));
    expect((await counter.take('signIn', 'user', 'k')).allowed).toBe(true);
    expect((await counter.take('upload', 'user', 'k')).allowed).toBe(true);
    expect((await counter.take('signIn', 'ip', 'k')).allowed).toBe(true);
    expect((await counter.take('signIn', 'user', 'k')).allowed).toBe(false);
  });

  it('counts each process alone: two counters do not see each other', async () => {
    const [a, b] = [new RequestCounter(config(2)), new RequestCounter(config(2))];
    expect([...(await takeMany(a, 2)), ...(await takeMany(b, 2))]).toEqual([true, true, true, true]);
  });
});

describe('RequestCounter in Redis (REDIS_URL)', () => {
  const prefix = `medora-test:${randomUUID()}:`;
  const clients: Redis[] = [];
  const connect = (url = REDIS_URL) => {
    const client = connectRedis(url, quietLogger as never);
    clients.push(client);
    return client;
  };

  afterAll(async () => {
    const admin = new Redis(REDIS_URL);
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    await admin.quit();
    for (const c of clients) c.disconnect();
  });

  it('shares the counts between processes, under the configured key prefix', async () => {
    const a = new RequestCounter(config(4), { client: connect(), keyPrefix: prefix });
    const b = new RequestCounter(config(4), { client: connect(), keyPrefix: prefix });
    await Promise.all(
      clients.map((c) => (c.status === 'ready' ? null : new Promise((r) => c.once('ready', r)))),
    );
    const allowed: boolean[] = [];
    // Alternated between the two: the fifth request overall is refused, whichever process gets it.
    for (let i = 0; i < 6; i++)
      allowed.push((await (i % 2 ? b : a).take('signIn', 'user', 'shared')).allowed);
    expect(allowed).toEqual([true, true, true, true, false, false]);
    const admin = new Redis(REDIS_URL);
    expect(await admin.keys(`${prefix}*`)).toEqual([`${prefix}rl:signIn:user:shared`]);
    await admin.quit();
  });

  it('falls back to per-process counts, never an error, when Redis is unreachable', async () => {
    // A port nobody listens on (the p4 range): every command fails; the warning says so once.
    const logger = { warn: jest.fn(), log: jest.fn() };
    const dead = connectRedis('redis://127.0.0.1:44999', logger as never);
    clients.push(dead);
    const a = new RequestCounter(config(2), { client: dead, keyPrefix: prefix });
    const b = new RequestCounter(config(2), { client: dead, keyPrefix: prefix });
    expect(await takeMany(a, 3)).toEqual([true, true, false]);
    // The other process has its own memory now: its count starts again.
    expect(await takeMany(b, 3)).toEqual([true, true, false]);
    await new Promise<void>((resolve) =>
      logger.warn.mock.calls.length ? resolve() : dead.once('error', () => resolve()),
    );
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(String(logger.warn.mock.calls[0]![0])).toMatch(/rate limits are counted per process/);
  });
});
