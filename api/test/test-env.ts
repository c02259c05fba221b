/** Values the global setup hands to the test workers through process.env. */
export const TEST_ENV = {
  /** Server URL (any database on it) where each test app gets its own throwaway database. */
  dbServerUrl: 'MEDORA_TEST_DB_SERVER_URL',
  /** Prefix of the throwaway database names of this run (dropped at the end). */
  dbPrefix: 'MEDORA_TEST_DB_PREFIX',
  /**
   * Databases migrated once by the global setup (with and without the demo seed): each test app's
   * database is a copy (CREATE DATABASE … TEMPLATE), not 25 migrations run again.
   */
  dbTemplateSeeded: 'MEDORA_TEST_DB_TEMPLATE_SEEDED',
  dbTemplateBare: 'MEDORA_TEST_DB_TEMPLATE_BARE',
  /** The LOGIN role (and its password) every test app serves as: only a member of medora_app. */
  dbApiUser: 'MEDORA_TEST_DB_API_USER',
  dbApiPassword: 'MEDORA_TEST_DB_API_PASSWORD',
} as const;

/** The project the test emulator runs (a demo- project: offline, no credentials). */
export const TEST_PROJECT_ID = 'demo-medora-test';

/**
 * The clock settings a child process must inherit to share the test's clock: the clock guard runs
 * the suites with the wall clock moved (LD_PRELOAD of scripts/clock-shift, MEDORA_CLOCK_OFFSET_MS)
 * and in a chosen TZ. A child started with a curated environment passes these on, so it does not
 * fall back to the real date.
 */
export function clockEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (e): e is [string, string] =>
        e[1] !== undefined && ['LD_PRELOAD', 'TZ', 'MEDORA_CLOCK_OFFSET_MS'].includes(e[0]),
    ),
  );
}
