/** Distinct keys kept at most; past it the least recently created keys are forgotten (fail open). */
const MAX_KEYS = 100_000;
/** Expired keys are swept every this many calls, so memory follows the active callers only. */
const SWEEP_EVERY = 1_000;

export type TakeResult = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Exact sliding-window counters kept in memory: a key may have `limit` requests in any `windowMs`.
 * A refused request is not recorded, so a client that keeps retrying is let in as soon as its oldest
 * request leaves the window. Memory is at most `limit` timestamps per active key. One process holds
 * the counts; several API instances would need a shared store (e.g. Redis) instead.
 */
export class SlidingWindowCounter {
  private readonly hits = new Map<string, number[]>();
  private calls = 0;

  /** `now` in milliseconds from a monotonic clock, so a wall-clock change cannot reset the windows. */
  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = () => performance.now(),
    private readonly maxKeys: number = MAX_KEYS,
  ) {}

  /** Records a request of `key` unless it already has `limit` in the window. */
  take(key: string, limit: number): TakeResult {
    const { windowMs } = this;
    const now = this.now();
    if (++this.calls % SWEEP_EVERY === 0) this.sweep(now);
    let times = this.hits.get(key);
    if (!times) {
      if (this.hits.size >= this.maxKeys) this.hits.delete(this.hits.keys().next().value!);
      times = [];
      this.hits.set(key, times);
    }
    while (times.length > 0 && times[0]! <= now - windowMs) times.shift();
    if (times.length >= limit) return { allowed: false, retryAfterMs: times[0]! + windowMs - now };
    times.push(now);
    return { allowed: true };
  }

  /** Keys currently held (for tests of the memory bound). */
  get size(): number {
    return this.hits.size;
  }

  private sweep(now: number): void {
    for (const [key, times] of this.hits) {
      if (times.length === 0 || times[times.length - 1]! <= now - this.windowMs) this.hits.delete(key);
    }
  }
}
