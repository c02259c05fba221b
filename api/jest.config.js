/**
 * API tests run in jest-light-runner: each worker process imports the test files natively, so the modules
 * they share (NestJS, Fastify, TypeORM, pg, firebase-admin, the app's own) load once per worker, not once
 * per test file in a module registry of its own (docs/performance.md, "The API tests"). The worker loads
 * the TypeScript through test/light-runner/register-ts.mjs (SWC, with the decorator metadata Nest needs).
 * No isolation between the files of one worker: a test that changes process.env or a global puts it back.
 */
export default {
  displayName: 'api',
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts', '**/*.e2e-spec.ts'],
  // Processes rather than threads: a file may change process.env or the working directory.
  runner: 'jest-light-runner/child-process',
  setupFiles: ['<rootDir>/test/light-runner/register-ts.mjs'],
  setupFilesAfterEnv: ['<rootDir>/test/light-runner/jest-extras.mjs'],
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
  // Given to each test and hook by test/light-runner/jest-extras.mjs (the runner applies none).
  testTimeout: 30_000,
};
