/**
 * `npm test`: lint and typecheck, the jest unit tests of every package, the API tests against real
 * Postgres and real emulator tokens, then Playwright in Debian's Chromium against the stack as
 * `npm start` runs it. Ends with one line `N passed, N failed[, N skipped]`.
 * `--only lint|unit|clock|api|e2e` runs one part. It runs on the Node major of `.nvmrc` (production's),
 * taking it from the npm registry when the machine has another (scripts/lib/node-version.ts).
 *
 * The clock guard (docs/testing.md): the unit tests run a second time, and the API tests run, with
 * the wall clock of every process (Postgres and the Auth emulator included) moved by
 * MEDORA_TEST_CLOCK (default +400d) in MEDORA_TEST_TZ (default America/Chicago), so a test that
 * depends on today's date fails here rather than on some later day. MEDORA_TEST_CLOCK=real turns it off.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAll } from './lib/build.js';
import { ensureNodeMajor } from './lib/node-version.js';
import {
  DEFAULT_TEST_CLOCK,
  DEFAULT_TEST_TIME_ZONE,
  parseTestClock,
  testClockEnv,
} from './lib/test-clock.js';
import { ensureChromium } from '../e2e/setup/ensure-chromium.js';

const root = path.resolve(__dirname, '..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'medora-test-'));

interface Tally {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function banner(text: string): void {
  console.log(`\n━━━ ${text} ${'━'.repeat(Math.max(0, 70 - text.length))}`);
}

async function timed(name: string, fn: () => Promise<Omit<Tally, 'name' | 'seconds'>>): Promise<Tally> {
  banner(name);
  const started = Date.now();
  const result = await fn();
  const tally = { name, ...result, seconds: (Date.now() - started) / 1000 };
  console.log(
    `→ ${name}: ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped (${tally.seconds.toFixed(1)} s)`,
  );
  return tally;
}

/** A check without test cases of its own (lint, typecheck) counts as one test. */
async function check(cmd: string, args: string[]) {
  const code = await run(cmd, args);
  return { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 };
}

function jestTally(file: string, exitCode: number) {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    numRuntimeErrorTestSuites: number;
  };
  const failed =
    r.numFailedTests +
    r.numRuntimeErrorTestSuites +
    (exitCode !== 0 && r.numFailedTests === 0 && r.numRuntimeErrorTestSuites === 0 ? 1 : 0);
  return { passed: r.numPassedTests, failed, skipped: r.numPendingTests + r.numTodoTests };
}

const clockSpec = process.env.MEDORA_TEST_CLOCK?.trim() || DEFAULT_TEST_CLOCK;
const clock =
  clockSpec === 'real'
    ? null
    : parseTestClock(clockSpec, process.env.MEDORA_TEST_TZ?.trim() || DEFAULT_TEST_TIME_ZONE);

/** The environment of a run on the moved clock ({} when the guard is off). */
function movedClock(): NodeJS.ProcessEnv {
  if (!clock) return {};
  console.log(`Clock guard: ${clock.describe()}`);
  return testClockEnv(root, clock);
}

const UNIT_PROJECTS = [
  'shared',
  'shell',
  'mfe-landing',
  'mfe-patient',
  'mfe-booking',
  'mfe-provider',
  'scripts',
]
  .map((p) => `${p}/jest.config.cjs`)
  .filter((p) => existsSync(path.join(root, p)));

