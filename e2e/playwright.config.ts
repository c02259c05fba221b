import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { BASE_URL, CONTROL_PORT, PORT_OFFSET, STACK_DATA_DIR } from './support/stack';
import { CHROMIUM_PATH, HEADLESS_SHELL_PATH } from './setup/ensure-chromium';

const root = path.resolve(__dirname, '..');

// A headless run launches Chromium's headless shell; a headed or debugging run needs the full browser.
// The runner reads its own arguments and its workers, which load this file again, inherit the choice.
const headed = (arg: string) => arg === '--headed' || arg === '--ui' || arg.startsWith('--debug');
if (process.env.PWDEBUG || process.argv.some(headed)) process.env.E2E_FULL_CHROMIUM = '1';
const executablePath = process.env.E2E_FULL_CHROMIUM ? CHROMIUM_PATH : HEADLESS_SHELL_PATH;

/**
 * End-to-end tests in Debian's Chromium (its headless shell) against the stack exactly as `npm start` runs
 * it (production builds, embedded Postgres, Firebase Auth emulator, gateway), on shifted ports and a
 * throwaway data folder.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  outputDir: './.artifacts/results',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: BASE_URL,
    screenshot: 'only-on-failure',
    // A failed test keeps its trace: the actions and the page's DOM at each. The screencast is left out:
    // encoding it ran through every test, passed or not, for screenshots a failure rarely needs.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // tsx itself, not through npx: npx loads npm first, a second of the start on a busy machine.
    command: `rm -rf "${STACK_DATA_DIR}" && node_modules/.bin/tsx scripts/start.ts`,
    cwd: root,
    url: `${BASE_URL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGINT', timeout: 20_000 },
    env: {
      PORT_OFFSET: String(PORT_OFFSET),
      DATA_DIR: STACK_DATA_DIR,
      MEDORA_CONTROL_PORT: String(CONTROL_PORT),
      LOG_LEVEL: 'warn',
      // Mail is sent by the job worker: a spec waits up to one poll for each mail, half as long here.
      JOBS_POLL_SECONDS: '1',
      CI: 'true',
    },
  },
});
