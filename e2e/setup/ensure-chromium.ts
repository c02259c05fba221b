import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian's full Chromium: headed and debugging runs of the end-to-end tests, and the benchmarks. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Debian's headless shell of the same Chromium, what a headless end-to-end run launches: the same
 * engine without the browser's own window, toolbar and omnibox, which a full Chromium in headless
 * mode still builds (with a renderer of its own) for every browser context of a test.
 */
export const HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH || '/usr/bin/chromium-headless-shell';

/**
 * Playwright cannot download browsers here, so the end-to-end tests use Debian's Chromium packages.
 * When one is missing and we are root, install it with apt-get; otherwise stop with a clear message.
 */
function ensureDebianPackage(file: string, pkg: string, log: (line: string) => void): string {
  if (existsSync(file)) return file;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      `${file} is missing. Install it with 'sudo apt-get install -y ${pkg}', then run the tests again.`,
    );
  }
  log(`${file} is missing: installing Debian’s ${pkg} package with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', pkg], { stdio: 'inherit', env });
  if (!existsSync(file)) throw new Error(`apt-get finished but ${file} is still missing.`);
  return file;
}

/** Debian's full Chromium (CHROMIUM_PATH), installed when missing. */
export function ensureChromium(log: (line: string) => void = console.log): string {
  return ensureDebianPackage(CHROMIUM_PATH, 'chromium', log);
}

/** Debian's Chromium headless shell (CHROMIUM_HEADLESS_SHELL_PATH), installed when missing. */
export function ensureHeadlessShell(log: (line: string) => void = console.log): string {
  return ensureDebianPackage(HEADLESS_SHELL_PATH, 'chromium-headless-shell', log);
}
