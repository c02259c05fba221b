import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Playwright cannot download browsers here, so the end-to-end tests use Debian's Chromium. When it is
 * missing and we are root, install it with apt-get; otherwise stop with a clear message.
 */
export function ensureChromium(log: (line: string) => void = console.log): string {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}. Install it with 'sudo apt-get install -y chromium' ` +
        '(or set CHROMIUM_PATH), then run the tests again.',
    );
  }
  log('Chromium is missing: installing Debian’s chromium package with apt-get…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
    stdio: 'inherit',
    env,
  });
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`apt-get finished but ${CHROMIUM_PATH} is still missing.`);
  return CHROMIUM_PATH;
}
