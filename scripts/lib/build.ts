import { spawn } from 'node:child_process';
import { existsSync, promises as fs, writeFileSync } from 'node:fs';
import path from 'node:path';
import { checkWebBudget } from './web-budget.js';

/** The API's workspace package name. */
export const API_PACKAGE = '@medora/api';

export const FRONTENDS = ['shell', 'mfe-landing', 'mfe-patient', 'mfe-booking', 'mfe-provider'] as const;

interface BuildTask {
  pkg: string;
  /** Folders and files whose changes make this package stale. */
  inputs: string[];
  /** What proves a finished build. */
  output: string;
  /** Appended to the package's build script. */
  args?: string[];
}

/**
 * The compiler options of the tsc-built packages (shared, API) here. `--noCheck`: the same files,
 * emitted without the type check (`npm run typecheck` is that step, as for the webpack builds' ts-loader)
 * in about two thirds of the time. `--incremental false`: the build info (node_modules/.cache/tsc) is
 * `tsc -b`'s, and a build that trusted it emitted nothing into a deleted dist folder.
 */
export const TSC_BUILD_ARGS = ['--noCheck', '--incremental', 'false'];

const SHARED_INPUTS = ['shared/src', 'shared/package.json', 'shared/tsconfig.json'];
const TOOLING_INPUTS = [
  'scripts/lib/webpack-config.ts',
  'scripts/webpack.ts',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.web.json',
];

export function buildTasks(): { shared: BuildTask; rest: BuildTask[] } {
  return {
    shared: {
      pkg: '@medora/shared',
      inputs: SHARED_INPUTS,
      output: 'shared/dist/index.js',
      args: TSC_BUILD_ARGS,
    },
    rest: [
      {
        pkg: API_PACKAGE,
        inputs: [
          'api/src',
          'api/package.json',
          'api/tsconfig.json',
          'api/tsconfig.build.json',
          ...SHARED_INPUTS,
        ],
        output: 'api/dist/main.js',
        args: TSC_BUILD_ARGS,
      },
      ...FRONTENDS.map((pkg) => ({
        pkg,
        inputs: [
          `${pkg}/src`,
          `${pkg}/package.json`,
          `${pkg}/webpack.config.ts`,
          `${pkg}/module-federation.config.ts`,
          ...SHARED_INPUTS,
          ...TOOLING_INPUTS,
        ],
        output: pkg === 'shell' ? `${pkg}/dist/index.html` : `${pkg}/dist/mf-manifest.json`,
      })),
    ],
  };
}

async function newestMtime(root: string, rel: string): Promise<number> {
  const full = path.join(root, rel);
  let stat;
  try {
    stat = await fs.stat(full);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of await fs.readdir(full)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, await newestMtime(root, path.join(rel, entry)));
  }
  return newest;
}

/**
 * Written after each successful build. Build outputs themselves cannot date a build: webpack leaves an
 * unchanged file (mf-manifest.json) untouched, so its mtime would make the package look stale forever.
 */
function stampOf(task: BuildTask): string {
  return path.join(path.dirname(task.output), '.medora-build-stamp');
}

/** A package is stale when its output is missing or older than any of its inputs. */
export async function isStale(root: string, task: BuildTask): Promise<boolean> {
  const out = path.join(root, task.output);
  const stamp = path.join(root, stampOf(task));
  if (!existsSync(out) || !existsSync(stamp)) return true;
  const built = (await fs.stat(stamp)).mtimeMs;
  for (const input of task.inputs) {
    if ((await newestMtime(root, input)) > built) return true;
  }
  return false;
}

function run(root: string, task: BuildTask, log: (line: string) => void): Promise<void> {
  const pkg = task.pkg;
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const extra = task.args?.length ? ['--', ...task.args] : [];
    const child = spawn('npm', ['run', 'build', '--silent', '-w', pkg, ...extra], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => {
      if (code === 0) {
        writeFileSync(path.join(root, stampOf(task)), new Date().toISOString());
        log(`built ${pkg} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        resolve();
      } else {
        reject(new Error(`Build of ${pkg} failed (exit ${code}):\n${output.slice(-4000)}`));
      }
    });
  });
}

/**
 * Builds shared first (everything imports it), then the API and the frontends two at a time (the
 * machine has two cores). With `onlyStale`, packages whose output is newer than their inputs are skipped.
 */
export async function buildAll(
  root: string,
  opts: {
    onlyStale: boolean;
    log: (line: string) => void;
    /** Called once per package as soon as its output is ready (built now, or already up to date). */
    onReady?: (pkg: string) => void;
  },
): Promise<string[]> {
  const { shared, rest } = buildTasks();
  const built: string[] = [];
  const ready = (pkg: string) => opts.onReady?.(pkg);
  if (!opts.onlyStale || (await isStale(root, shared))) {
    await run(root, shared, opts.log);
    built.push(shared.pkg);
  }
  ready(shared.pkg);
  const queue: BuildTask[] = [];
  for (const task of rest) {
    if (!opts.onlyStale || (await isStale(root, task))) queue.push(task);
    else ready(task.pkg);
  }
  const workers = Array.from({ length: Math.min(2, queue.length) }, async () => {
    for (let task = queue.shift(); task; task = queue.shift()) {
      await run(root, task, opts.log);
      built.push(task.pkg);
      ready(task.pkg);
    }
  });
  await Promise.all(workers);
  checkBudgetAfterBuild(root, opts.log);
  return built;
}

/**
 * The per-route JavaScript budget (`web-budget.ts`), on every build that leaves all the frontends
 * built: a route over its budget fails the build, so the growth is seen where it is made.
 */
export function checkBudgetAfterBuild(root: string, log: (line: string) => void): void {
  const graphs = FRONTENDS.map((pkg) => path.join(root, pkg, 'build-stats', 'chunks.json'));
  if (!graphs.every((file) => existsSync(file))) return;
  const report = checkWebBudget(root);
  if (report.over.length) {
    throw new Error(
      `${report.text}\n${report.over.map((r) => r.budget.route).join(', ')} over the JavaScript budget ` +
        '(scripts/lib/web-budget.ts; docs/performance.md says how to see what a route loads)',
    );
  }
  log(report.text);
}

/**
 * Builds `@medora/shared` and the API when they are stale: what runs `api/dist` needs it (`npm run
 * migrate`, the API tests that start the real API process). TypeORM and Nest need the compiler's
 * decorator metadata, so the API cannot run from its sources through tsx.
 */
export async function buildApiIfStale(root: string, log: (line: string) => void): Promise<void> {
  const api = buildTasks().rest.find((task) => task.pkg === API_PACKAGE)!;
  await buildSharedIfStale(root, log);
  if (await isStale(root, api)) await run(root, api, log);
}

/** Builds `@medora/shared` when it is stale, stamped like every build here (isStale). */
export async function buildSharedIfStale(root: string, log: (line: string) => void): Promise<void> {
  const { shared } = buildTasks();
  if (await isStale(root, shared)) await run(root, shared, log);
}
