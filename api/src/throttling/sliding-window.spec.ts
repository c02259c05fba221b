import { SlidingWindowCounter } from './sliding-window.js';

function counterAt(windowMs: number, start = 1_000) {
  const clock = { now: start };
  return { clock, counter: new SlidingWindowCounter(windowMs, () => clock.now) };
}

describe('SlidingWindowCounter', () => {
  it('allows `limit` requests in a window and refuses the next with the time until a slot frees', () => {
    const { clock, counter } = counterAt(60_000);
    expect(counter.take('a', 3)).toEqual({ allowed: true });
    clock.now += 10_000;
    expect(counter.take('a', 3)).toEqual({ allowed: true });
    expect(counter.take('a', 3)).toEqual({ allowed: true });
    clock.now += 5_000;
    expect(counter.take('a', 3)).toEqual({ allowed: false, retryAfterMs: 45_000 });
  });

  it('keeps keys apart', () => {
    const { counter } = counterAt(1_000);
    expect(counter.take('a', 1).allowed).toBe(true);
    expect(counter.take('a', 1).allowed).toBe(false);
    expect(counter.take('b', 1).allowed).toBe(true);
  });

  it('slides: each request frees its slot one window after it was made', () => {
    const { clock, counter } = counterAt(1_000);
    counter.take('a', 2);
    clock.now += 600;
    counter.take('a', 2);
    clock.now += 399;
    expect(counter.take('a', 2)).toEqual({ allowed: false, retryAfterMs: 1 });
    clock.now += 1;
    expect(counter.take('a', 2).allowed).toBe(true);
    expect(counter.take('a', 2)).toEqual({ allowed: false, retryAfterMs: 600 });
  });

  it('does not count refused requests, so retrying does not extend the wait', () => {
    const { clock, counter } = counterAt(1_000);
    counter.take('a', 1);
    for (let i = 0; i < 50; i++) {
      clock.now += 10;
      expect(counter.take('a', 1).allowed).toBe(false);
    }
    clock.now = 1_000 + 1_000;
    expect(counter.take('a', 1).allowed).toBe(true);
  });

  it('forgets keys whose requests have all left the window', () => {
    const { clock, counter } = counterAt(1_000);
    for (let i = 0; i < 500; i++) counter.take(`old-${i}`, 5);
    clock.now += 2_000;
    for (let i = 0; i < 500; i++) counter.take('active', 1_000);
    expect(counter.size).toBe(1);
  });

  it('holds at most maxKeys keys, forgetting the oldest first', () => {
    const counter = new SlidingWindowCounter(60_000, () => 0, 3);
    for (const key of ['a', 'b', 'c', 'd']) counter.take(key, 1);
    expect(counter.size).toBe(3);
    expect(counter.take('a', 1).allowed).toBe(true);
    expect(counter.take('d', 1).allowed).toBe(false);
  });
});
