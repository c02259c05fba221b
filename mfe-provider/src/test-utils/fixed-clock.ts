/**
 * Fixes `Date` (and only `Date`) at `now` for every test of the calling file, so a fixture written
 * relative to `now` means the same on any day. Timers, microtasks and `performance` stay real, so
 * Testing Library's `waitFor` and TanStack Query behave as in the browser.
 */
export function fixClock(now: number): void {
  beforeEach(() => {
    jest.useFakeTimers({
      now,
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'requestIdleCallback',
        'cancelIdleCallback',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
  });
  afterEach(() => jest.useRealTimers());
}
