/**
 * The clock guard's parts: the MEDORA_TEST_CLOCK settings, and the preload library that moves the
 * wall clock of a process and its children while leaving timers alone (docs/testing.md).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseTestClock, testClockEnv } from '../lib/test-clock';

const root = path.resolve(__dirname, '..', '..');
const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 27, 12);

describe('parseTestClock', () => {
  it('reads days and hours from now, in either direction', () => {
    expect(parseTestClock('+400d', 'UTC', NOW).offsetMs).toBe(400 * DAY);
    expect(parseTestClock('-30d', 'UTC', NOW).offsetMs).toBe(-30 * DAY);
    expect(parseTestClock('+36h', 'UTC', NOW).offsetMs).toBe(1.5 * DAY);
  });

  it('starts the run at an ISO instant', () => {
    const clock = parseTestClock('2027-03-14T07:50:00Z', 'America/Chicago', NOW);
    expect(NOW + clock.offsetMs).toBe(Date.parse('2027-03-14T07:50:00Z'));
    expect(clock.describe(NOW)).toBe(
      'clock moved to 2027-03-14T07:50:00.000Z in America/Chicago ' +
        '(reproduce: MEDORA_TEST_CLOCK=2027-03-14T07:50:00Z MEDORA_TEST_TZ=America/Chicago)',
    );
  });

  it('refuses anything else with the forms it takes', () => {
    for (const bad of ['400d', '+400w', 'tomorrow', '2027-03-14']) {
      expect(() => parseTestClock(bad, 'UTC', NOW)).toThrow(/MEDORA_TEST_CLOCK must be like \+400d/);
    }
  });
});

describe('the clock-shift preload library', () => {
  const probe = (env: Record<string, string>) =>
    JSON.parse(
      execFileSync(
        process.execPath,
        [
          '-e',
          `console.log(JSON.stringify({
             now: Date.now(), monotonic: String(process.hrtime.bigint()),
             zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
             child: Number(require('node:child_process').execFileSync('date', ['+%s']).toString()) * 1000,
           }))`,
        ],
        { env: { ...process.env, ...env } },
      ).toString(),
    ) as { now: number; monotonic: string; zone: string; child: number };

  it('moves Date for the process and its children, in the chosen zone, and leaves the monotonic clock alone', () => {
    const env = testClockEnv(root, parseTestClock('+400d', 'Europe/Berlin'));
    const before = Date.now();
    const monotonicBefore = process.hrtime.bigint();
    const moved = probe(env);
    const monotonicAfter = process.hrtime.bigint();
    // This test may itself run on a moved clock (the guard runs the unit tests twice): the child's
    // offset replaces it rather than adding to it.
    const own = Number(process.env.MEDORA_CLOCK_OFFSET_MS ?? 0);
    expect(moved.now - before + own).toBeGreaterThanOrEqual(400 * DAY);
    expect(moved.now - before + own).toBeLessThan(400 * DAY + 60_000);
    expect(Math.abs(moved.child - moved.now)).toBeLessThan(60_000);
    expect(moved.zone).toBe('Europe/Berlin');
    // Timers and waits run on the monotonic clock, which did not move.
    expect(BigInt(moved.monotonic)).toBeGreaterThan(monotonicBefore);
    expect(BigInt(moved.monotonic)).toBeLessThan(monotonicAfter);
  });
});
