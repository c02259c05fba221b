/** Values the global setup hands to the test workers through process.env. */
export const TEST_ENV = {
  /** Server URL (any database on it) where each test app gets its own throwaway database. */
  dbServerUrl: 'MEDORA_TEST_DB_SERVER_URL',
  /** Prefix of the throwaway database names of this run (dropped at the end). */
  dbPrefix: 'MEDORA_TEST_DB_PREFIX',
} as const;

/** The project the test emulator runs (a demo- project: offline, no credentials). */
export const TEST_PROJECT_ID = 'demo-medora-test';
