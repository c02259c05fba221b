/**
 * `npm test`: lint and typecheck, the jest unit tests of every package, the API tests against real
 * Postgres and real emulator tokens, then Playwright in Debian's Chromium against the stack as
 * `npm start` runs it. Ends with one line `N passed, N failed[, N skipped]`.
 * The stages run in two lanes side by side (LANES below); each stage's time is in the summary and in
 * `.data/test-times.json`. `--only lint|unit|clock|api|e2e` runs one part. It runs on the Node major of `.nvmrc` (production's),
 * taking it from the npm registry when the machine has another (scripts/lib/node-version.ts).
 *
 * The clock guard (docs/testing.md): the unit tests run a second time, and the API tests run, with
 * the wall clock of every process (Postgres and the Auth emulator included) moved by
 * MEDORA_TEST_CLOCK (default +400d) in MEDORA_TEST_TZ (default America/Chicago), so a test that
 * depends on today's date fails here rather than on some later day. MEDORA_TEST_CLOCK=real turns it off.
 */
import { spawn, type StdioOptions } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAll, buildApiIfStale, buildSharedIfStale } from './lib/build.js';
import { ensureNodeMajor } from './lib/node-version.js';
import {
  DEFAULT_TEST_CLOCK,
  DEFAULT_TEST_TIME_ZONE,
  parseTestClock,
  testClockEnv,
} from './lib/test-clock.js';
import { ensureHeadlessShell } from '../e2e/setup/ensure-chromium.js';

