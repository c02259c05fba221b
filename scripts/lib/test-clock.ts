import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where the suites' clock stands for the clock guard, and how to reproduce it. */
export interface TestClock {
  /** Milliseconds added to the wall clock of every process of the run. */
  offsetMs: number;
  /** The time zone the processes run in (TZ). */
  timeZone: string;
  /** One line for the log: the shifted date and the settings that reproduce the run. */
  describe: (now?: number) => string;
}

/** The guard's default: a year and a month ahead (another year, another weekday), in a DST zone. */
export const DEFAULT_TEST_CLOCK = '+400d';
export const DEFAULT_TEST_TIME_ZONE = 'America/Chicago';

/**
 * Reads `MEDORA_TEST_CLOCK`: `+400d` / `-30d` (days from now), `+36h`, or an ISO instant
 * (`2027-03-14T07:50:00Z`: the run starts at that instant and the clock runs on from there).
 */
export function parseTestClock(spec: string, timeZone: string, now = Date.now()): TestClock {
  const relative = /^([+-])(\d+(?:\.\d+)?)([dh])$/.exec(spec.trim());
  let offsetMs: number;
  if (relative) {
    const amount = Number(relative[2]) * (relative[3] === 'd' ? DAY_MS : DAY_MS / 24);
    offsetMs = Math.round(relative[1] === '-' ? -amount : amount);
  } else {
    const at = Date.parse(spec);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(spec) || Number.isNaN(at)) {
      throw new Error(
        `MEDORA_TEST_CLOCK must be like +400d, -30d, +36h or 2027-03-14T07:50:00Z (got "${spec}")`,
      );
    }
    offsetMs = at - now;
  }
  return {
    offsetMs,
    timeZone,
    describe: (at = Date.now()) =>
      `clock moved to ${new Date(at + offsetMs).toISOString()} in ${timeZone} ` +
      `(reproduce: MEDORA_TEST_CLOCK=${spec} MEDORA_TEST_TZ=${timeZone})`,
  };
}

/**
 * Compiles the clock-shift preload library once per source version (into the temp folder, never into
 * the repository) and returns the environment that puts a process and its children on `clock`.
 */
export function testClockEnv(root: string, clock: TestClock): Record<string, string> {
  const source = path.join(root, 'scripts', 'clock-shift', 'clock-shift.c');
  const hash = createHash('sha256').update(readFileSync(source)).digest('hex').slice(0, 12);
  const library = path.join(os.tmpdir(), `medora-clock-shift-${hash}.so`);
  if (!existsSync(library)) {
    const tmp = `${library}.${process.pid}.tmp`;
    try {
      execFileSync('cc', ['-shared', '-fPIC', '-O2', '-o', tmp, source, '-ldl'], { stdio: 'pipe' });
    } catch (error) {
      throw new Error(
        `The clock guard needs a C compiler (cc) to build ${path.relative(root, source)}: ${(error as Error).message}`,
        { cause: error },
      );
    }
    execFileSync('mv', [tmp, library]);
  }
  return {
    LD_PRELOAD: library,
    MEDORA_CLOCK_OFFSET_MS: String(clock.offsetMs),
    TZ: clock.timeZone,
  };
}