const parts: Record<string, () => Promise<Tally[]>> = {
  lint: async () => [
    // Type-aware lint rules need the declarations of @medora/shared, which a fresh clone has not built.
    await timed('lint (eslint)', async () => {
      await run('npm', ['run', '--silent', 'build:shared']);
      return check('npx', ['eslint', '.', '--max-warnings=0']);
    }),
    await timed('format (prettier --check)', () =>
      check('npx', ['prettier', '--check', '.', '--log-level', 'warn']),
    ),
    await timed('typecheck (tsc, every package)', () => check('npm', ['run', '--silent', 'typecheck'])),
  ],
  unit: async () => [
    await timed('unit tests (jest)', async () => {
      const out = path.join(tmp, 'unit.json');
      const code = await run('npx', [
        'jest',
        '--projects',
        ...UNIT_PROJECTS,
        '--json',
        `--outputFile=${out}`,
      ]);
      return jestTally(out, code);
    }),
  ],
  clock: async () =>
    clock
      ? [
          await timed('unit tests on a moved clock (clock guard)', async () => {
            const out = path.join(tmp, 'unit-clock.json');
            const env = movedClock();
            const code = await run(
              'npx',
              ['jest', '--projects', ...UNIT_PROJECTS, '--json', `--outputFile=${out}`],
              env,
            );
            return jestTally(out, code);
          }),
        ]
      : [],
  api: async () => [
    await timed('API tests (jest, real Postgres + Firebase Auth emulator, moved clock)', async () => {
      await run('npm', ['run', '--silent', 'build:shared']);
      const out = path.join(tmp, 'api.json');
      const code = await run(
        process.execPath,
        [
          '--experimental-vm-modules',
          'node_modules/jest/bin/jest.js',
          '-c',
          'api/jest.config.js',
          '--json',
          `--outputFile=${out}`,
        ],
        movedClock(),
      );
      return jestTally(out, code);
    }),
  ],
  e2e: async () => [
    await timed('end-to-end tests (Playwright, Chromium)', async () => {
      try {
        ensureChromium();
        await buildAll(root, { onlyStale: true, log: (l) => console.log(l) });
      } catch (error) {
        console.error((error as Error).message);
        return { passed: 0, failed: 1, skipped: 0 };
      }
      const out = path.join(tmp, 'e2e.json');
      const code = await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
        PLAYWRIGHT_JSON_OUTPUT_NAME: out,
      });
      if (!existsSync(out)) return { passed: 0, failed: 1, skipped: 0 };
      const stats = (
        JSON.parse(readFileSync(out, 'utf8')) as {
          stats: { expected: number; unexpected: number; flaky: number; skipped: number };
        }
      ).stats;
      const failed = stats.unexpected + (code !== 0 && stats.unexpected === 0 ? 1 : 0);
      return { passed: stats.expected + stats.flaky, failed, skipped: stats.skipped };
    }),
  ],
};

/**
 * Each part's counts and seconds as JSON (default `.data/test-times.json`, or MEDORA_TEST_TIMES), so a
 * CI run's time split can be kept and compared, not only read off the console.
 */
function writeTimes(tallies: readonly Tally[], seconds: number): void {
  const file = path.resolve(root, process.env.MEDORA_TEST_TIMES || '.data/test-times.json');
  mkdirSync(path.dirname(file), { recursive: true });
  const parts = tallies.map((t) => ({ ...t, seconds: Math.round(t.seconds * 10) / 10 }));
  const report = { finishedAt: new Date().toISOString(), seconds: Math.round(seconds), parts };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`  stage times written to ${path.relative(root, file)}`);
}

async function main(): Promise<void> {
  const onlyIndex = process.argv.indexOf('--only');
  const only = onlyIndex >= 0 ? process.argv[onlyIndex + 1] : undefined;
  if (only && !parts[only]) throw new Error(`--only takes one of ${Object.keys(parts).join(', ')}`);
  const tallies: Tally[] = [];
  const started = Date.now();
  for (const [name, part] of Object.entries(parts)) {
    if (only && name !== only) continue;
    tallies.push(...(await part()));
  }
  rmSync(tmp, { recursive: true, force: true });
  banner('summary');
  for (const t of tallies) {
    console.log(
      `  ${t.name.padEnd(58)} ${String(t.passed).padStart(4)} passed ${String(t.failed).padStart(3)} failed  ${t.seconds.toFixed(0).padStart(4)} s`,
    );
  }
  const sum = (k: 'passed' | 'failed' | 'skipped') => tallies.reduce((n, t) => n + t[k], 0);
  const seconds = (Date.now() - started) / 1000;
  console.log(`  ${'total (wall clock)'.padEnd(58)} ${' '.repeat(23)} ${seconds.toFixed(0).padStart(4)} s`);
  writeTimes(tallies, seconds);
  const skipped = sum('skipped');
  console.log(`${sum('passed')} passed, ${sum('failed')} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(sum('failed') > 0 ? 1 : 0);
}

function rerunOnProductionNode(): number | null {
  try {
    return ensureNodeMajor(root, __filename, process.argv.slice(2));
  } catch (error) {
    console.error(error);
    console.log('0 passed, 1 failed');
    return 1;
  }
}
const rerunCode = rerunOnProductionNode();
if (rerunCode !== null) {
  rmSync(tmp, { recursive: true, force: true });
  process.exit(rerunCode);
}
main().catch((error: unknown) => {
  console.error(error);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