const root = path.resolve(__dirname, '..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'medora-test-'));

interface StageLog {
  fd: number;
}

interface Tally {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
}

/**
 * Runs one command; its output goes to `log` (a stage's log file) or, without one, to the console.
 * Stages run two at a time (the machine has two cores), so each writes to its own file, printed whole
 * under the stage's banner when it ends: the CI log reads stage by stage, not interleaved.
 */
function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}, log?: StageLog): Promise<number> {
  return new Promise((resolve) => {
    const stdio: StdioOptions = log ? ['ignore', log.fd, log.fd] : 'inherit';
    const child = spawn(cmd, args, { cwd: root, stdio, env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function banner(text: string): void {
  console.log(`\n━━━ ${text} ${'━'.repeat(Math.max(0, 70 - text.length))}`);
}

/** One stage: its output goes to its own file while it runs, then to the console with its tally. */
async function timed(
  name: string,
  fn: (log: StageLog) => Promise<Omit<Tally, 'name' | 'seconds'>>,
): Promise<Tally> {
  const file = path.join(tmp, `${name.replace(/[^a-z0-9]+/gi, '-')}.log`);
  const log = { fd: openSync(file, 'w') };
  console.log(`▶ ${name} started`);
  const started = Date.now();
  let result: Omit<Tally, 'name' | 'seconds'>;
  try {
    result = await fn(log);
  } catch (error) {
    writeSync(log.fd, `${String((error as Error).stack ?? error)}\n`);
    result = { passed: 0, failed: 1, skipped: 0 };
  } finally {
    closeSync(log.fd);
  }
  const tally = { name, ...result, seconds: (Date.now() - started) / 1000 };
  banner(name);
  process.stdout.write(readFileSync(file, 'utf8'));
  console.log(
    `→ ${name}: ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped (${tally.seconds.toFixed(1)} s)`,
  );
  return tally;
}

/** A check without test cases of its own (lint, typecheck) counts as one test. */
async function check(log: StageLog, cmd: string, args: string[]) {
  const code = await run(cmd, args, {}, log);
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

/**
 * The environment of a run on the moved clock ({} when the guard is off). Made once, before stages run
 * side by side: it may compile the guard's preload library.
 */
let movedClockEnv: NodeJS.ProcessEnv | null = null;
function movedClock(): NodeJS.ProcessEnv {
  if (!clock) return {};
  if (!movedClockEnv) {
    console.log(`Clock guard: ${clock.describe()}`);
    movedClockEnv = testClockEnv(root, clock);
  }
  return movedClockEnv;
}

/**
 * Jest workers of the API tests (MEDORA_API_WORKERS, default 2). Each test file builds its own databases
 * from the migrated template, so files run side by side; jest's own default on a 2-core machine is 1.
 */
const API_WORKERS = Number(process.env.MEDORA_API_WORKERS) || 2;

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

function jestStage(name: string, file: string, args: string[], env: () => NodeJS.ProcessEnv = () => ({})) {
  return timed(name, async (log) => {
    const out = path.join(tmp, file);
    const code = await run(process.execPath, [...args, '--json', `--outputFile=${out}`], env(), log);
    return jestTally(out, code);
  });
}

const JEST = 'node_modules/jest/bin/jest.js';

const stages = {
  lint: () => timed('lint (eslint)', (log) => check(log, 'npx', ['eslint', '.', '--max-warnings=0'])),
  format: () =>
    timed('format (prettier --check)', (log) =>
      check(log, 'npx', ['prettier', '--check', '.', '--log-level', 'warn']),
    ),
  typecheck: () =>
    timed('typecheck (tsc -b, every package)', (log) => check(log, 'npx', ['tsc', '-b', '--noEmit'])),
  unit: () => jestStage('unit tests (jest)', 'unit.json', [JEST, '--projects', ...UNIT_PROJECTS]),
  clock: () =>
    jestStage(
      'unit tests on a moved clock (clock guard)',
      'unit-clock.json',
      [JEST, '--projects', ...UNIT_PROJECTS],
      movedClock,
    ),
  api: () =>
    jestStage(
      'API tests (jest, real Postgres + Firebase Auth emulator, moved clock)',
      'api.json',
      [JEST, '-c', 'api/jest.config.js', `--maxWorkers=${API_WORKERS}`],
      movedClock,
    ),
  // api/dist for the API tests that start the API as a process (replicas, rolling restart): built
  // here, once, rather than by whichever of the two workers gets there first.
  apiBuild: () =>
    timed('build (API) for the API process tests', async (log) => {
      await buildApiIfStale(root, (line) => writeSync(log.fd, `${line}\n`));
      return { passed: 0, failed: 0, skipped: 0 };
    }),
  build: () =>
    timed('build (webpack, API) for the end-to-end tests', async (log) => {
      ensureHeadlessShell();
      const built = await buildAll(root, {
        onlyStale: true,
        log: (line) => writeSync(log.fd, `${line}\n`),
      });
      writeSync(log.fd, `${built.length} packages built\n`);
      return { passed: 0, failed: 0, skipped: 0 };
    }),
  e2e: () =>
    timed('end-to-end tests (Playwright, Chromium)', async (log) => {
      const out = path.join(tmp, 'e2e.json');
      const code = await run(
        'npx',
        ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
        { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
        log,
      );
      if (!existsSync(out)) return { passed: 0, failed: 1, skipped: 0 };
      const stats = (
        JSON.parse(readFileSync(out, 'utf8')) as {
          stats: { expected: number; unexpected: number; flaky: number; skipped: number };
        }
      ).stats;
      const failed = stats.unexpected + (code !== 0 && stats.unexpected === 0 ? 1 : 0);
      return { passed: stats.expected + stats.flaky, failed, skipped: stats.skipped };
    }),
} satisfies Record<string, () => Promise<Tally>>;
type StageName = keyof typeof stages;

/** `--only <part>`: the stages of one part. */
const PARTS: Record<string, StageName[]> = {
  lint: ['lint', 'format', 'typecheck'],
  unit: ['unit'],
  clock: clock ? ['clock'] : [],
  api: ['apiBuild', 'api'],
  e2e: ['build', 'e2e'],
};

/**
 * The whole run as two lanes, one per core, balanced by the stage times of a fresh clone: the build,
 * the end-to-end tests (the longest stage), started first, and format; the API build, the typecheck,
 * lint, the API tests and the unit runs in the other. The typecheck and lint end before the unit runs
 * start, and the webpack build waits for the API build so that the two never write the same output
 * (AFTER). `.prettierignore` leaves out the throwaway folders of the unit runs, so format may run beside
 * them. Stage times are in the summary and the times file.
 */
const LANES: StageName[][] = [
  ['apiBuild', 'typecheck', 'lint', 'api', 'unit', ...(clock ? (['clock'] as const) : [])],
  ['build', 'e2e', 'format'],
];

/**
 * Stages that must not start before others have ended, wherever they run: the lint rules' test (in the
 * unit runs) writes throwaway files into `src/`, which eslint and `tsc -b` would read as they vanish; the
 * webpack build would otherwise build @medora/shared and the API while the API build writes them.
 */
const AFTER: Partial<Record<StageName, StageName[]>> = {
  unit: ['lint', 'typecheck'],
  clock: ['lint', 'typecheck'],
  build: ['apiBuild'],
};

const ended = new Map<StageName, () => void>();
const endedPromises = new Map<StageName, Promise<void>>();
function whenEnded(name: StageName): Promise<void> {
  if (!endedPromises.has(name)) endedPromises.set(name, new Promise((resolve) => ended.set(name, resolve)));
  return endedPromises.get(name)!;
}

async function runLane(
  lane: readonly StageName[],
  tallies: Tally[],
  planned: readonly StageName[],
): Promise<void> {
  for (const name of lane) {
    await Promise.all((AFTER[name] ?? []).filter((n) => planned.includes(n)).map(whenEnded));
    const tally = await stages[name]();
    tallies.push(tally);
    void whenEnded(name);
    ended.get(name)!();
    // Without a build there is nothing to test end to end: one failure, not a wall of timeouts.
    if (name === 'build' && tally.failed > 0) {
      tallies.push({
        name: 'end-to-end tests (not run: the build failed)',
        passed: 0,
        failed: 1,
        skipped: 0,
        seconds: 0,
      });
      return;
    }
  }
}

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
  if (only && !PARTS[only]) throw new Error(`--only takes one of ${Object.keys(PARTS).join(', ')}`);
  const started = Date.now();
  // Built once before the lanes start: the lint rules, the typecheck and the API tests all read its
  // declarations, and two builds of one folder at once would trample each other.
  await buildSharedIfStale(root, (line) => console.log(line));
  const lanes = only ? [PARTS[only]] : LANES;
  if (lanes.flat().some((name) => name === 'clock' || name === 'api')) movedClock();
  const tallies: Tally[] = [];
  await Promise.all(lanes.map((lane) => runLane(lane, tallies, lanes.flat())));
  rmSync(tmp, { recursive: true, force: true });
  banner('summary');
  for (const t of tallies) {
    console.log(
      `  ${t.name.padEnd(70)} ${String(t.passed).padStart(4)} passed ${String(t.failed).padStart(3)} failed  ${t.seconds.toFixed(0).padStart(4)} s`,
    );
  }
  const sum = (k: 'passed' | 'failed' | 'skipped') => tallies.reduce((n, t) => n + t[k], 0);
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `  ${'total (wall clock; two lanes side by side)'.padEnd(70)} ${' '.repeat(23)} ${seconds.toFixed(0).padStart(4)} s`,
  );
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
